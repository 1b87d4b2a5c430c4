import { Check, Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export const VENDOR_STATUSES = ['pending', 'active', 'inactive'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/** A partner business in the directory. Integer ids, as the spec's cards and PATCH /vendors/{id}. */
@Entity({ tableName: 'vendors' })
@Index({
  name: 'vendors_created_at_idx',
  expression: 'create index vendors_created_at_idx on vendors (created_at desc, id desc)',
})
@Index({ name: 'vendors_status_category_idx', properties: ['status', 'category'] })
@Check({ name: 'vendors_onboarding_step_check', expression: 'onboarding_step >= 1 and onboarding_step <= 3' })
// The bounds as PostgreSQL prints them back (the schema generator compares the text).
@Check({ name: 'vendors_lat_check', expression: 'lat >= -90::double precision and lat <= 90::double precision' })
@Check({ name: 'vendors_lng_check', expression: 'lng >= -180::double precision and lng <= 180::double precision' })
export class Vendor {
  [OptionalProps]?: 'status' | 'onboardingStep' | 'country' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name: string;

  /** A category id of the vendor taxonomy (vendor-taxonomy.ts). */
  @Property({ type: 'text' })
  category: string;

  @Property({ type: 'text', nullable: true })
  subcategory?: string | null;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ type: 'text', nullable: true })
  address?: string | null;

  @Property({ type: 'text', nullable: true })
  city?: string | null;

  @Property({ type: 'text', nullable: true })
  state?: string | null;

  @Property({ type: 'text', nullable: true })
  zipCode?: string | null;

  @Property({ type: 'text', default: 'United States' })
  country: string = 'United States';

  /** The id of the place the business was picked from (any provider: Google, OSM or local). */
  @Property({ type: 'text', nullable: true })
  googlePlaceId?: string | null;

  @Property({ type: 'text', nullable: true })
  website?: string | null;

  @Property({ type: 'text', nullable: true })
  contactName?: string | null;

  @Property({ type: 'text', nullable: true })
  contactEmail?: string | null;

  @Property({ type: 'text', nullable: true })
  contactPhone?: string | null;

  @Enum({ items: [...VENDOR_STATUSES] })
  status: VendorStatus = 'pending';

  /** The wizard step the admin last saved at (1 to 3); editing reopens there. */
  @Property({ type: 'smallint' })
  onboardingStep: number = 1;

  @Property({ type: 'text', nullable: true })
  notes?: string | null;

  @Property({ type: 'double', nullable: true })
  lat?: number | null;

  @Property({ type: 'double', nullable: true })
  lng?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** The JSON shape of a vendor: its fields plus `location` (the approval flow's name for lat/lng). */
export function vendorView(vendor: Vendor) {
  return {
    id: vendor.id,
    name: vendor.name,
    category: vendor.category,
    subcategory: vendor.subcategory ?? null,
    description: vendor.description ?? null,
    address: vendor.address ?? null,
    city: vendor.city ?? null,
    state: vendor.state ?? null,
    zipCode: vendor.zipCode ?? null,
    country: vendor.country,
    googlePlaceId: vendor.googlePlaceId ?? null,
    website: vendor.website ?? null,
    contactName: vendor.contactName ?? null,
    contactEmail: vendor.contactEmail ?? null,
    contactPhone: vendor.contactPhone ?? null,
    status: vendor.status,
    onboardingStep: vendor.onboardingStep,
    notes: vendor.notes ?? null,
    lat: vendor.lat ?? null,
    lng: vendor.lng ?? null,
    location: vendor.lat != null && vendor.lng != null ? { lat: vendor.lat, lng: vendor.lng } : null,
    createdAt: vendor.createdAt,
    updatedAt: vendor.updatedAt,
  };
}

export type VendorView = ReturnType<typeof vendorView>;
