import { isValidEmail } from './email';

/**
 * The public vendor application form's rules (spec, section 5): the messages word for word, keyed
 * by the API's field names, and the minimum lengths. The api's SubmitApplicationDto and the
 * browser's form both read them.
 */
export const APPLICATION_MESSAGES = {
  name: 'Business name must be at least 2 characters',
  contactName: 'Contact name must be at least 2 characters',
  description: 'Description must be at least 20 characters',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  address: 'Address must be at least 5 characters',
  city: 'City must be at least 2 characters',
  state: 'State must be at least 2 characters',
  zipCode: 'ZIP code must be at least 5 characters',
  website: 'Please enter a valid URL',
  categories: 'Please select at least one category',
  termsAccepted: 'You must accept the terms and conditions',
} as const;

export const APPLICATION_MIN_LENGTH = {
  name: 2,
  contactName: 2,
  phone: 10,
  description: 20,
  address: 5,
  city: 2,
  state: 2,
  zipCode: 5,
} as const;

export type ApplicationField = keyof typeof APPLICATION_MESSAGES;

export interface ApplicationForm {
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
  termsAccepted: boolean;
}

/**
 * A website address: http(s) with a host that has a dot (or localhost). The scheme may be left
 * out ('www.example.com'), as people type it; normalizeWebsite adds https://. Empty is fine.
 */
export function isValidWebsite(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  if (/\s/.test(text)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(url.hostname) || url.hostname === 'localhost';
  } catch {
    return false;
  }
}

export function normalizeWebsite(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

const atLeast = (value: string, n: number) => value.trim().length >= n;

/** Every failing field with its message; empty when the form may be sent. */
export function validateApplication(form: ApplicationForm): Partial<Record<ApplicationField, string>> {
  const errors: Partial<Record<ApplicationField, string>> = {};
  const M = APPLICATION_MESSAGES;
  const min = APPLICATION_MIN_LENGTH;
  if (!atLeast(form.name, min.name)) errors.name = M.name;
  if (!atLeast(form.contactName, min.contactName)) errors.contactName = M.contactName;
  if (!isValidEmail(form.email.trim())) errors.email = M.email;
  if (!atLeast(form.phone, min.phone)) errors.phone = M.phone;
  if (!isValidWebsite(form.website)) errors.website = M.website;
  if (!atLeast(form.description, min.description)) errors.description = M.description;
  if (form.categories.length === 0) errors.categories = M.categories;
  if (!atLeast(form.address, min.address)) errors.address = M.address;
  if (!atLeast(form.city, min.city)) errors.city = M.city;
  if (!atLeast(form.state, min.state)) errors.state = M.state;
  if (!atLeast(form.zipCode, min.zipCode)) errors.zipCode = M.zipCode;
  if (!form.termsAccepted) errors.termsAccepted = M.termsAccepted;
  return errors;
}
