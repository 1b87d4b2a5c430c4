import type { WaitlistFormValues } from '../api/join-waitlist';

export type WaitlistField = 'email' | 'fullName' | 'phoneNumber' | 'consent';
export type WaitlistErrors = Partial<Record<WaitlistField, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The spec's client-side rules (section 5); the server repeats them with the same messages. */
export function validateWaitlist(values: WaitlistFormValues): WaitlistErrors {
  const errors: WaitlistErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Please enter a valid email address';
  if (!values.consent) errors.consent = 'You must agree to receive updates';
  return errors;
}
