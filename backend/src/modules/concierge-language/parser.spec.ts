import { asksForPerson, parseRequest, toEntities } from './parser';
import type { ParsedEntities } from '../../platform/ai/types';

/** The spec's six fields; the fields added since are measured in requests-table.spec.ts. */
type SpecFields = Pick<ParsedEntities, 'mainCategory' | 'location' | 'timeline' | 'urgency' | 'budget' | 'preferences'>;
type Row = [string, SpecFields];
const e = (
  mainCategory: ParsedEntities['mainCategory'],
  location: string | null,
  timeline: string | null,
  urgency: ParsedEntities['urgency'],
  budget: string | null,
  preferences: string[],
): SpecFields => ({ mainCategory, location, timeline, urgency, budget, preferences });

const table: Row[] = [
  [
    'I want a trip to Montreal the first week of June with a yacht, catering and entertainment, premium luxury please',
    e('travel', 'Montreal, Canada', 'first week of June', 'medium', 'premium luxury', [
      'yacht',
      'catering',
      'entertainment',
    ]),
  ],
  [
    'Book me a table for two at a Michelin restaurant in Paris tonight',
    e('dining', 'Paris, France', 'tonight', 'high', null, ['michelin']),
  ],
  [
    'We need a villa in Mykonos next weekend with a private chef, budget $50,000',
    e('property', 'Mykonos, Greece', 'next weekend', 'medium', '$50,000', ['chef', 'villa']),
  ],
  [
    'Charter a yacht in Monaco for the Grand Prix, no limit on budget',
    e('events', 'Monaco', 'Monaco Grand Prix', 'medium', 'no limit', ['yacht']),
  ],
  [
    'Can you arrange a helicopter transfer from Nice airport to Monaco tomorrow morning?',
    e('transportation', 'Nice, France', 'tomorrow morning', 'high', null, ['helicopter']),
  ],
  [
    'Looking for a ski chalet in Courchevel over Christmas, ski-in ski-out, with a butler',
    e('property', 'Courchevel, France', 'Christmas', 'medium', null, ['chalet', 'butler', 'ski-in ski-out']),
  ],
  [
    'A spa weekend in St. Moritz this weekend, massages and yoga',
    e('wellness', 'St. Moritz, Switzerland', 'this weekend', 'medium', null, ['spa', 'massage', 'yoga']),
  ],
  [
    'I need a private jet from London to Dubai ASAP',
    e('transportation', 'London, United Kingdom', 'as soon as possible', 'high', null, ['private jet']),
  ],
  [
    'Organise a birthday party in Ibiza on July 14 for 40 guests with a DJ and catering',
    e('events', 'Ibiza, Spain', 'July 14', 'medium', null, ['catering', 'entertainment']),
  ],
  [
    'Find me a personal shopper in Milan during fashion week, around €20k',
    e('fashion', 'Milan, Italy', null, 'medium', 'around €20,000', ['personal shopper']),
  ],
  [
    'Private viewing at an art gallery in New York next week, I collect contemporary paintings',
    e('art', 'New York, United States', 'next week', 'medium', null, ['privacy']),
  ],
  [
    'Honeymoon in the Maldives in December, overwater villa, no rush',
    e('travel', 'Maldives', 'December', 'low', null, ['villa', 'romantic']),
  ],
  [
    'Rent a penthouse in Miami for a month starting next month with an ocean view',
    e('property', 'Miami, United States', 'next month', 'medium', null, ['penthouse', 'sea view']),
  ],
  [
    'Dinner with wine pairing and a sommelier in Florence on Friday',
    e('dining', 'Florence, Italy', 'Friday', 'medium', null, ['sommelier']),
  ],
  [
    'Chauffeur and a Rolls-Royce in Geneva tomorrow',
    e('transportation', 'Geneva, Switzerland', 'tomorrow', 'high', null, ['chauffeur', 'supercar']),
  ],
  [
    'Tickets to Wimbledon final, VIP access, money is no object',
    e('events', 'London, United Kingdom', null, 'medium', 'no limit', ['vip access']),
  ],
  [
    'A detox retreat in Bali next month, vegan food, budget 10,000 dollars',
    e('wellness', 'Bali, Indonesia', 'next month', 'medium', '$10,000', ['vegan']),
  ],
  [
    'Bespoke suit from a Savile Row tailor in London next week',
    e('fashion', 'London, United Kingdom', 'next week', 'medium', null, ['tailoring']),
  ],
  [
    'Anniversary dinner in Santorini at sunset on 12th of September, something romantic',
    e('dining', 'Santorini, Greece', 'September 12', 'medium', null, ['romantic']),
  ],
  [
    'Safari in Kenya, family with kids, sometime next year',
    e('travel', 'Kenya', 'next year', 'low', null, ['family friendly']),
  ],
  ['Hello there!', e('default', null, null, 'medium', null, [])],
  [
    'Get me into Art Basel Miami Beach VIP preview',
    e('art', 'Miami, United States', 'Art Basel Miami Beach', 'medium', null, ['vip access']),
  ],
  [
    'Urgent: need security and a bodyguard in Cannes for the film festival',
    e('events', 'Cannes, France', 'Cannes Film Festival', 'high', null, ['security']),
  ],
  [
    'A villa on Lake Como for the second week of August with a pool, up to €15,000 per night',
    e('property', 'Lake Como, Italy', 'second week of August', 'medium', 'up to €15,000 per night', ['villa', 'pool']),
  ],
  [
    'Omakase sushi in Tokyo on 2026-04-03 for six',
    e('dining', 'Tokyo, Japan', '2026-04-03', 'medium', null, ['tasting menu']),
  ],
  [
    'Supercar rental in Dubai, a Lamborghini this Saturday',
    e('transportation', 'Dubai, United Arab Emirates', 'this Saturday', 'medium', null, ['supercar']),
  ],
  [
    'Plan a wedding in Tuscany next summer with fireworks and a string quartet',
    e('events', 'Tuscany, Italy', 'next summer', 'low', null, ['entertainment', 'fireworks']),
  ],
  [
    'Book a tee time and a spa day in Marbella on Sunday',
    e('wellness', 'Marbella, Spain', 'Sunday', 'medium', null, ['spa', 'golf']),
  ],
  [
    'Diamond earrings as a gift, delivered in Singapore tomorrow',
    e('fashion', 'Singapore', 'tomorrow', 'high', null, ['jewelry']),
  ],
  [
    'Catamaran trip around the Greek Islands in late June, diving and snorkeling',
    e('travel', 'Greek Islands, Greece', 'late June', 'medium', null, ['yacht', 'diving']),
  ],
  [
    "Chalet in Aspen for New Year's Eve with a nanny and a private chef, £1.5m budget for the season",
    e('property', 'Aspen, United States', "New Year's Eve", 'medium', '£1,500,000', ['chef', 'chalet', 'nanny']),
  ],
  ['Can you help me with something in Lisbon?', e('concierge', 'Lisbon, Portugal', null, 'medium', null, [])],
  [
    "Sotheby's auction in Hong Kong in two weeks, I would like an art advisor",
    e('art', 'Hong Kong', 'in two weeks', 'medium', null, ['art advisory']),
  ],
  [
    'Rooftop bar and dinner in Barcelona this evening, gluten-free please',
    e('dining', 'Barcelona, Spain', 'tonight', 'high', null, ['rooftop', 'gluten free']),
  ],
  [
    'A beachfront villa in St. Barts for Easter, pet friendly with a pool',
    e('property', 'St. Barts, Saint Barthélemy', 'Easter', 'medium', null, [
      'villa',
      'beachfront',
      'pool',
      'pet friendly',
    ]),
  ],
  [
    'Limo from JFK to Manhattan in 3 hours',
    e('transportation', 'New York, United States', 'within 3 hours', 'high', null, ['limousine']),
  ],
  [
    'Skiing holiday in Zermatt mid-February, luxury hotel with a spa',
    e('travel', 'Zermatt, Switzerland', 'mid-February', 'medium', 'luxury', ['spa']),
  ],
  [
    "Send a bouquet of roses and champagne to my wife in Vienna on Valentine's Day",
    e('concierge', 'Vienna, Austria', "Valentine's Day", 'medium', null, ['champagne', 'flowers']),
  ],
  ['Couture fitting at Dior in Paris in May', e('fashion', 'Paris, France', 'May', 'medium', null, [])],
  [
    'Meditation and pilates retreat in Tulum for a week next month, moderate budget',
    e('wellness', 'Tulum, Mexico', 'next month', 'medium', 'moderate', ['yoga']),
  ],
  [
    'Photographer for a proposal in Positano on 5 October',
    e('events', 'Positano, Italy', 'October 5', 'medium', null, ['photographer', 'romantic']),
  ],
  [
    'Museum tour in Rome with a private curator on Thursday, 500 euros per person',
    e('art', 'Rome, Italy', 'Thursday', 'medium', '€500 per person', ['art advisory']),
  ],
  ['Seaplane to our resort in the Seychelles, last minute', e('transportation', 'Seychelles', null, 'high', null, [])],
  [
    'Private dining room for a corporate dinner in Hong Kong next Tuesday, kosher menu',
    e('dining', 'Hong Kong', 'next Tuesday', 'medium', null, ['private room', 'kosher']),
  ],
  ['We had a nice dinner, thanks', e('dining', null, null, 'medium', null, [])],
];

describe('the offline request parser', () => {
  it('has a table of at least 40 requests', () => {
    expect(table.length).toBeGreaterThanOrEqual(40);
  });

  it.each(table)('understands "%s"', (text, expected) => {
    const { mainCategory, location, timeline, urgency, budget, preferences } = toEntities(parseRequest(text));
    // Preferences come in the order they are mentioned; the table lists them in any order.
    expect({ mainCategory, location, timeline, urgency, budget, preferences: [...preferences].sort() }).toEqual({
      ...expected,
      preferences: [...expected.preferences].sort(),
    });
  });
});

describe('asking for a person', () => {
  it.each([
    'Speak to a concierge',
    'Can I talk to a real person, please?',
    "I'd like to speak with someone from your team",
    'Is there a human concierge I could chat with?',
    'I want a person, not a bot',
    'Please put me through — I need to talk to an actual human',
  ])('recognises "%s"', (text) => {
    expect(asksForPerson(text)).toBe(true);
  });

  it.each([
    'A table for two at a place where we can talk',
    'Book a personal chef in Monaco',
    'Dinner for one person on Friday',
    'Can you speak French?',
  ])('does not mistake "%s" for it', (text) => {
    expect(asksForPerson(text)).toBe(false);
  });
});
