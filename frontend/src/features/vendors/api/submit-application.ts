import { apiRequest } from '../../../api/client';

export interface ApplicationPayload {
  name: string;
  contactName: string;
  email: string;
  phone: string;
  website: string;
  description: string;
  categories: string[];
  address: string;
  city: string;
  state: string;
  zipCode: string;
  placeId: string | null;
  location: { lat: number; lng: number } | null;
  termsAccepted: boolean;
  bot_check: string;
}

/** POST /api/vendor-applications (public). Throws ApiError with per-field messages on 400. */
export function submitApplication(payload: ApplicationPayload): Promise<{ success: true }> {
  return apiRequest<{ success: true }>('POST', '/api/vendor-applications', payload);
}
