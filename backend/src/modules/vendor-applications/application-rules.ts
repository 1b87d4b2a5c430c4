/**
 * The public application form's rules (spec section 5), shared wording with the browser form
 * (frontend/src/features/vendors/components/application-rules.ts keeps the same texts).
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
  terms: 'You must accept the terms and conditions',
} as const;

/**
 * A website address: http(s) with a host that has a dot (or localhost). The scheme may be left
 * out ('www.example.com'), as people type it; normalizeWebsite adds https://.
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
