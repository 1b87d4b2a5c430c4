import { schema, t } from '../../common/api-schema';
import { VENDOR_STATUSES } from './vendor.entity';

/** The answer shapes of the vendors routes, for the OpenAPI document (vendorView in vendor.entity.ts). */

export const LAT_LNG = schema('LatLng', t.object({ lat: t.number(), lng: t.number() }));

export const VENDOR_VIEW = schema(
  'VendorView',
  t.object({
    id: t.integer(),
    name: t.string(),
    category: t.string(),
    subcategory: t.nullable(t.string()),
    description: t.nullable(t.string()),
    address: t.nullable(t.string()),
    city: t.nullable(t.string()),
    state: t.nullable(t.string()),
    zipCode: t.nullable(t.string()),
    country: t.string(),
    googlePlaceId: t.nullable(t.string()),
    website: t.nullable(t.string()),
    contactName: t.nullable(t.string()),
    contactEmail: t.nullable(t.string()),
    contactPhone: t.nullable(t.string()),
    status: t.oneOf(VENDOR_STATUSES),
    onboardingStep: t.integer(),
    notes: t.nullable(t.string()),
    lat: t.nullable(t.number()),
    lng: t.nullable(t.number()),
    location: t.nullable(LAT_LNG),
    createdAt: t.dateTime(),
    updatedAt: t.dateTime(),
  }),
);

const TAXONOMY_ENTRY = { id: t.string(), name: t.string(), description: t.string() };

export const VENDOR_TAXONOMY_SCHEMA = schema(
  'VendorTaxonomy',
  t.object({
    categories: t.array(
      schema('TaxonomyCategory', t.object({ ...TAXONOMY_ENTRY, subcategories: t.array(t.object(TAXONOMY_ENTRY)) })),
    ),
    applicationCategories: t.array(t.object({ value: t.string(), label: t.string() })),
  }),
);
