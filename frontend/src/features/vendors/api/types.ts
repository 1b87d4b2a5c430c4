export type VendorStatus = 'pending' | 'active' | 'inactive';

export interface Vendor {
  id: number;
  name: string;
  category: string;
  subcategory: string | null;
  description: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string;
  googlePlaceId: string | null;
  website: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  status: VendorStatus;
  onboardingStep: number;
  notes: string | null;
  lat: number | null;
  lng: number | null;
  location: { lat: number; lng: number } | null;
  createdAt: string;
  updatedAt: string;
}

export type ApplicationStatus = 'pending' | 'approved' | 'rejected';

export interface VendorApplication {
  id: number;
  name: string;
  contactName: string;
  contactTitle: string | null;
  email: string;
  phone: string;
  description: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  website: string | null;
  categories: string[];
  placeId: string | null;
  location: { lat: number; lng: number } | null;
  additionalInfo: string | null;
  status: ApplicationStatus;
  adminNotes: string | null;
  vendorId: number | null;
  createdAt: string;
}

export interface TaxonomyEntry {
  id: string;
  name: string;
  description: string;
}

export interface TaxonomyCategory extends TaxonomyEntry {
  subcategories: TaxonomyEntry[];
}

export interface VendorTaxonomy {
  categories: TaxonomyCategory[];
  applicationCategories: Array<{ value: string; label: string }>;
}

export interface PlacePrediction {
  place_id: string;
  description: string;
  structured_formatting: { main_text: string; secondary_text: string };
  types: string[];
}

export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface PlaceDetails {
  name: string;
  formatted_address: string;
  website?: string;
  international_phone_number?: string;
  address_components: AddressComponent[];
  geometry?: { location: { lat: number; lng: number } };
}
