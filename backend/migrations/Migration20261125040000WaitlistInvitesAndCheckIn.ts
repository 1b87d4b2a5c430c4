import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 20, sections 1 and 5.
 *
 * - One invitation per email per event, backed by a unique index. Duplicates made before it
 *   (the form allowed them) are kept, marked `legacy_duplicate`, and left out of the index.
 * - A hard SMTP refusal of the recipient is recorded as a bounce on its delivery.
 * - Each RSVP gets a random pass id (the signed token on its QR pass names it, never the RSVP's id),
 *   and a party's arrival at the door is one row per RSVP: the primary key makes two devices
 *   scanning one pass at once record one check-in.
 */
export class Migration20261125040000WaitlistInvitesAndCheckIn extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table invitations add column legacy_duplicate boolean not null default false`);
    this.addSql(`
      update invitations i set legacy_duplicate = true
       where exists (select 1 from invitations o
                      where o.event_id = i.event_id and lower(o.recipient_email) = lower(i.recipient_email)
                        and o.id < i.id)`);
    this.addSql(`
      create unique index invitations_event_email_unique on invitations (event_id, lower(recipient_email))
       where not legacy_duplicate`);

    this.addSql(`alter table email_deliveries add column bounced boolean not null default false`);

    // gen_random_uuid() draws from PostgreSQL's strong random source: 122 random bits.
    this.addSql(`alter table rsvps add column pass_id text not null default replace(gen_random_uuid()::text, '-', '')`);
    this.addSql(`create unique index rsvps_pass_id_unique on rsvps (pass_id)`);

    this.addSql(`
      create table rsvp_check_ins (
        rsvp_id uuid primary key references rsvps (id) on delete cascade,
        event_id integer not null references events (id) on delete cascade,
        arrived integer not null check (arrived > 0),
        checked_in_at timestamptz not null,
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index rsvp_check_ins_event_idx on rsvp_check_ins (event_id)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table rsvp_check_ins`);
    this.addSql(`drop index rsvps_pass_id_unique`);
    this.addSql(`alter table rsvps drop column pass_id`);
    this.addSql(`alter table email_deliveries drop column bounced`);
    this.addSql(`drop index invitations_event_email_unique`);
    this.addSql(`alter table invitations drop column legacy_duplicate`);
  }
}
