import type { ApplicationForm } from '@maison/shared';
import { apiRequest } from '../../../api/client';

/** The form as the shared rules check it, with the chosen place and the bots' honeypot. */
export type ApplicationPayload = ApplicationForm & {
  placeId: string | null;
  location: { lat: number; lng: number } | null;
  bot_check: string;
};

/** POST /api/vendor-applications (public). Throws ApiError with per-field messages on 400. */
export function submitApplication(payload: ApplicationPayload): Promise<{ success: true }> {
  return apiRequest<{ success: true }>('POST', '/api/vendor-applications', payload);
}
