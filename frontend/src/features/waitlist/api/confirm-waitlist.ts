import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** POST /api/waitlist/confirm's answer: false when the place had been confirmed before. */
export interface ConfirmWaitlistAnswer {
  success: true;
  data: { newlyConfirmed: boolean };
}

export function confirmWaitlist(token: string): Promise<ConfirmWaitlistAnswer> {
  return apiRequest<ConfirmWaitlistAnswer>('POST', '/api/waitlist/confirm', { token });
}

/** Confirms the sign-up a welcome email's link names (idempotent on the server). */
export function useConfirmWaitlist(token: string) {
  return useMutation({ mutationFn: () => confirmWaitlist(token) });
}
