import { Check, Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** A business asking to become a partner vendor, sent from the public form. */
@Entity({ tableName: 'vendor_applications' })
@Index({
  name: 'vendor_applications_created_at_idx',
  expression: 'create index vendor_applications_created_at_idx on vendor_applications (created_at desc, id desc)',
})
@Check({ name: 'vendor_applications_categories_check', expression: 'cardinality(categories) >= 1' })
// The bounds as PostgreSQL prints them back (the schema generator compares the text).
@Check({
  name: 'vendor_applications_lat_check',
  expression: 'lat >= -90::double precision and lat <= 90::double precision',
})
@Check({
  name: 'vendor_applications_lng_check',
  expression: 'lng >= -180::double precision and lng <= 180::double precision',
})
export class VendorApplication {
  [OptionalProps]?: 'status' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The business name. */
  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'text' })
  contactName: string;

  @Property({ type: 'text', nullable: true })
  contactTitle?: string | null;

  @Property({ type: 'text' })
  email: string;

  @Property({ type: 'text' })
  phone: string;

  @Property({ type: 'text' })
  description: string;

  @Property({ type: 'text' })
  address: string;

  @Property({ type: 'text' })
  city: string;

  @Property({ type: 'text' })
  state: string;

  @Property({ type: 'text' })
  zipCode: string;

  @Property({ type: 'text', nullable: true })
  website?: string | null;

  /** Values of APPLICATION_CATEGORIES, in the order ticked. */
  @Property({ type: 'text[]', columnType: 'text[]' })
  categories: string[];

  @Property({ type: 'text', nullable: true })
  placeId?: string | null;

  @Property({ type: 'double', nullable: true })
  lat?: number | null;

  @Property({ type: 'double', nullable: true })
  lng?: number | null;

  @Property({ type: 'text', nullable: true })
  additionalInfo?: string | null;

  @Enum({ items: [...APPLICATION_STATUSES] })
  status: ApplicationStatus = 'pending';

  @Property({ type: 'text', nullable: true })
  adminNotes?: string | null;

  /** The vendor filed when the application was approved. */
  @Property({ type: 'integer', nullable: true, unique: 'vendor_applications_vendor_id_key' })
  vendorId?: number | null;

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

export function applicationView(application: VendorApplication) {
  return {
    id: application.id,
    name: application.name,
    contactName: application.contactName,
    contactTitle: application.contactTitle ?? null,
    email: application.email,
    phone: application.phone,
    description: application.description,
    address: application.address,
    city: application.city,
    state: application.state,
    zipCode: application.zipCode,
    website: application.website ?? null,
    categories: application.categories,
    placeId: application.placeId ?? null,
    location:
      application.lat != null && application.lng != null ? { lat: application.lat, lng: application.lng } : null,
    additionalInfo: application.additionalInfo ?? null,
    status: application.status,
    adminNotes: application.adminNotes ?? null,
    vendorId: application.vendorId ?? null,
    decidedAt: application.decidedAt ?? null,
    createdAt: application.createdAt,
  };
}

export type ApplicationView = ReturnType<typeof applicationView>;
