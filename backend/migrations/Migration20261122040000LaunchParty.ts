import { Migration } from '@mikro-orm/migrations';

export class Migration20261122040000LaunchParty extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table events (
        id serial primary key,
        name text not null,
        description text not null,
        event_type text not null default 'launch_party'
          check (event_type in ('launch_party', 'gala', 'exhibition', 'dinner', 'conference')),
        date date not null,
        start_time text not null,
        end_time text not null,
        venue text not null,
        venue_address text not null,
        city text not null,
        state text not null,
        country text not null,
        zip_code text not null,
        capacity integer not null check (capacity >= 1),
        ticket_price numeric(12,2) not null default 0 check (ticket_price >= 0),
        currency text not null default 'USD' check (currency in ('USD', 'EUR', 'GBP', 'JPY', 'CHF')),
        is_private boolean not null default true,
        dresscode text null,
        image_url text null,
        organizer text not null,
        organizer_contact text not null,
        status text not null default 'draft' check (status in ('draft', 'published', 'completed', 'cancelled')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index events_date_idx on events (date desc, id desc);`);
    this.addSql(`
      create table invitations (
        id serial primary key,
        event_id integer not null references events (id) on delete cascade,
        recipient_name text not null,
        recipient_email text not null,
        recipient_phone text null,
        max_guests integer not null default 1 check (max_guests >= 1),
        special_notes text null,
        status text not null default 'pending'
          check (status in ('pending', 'sent', 'accepted', 'declined', 'cancelled')),
        sent_at timestamptz null,
        invitation_code text not null unique,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index invitations_event_idx on invitations (event_id, created_at desc);`);
    this.addSql(`
      create table rsvps (
        id uuid primary key,
        invitation_id integer not null unique references invitations (id) on delete cascade,
        event_id integer not null references events (id) on delete cascade,
        status text not null check (status in ('attending', 'not_attending', 'pending')),
        guest_count integer not null default 0 check (guest_count >= 0),
        guest_names jsonb not null default '[]',
        dietary_restrictions text null,
        special_requests text null,
        hold_expires_at timestamptz null,
        responded_at timestamptz not null default now(),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index rsvps_event_seats_idx on rsvps (event_id, status);`);
    this.addSql(`
      create table invitation_send_batches (
        id uuid primary key,
        event_id integer not null references events (id) on delete cascade,
        invitation_ids integer[] not null,
        created_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists invitation_send_batches;');
    this.addSql('drop table if exists rsvps;');
    this.addSql('drop table if exists invitations;');
    this.addSql('drop table if exists events;');
  }
}
