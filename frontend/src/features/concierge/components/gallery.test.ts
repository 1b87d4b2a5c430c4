import { galleryCategory, galleryCount, SAMPLE_REQUEST, splitClosing, type ParsedRequest } from './gallery';

const request = (overrides: Partial<ParsedRequest>): ParsedRequest => ({
  mainCategory: 'default',
  location: null,
  timeline: null,
  urgency: 'medium',
  budget: null,
  preferences: [],
  ...overrides,
});

describe('the widget gallery’s category', () => {
  it('follows the spec’s keyword rules', () => {
    expect(galleryCategory(request({ mainCategory: 'travel' }))).toBe('travel');
    expect(galleryCategory(request({ mainCategory: 'transportation' }))).toBe('travel');
    expect(galleryCategory(request({ mainCategory: 'dining' }))).toBe('dining');
    expect(galleryCategory(request({ mainCategory: 'food and wine' }))).toBe('dining');
    expect(galleryCategory(request({ mainCategory: 'events' }))).toBe('event');
    expect(galleryCategory(request({ mainCategory: 'property' }))).toBe('property');
    expect(galleryCategory(request({ mainCategory: 'real estate' }))).toBe('property');
    expect(galleryCategory(request({ mainCategory: 'wellness' }))).toBe('default');
  });

  it('shows yachts for preferences of yacht, boat or sail, and for travel on the Riviera', () => {
    expect(galleryCategory(request({ mainCategory: 'events', preferences: ['sailing'] }))).toBe('yacht');
    expect(galleryCategory(request({ mainCategory: 'dining', preferences: ['a boat', 'chef'] }))).toBe('yacht');
    expect(galleryCategory(request({ mainCategory: 'travel', location: 'Cannes, France' }))).toBe('yacht');
    expect(galleryCategory(request({ mainCategory: 'travel', location: 'French Riviera' }))).toBe('yacht');
    expect(galleryCategory(request({ mainCategory: 'dining', location: 'Monaco' }))).toBe('dining');
    expect(galleryCategory(request({ mainCategory: 'travel', location: 'Paris, France' }))).toBe('travel');
  });

  it('uses the spec’s sample request until one is parsed: yachts, 2 pictures; 1 for default', () => {
    expect(galleryCategory(SAMPLE_REQUEST)).toBe('yacht');
    expect(galleryCount('yacht')).toBe(2);
    expect(galleryCount('default')).toBe(1);
  });
});

describe('where the gallery goes in a reply', () => {
  it('goes before a closing polite paragraph', () => {
    const reply = 'A table for two at eight.\n\nThe sommelier is briefed.\n\nDo let me know if you need anything else.';
    expect(splitClosing(reply)).toEqual({
      body: 'A table for two at eight.\n\nThe sommelier is briefed.',
      closing: 'Do let me know if you need anything else.',
    });
  });

  it('keeps a sign-off with the polite line above it', () => {
    const reply = '### Dining in Monaco\n\nOptions follow.\n\nWarm regards,\n\n*Maison Fortuna Concierge*';
    expect(splitClosing(reply)).toEqual({
      body: '### Dining in Monaco\n\nOptions follow.',
      closing: 'Warm regards,\n\n*Maison Fortuna Concierge*',
    });
  });

  it('goes at the end when the last paragraph is not a polite closing', () => {
    expect(splitClosing('Your villa is held.\n\nShall I confirm it?')).toEqual({
      body: 'Your villa is held.\n\nShall I confirm it?',
      closing: '',
    });
    expect(splitClosing('Feel free to ask.')).toEqual({ body: 'Feel free to ask.', closing: '' });
    expect(splitClosing('The options.\n\n*Maison Fortuna Concierge*')).toEqual({
      body: 'The options.\n\n*Maison Fortuna Concierge*',
      closing: '',
    });
  });
});
