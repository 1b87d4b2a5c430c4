import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 20, section 3: a waiting list for a full event.
 *
 * - Each event has an offer window: how long a seat freed for the next guest in line is held for
 *   them (24 hours unless the administrator says otherwise).
 * - A guest in line is one row per turn: `seq` orders the line (first come, first served). A
 *   guest has at most one live turn (waiting or offered) per invitation, enforced by a partial
 *   unique index; past turns (claimed, expired, declined, left, cancelled) stay as history.
 *   The seats of an offer are held by the guest's RSVP (status pending, hold_expires_at), the
 *   same hold the seat ledger counts for payments; the offer's row says until when.
 */
export class Migration20261126030000WaitingList extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table events add column offer_window_hours integer not null default 24
         check (offer_window_hours between 1 and 720)`,
    );
    this.addSql(`
      create table waiting_list_entries (
        id uuid primary key,
        seq bigserial not null unique,
        event_id integer not null references events (id) on delete cascade,
        invitation_id integer not null references invitations (id) on delete cascade,
        guest_count integer not null check (guest_count > 0),
        guest_names jsonb not null default '[]',
        dietary_restrictions text null,
        special_requests text null,
        status text not null check (status in ('waiting', 'offered', 'claimed', 'expired', 'declined', 'left', 'cancelled')),
        rsvp_id uuid null references rsvps (id) on delete set null,
        offered_at timestamptz null,
        offer_expires_at timestamptz null,
        closed_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(
      `create unique index waiting_list_entries_live_unique on waiting_list_entries (invitation_id)
        where status in ('waiting', 'offered')`,
    );
    this.addSql(`create index waiting_list_entries_event_idx on waiting_list_entries (event_id, status, seq)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table waiting_list_entries`);
    this.addSql(`alter table events drop column offer_window_hours`);
  }
}
