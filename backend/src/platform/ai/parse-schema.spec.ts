import { PARSE_SCHEMA, readEntities } from './parse-schema';

describe('parsed entities as read', () => {
  it('reads a row stored before the fields added since the spec as not stating them', () => {
    expect(
      readEntities({
        mainCategory: 'dining',
        location: 'Paris, France',
        timeline: 'tonight',
        urgency: 'high',
        budget: null,
        preferences: ['terrace'],
      }),
    ).toEqual({
      mainCategory: 'dining',
      location: 'Paris, France',
      timeline: 'tonight',
      urgency: 'high',
      budget: null,
      preferences: ['terrace'],
      partySize: null,
      origin: null,
      destination: null,
      occasion: null,
      dietary: [],
      dates: null,
    });
  });

  it('keeps only what is well formed of a model’s answer', () => {
    const read = readEntities({
      mainCategory: 'yachting',
      partySize: 0,
      origin: '  Geneva ',
      occasion: 'wedding',
      dietary: ['vegan', 7, ''],
      dates: { from: '2026-12-05', to: '2026-12-01' },
    });
    expect(read).toMatchObject({
      mainCategory: 'default',
      urgency: 'medium',
      partySize: null,
      origin: 'Geneva',
      occasion: null,
      dietary: ['vegan'],
      dates: { from: '2026-12-05', to: '2026-12-05' },
    });
    expect(readEntities({ dates: { from: 'next Saturday', to: null } }).dates).toBeNull();
    expect(readEntities({ partySize: 2.5 }).partySize).toBeNull();
  });

  it('asks the model for every field, as strict structured output needs', () => {
    expect([...PARSE_SCHEMA.required].sort()).toEqual(Object.keys(PARSE_SCHEMA.properties).sort());
  });
});
