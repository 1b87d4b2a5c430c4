import { isValidEmail } from './email';

/** The waitlist form's rules (spec, section 5), as the form and POST /api/waitlist both apply them. */
export const WAITLIST_MESSAGES = {
  emailRequired: 'Email is required',
  email: 'Please enter a valid email address',
  consent: 'You must agree to receive updates',
} as const;

export type WaitlistField = 'email' | 'fullName' | 'phoneNumber' | 'consent';
export type WaitlistErrors = Partial<Record<WaitlistField, string>>;

/** The email and consent checks; the server adds its limits on the optional fields. */
export function validateWaitlist(values: { email: string; consent: boolean }): WaitlistErrors {
  const errors: WaitlistErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = WAITLIST_MESSAGES.emailRequired;
  else if (!isValidEmail(email)) errors.email = WAITLIST_MESSAGES.email;
  if (values.consent !== true) errors.consent = WAITLIST_MESSAGES.consent;
  return errors;
}

export { isValidEmail };
