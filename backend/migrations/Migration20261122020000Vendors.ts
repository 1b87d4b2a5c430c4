import { Migration } from '@mikro-orm/migrations';

export class Migration20261122020000Vendors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table vendors (
        id serial primary key,
        name text not null,
        category text not null,
        subcategory text null,
        description text null,
        address text null,
        city text null,
        state text null,
        zip_code text null,
        country text not null default 'United States',
        google_place_id text null,
        website text null,
        contact_name text null,
        contact_email text null,
        contact_phone text null,
        status text not null default 'pending' check (status in ('pending', 'active', 'inactive')),
        onboarding_step smallint not null default 1 check (onboarding_step between 1 and 3),
        notes text null,
        lat double precision null check (lat between -90 and 90),
        lng double precision null check (lng between -180 and 180),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index vendors_created_at_idx on vendors (created_at desc, id desc);`);
    this.addSql(`create index vendors_status_category_idx on vendors (status, category);`);
    this.addSql(`
      create table vendor_applications (
        id serial primary key,
        name text not null,
        contact_name text not null,
        contact_title text null,
        email text not null,
        phone text not null,
        description text not null,
        address text not null,
        city text not null,
        state text not null,
        zip_code text not null,
        website text null,
        categories text[] not null check (cardinality(categories) >= 1),
        place_id text null,
        lat double precision null check (lat between -90 and 90),
        lng double precision null check (lng between -180 and 180),
        additional_info text null,
        status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
        admin_notes text null,
        vendor_id integer null unique references vendors (id) on delete set null,
        decided_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index vendor_applications_created_at_idx on vendor_applications (created_at desc, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists vendor_applications;');
    this.addSql('drop table if exists vendors;');
  }
}
