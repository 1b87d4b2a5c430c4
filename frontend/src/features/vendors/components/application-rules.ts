/**
 * The public application form's rules (spec section 5), identical to the server's
 * (backend/src/modules/vendor-applications/application-rules.ts and its DTO).
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

/** Website: http(s) with a dotted host; the scheme may be omitted ('www.example.com'). Empty is fine. */
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

// The same check as class-validator's IsEmail in spirit: local part, @, dotted domain with a TLD.
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i;

const atLeast = (value: string, n: number) => value.trim().length >= n;

/** Every failing field with its message; empty when the form may be sent. */
export function validateApplication(form: ApplicationForm): Partial<Record<ApplicationField, string>> {
  const errors: Partial<Record<ApplicationField, string>> = {};
  const M = APPLICATION_MESSAGES;
  if (!atLeast(form.name, 2)) errors.name = M.name;
  if (!atLeast(form.contactName, 2)) errors.contactName = M.contactName;
  if (!EMAIL.test(form.email.trim())) errors.email = M.email;
  if (!atLeast(form.phone, 10)) errors.phone = M.phone;
  if (!isValidWebsite(form.website)) errors.website = M.website;
  if (!atLeast(form.description, 20)) errors.description = M.description;
  if (form.categories.length === 0) errors.categories = M.categories;
  if (!atLeast(form.address, 5)) errors.address = M.address;
  if (!atLeast(form.city, 2)) errors.city = M.city;
  if (!atLeast(form.state, 2)) errors.state = M.state;
  if (!atLeast(form.zipCode, 5)) errors.zipCode = M.zipCode;
  if (!form.termsAccepted) errors.termsAccepted = M.termsAccepted;
  return errors;
}
