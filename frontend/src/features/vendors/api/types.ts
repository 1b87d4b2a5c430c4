import type { ApiSchema } from '../../../api/types';

/** The vendors' API shapes, from the generated contract (src/api/schema.gen.ts). */
export type Vendor = ApiSchema<'VendorView'>;
export type VendorStatus = Vendor['status'];
export type VendorApplication = ApiSchema<'VendorApplication'>;
export type ApplicationStatus = VendorApplication['status'];
export type TaxonomyCategory = ApiSchema<'TaxonomyCategory'>;
export type TaxonomyEntry = TaxonomyCategory['subcategories'][number];
export type PlacePrediction = ApiSchema<'PlacePrediction'>;
export type PlaceDetails = ApiSchema<'PlaceDetails'>;
