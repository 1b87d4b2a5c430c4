import { describe, expect, it } from 'vitest';
import { isValidWebsite, validateApplication, type ApplicationForm } from '@maison/shared';

const valid: ApplicationForm = {
  name: 'Maison Lumière',
  contactName: 'Élise Martin',
  email: 'elise@maisonlumiere.example',
  phone: '+1 305 555 0199',
  website: '',
  description: 'Private dining and event space overlooking the bay.',
  categories: ['restaurant'],
  address: '1200 Brickell Bay Drive',
  city: 'Miami',
  state: 'FL',
  zipCode: '33131',
  termsAccepted: true,
};

describe('public application rules', () => {
  it('accepts a complete form', () => {
    expect(validateApplication(valid)).toEqual({});
  });

  it.each([
    [{ name: 'M' }, 'name', 'Business name must be at least 2 characters'],
    [{ contactName: ' E ' }, 'contactName', 'Contact name must be at least 2 characters'],
    [{ description: 'Too short.' }, 'description', 'Description must be at least 20 characters'],
    [{ email: 'elise@' }, 'email', 'Please enter a valid email address'],
    [{ phone: '555 0199' }, 'phone', 'Please enter a valid phone number'],
    [{ address: '12 B' }, 'address', 'Address must be at least 5 characters'],
    [{ city: 'M' }, 'city', 'City must be at least 2 characters'],
    [{ state: 'F' }, 'state', 'State must be at least 2 characters'],
    [{ zipCode: '3313' }, 'zipCode', 'ZIP code must be at least 5 characters'],
    [{ website: 'not a url' }, 'website', 'Please enter a valid URL'],
    [{ categories: [] }, 'categories', 'Please select at least one category'],
    [{ termsAccepted: false }, 'termsAccepted', 'You must accept the terms and conditions'],
  ])('%j: %s "%s"', (change, field, message) => {
    expect(validateApplication({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it('takes a website with or without scheme, but only http(s)', () => {
    expect(isValidWebsite('www.example.com')).toBe(true);
    expect(isValidWebsite('https://example.com/about')).toBe(true);
    expect(isValidWebsite('ftp://example.com')).toBe(false);
    expect(isValidWebsite('example')).toBe(false);
  });
});
