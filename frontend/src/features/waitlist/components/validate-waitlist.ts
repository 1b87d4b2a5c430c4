import isEmail from 'validator/es/lib/isEmail';
import type { WaitlistFormValues } from '../api/join-waitlist';

export type WaitlistField = 'email' | 'fullName' | 'phoneNumber' | 'consent';
export type WaitlistErrors = Partial<Record<WaitlistField, string>>;

/**
 * The spec's client-side rules (section 5); the server repeats them with the same messages. The
 * email check is the server's own (class-validator's IsEmail is validator's isEmail with its
 * defaults), so the form never accepts an address the server refuses, nor the other way round.
 */
export function validateWaitlist(values: WaitlistFormValues): WaitlistErrors {
  const errors: WaitlistErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (!isEmail(email)) errors.email = 'Please enter a valid email address';
  if (!values.consent) errors.consent = 'You must agree to receive updates';
  return errors;
}
