import { composeReply, composeTitle } from './composer';
import { findPlace, messageIntent, type MessageIntent } from './parser';

describe('conversation titles from the offline composer', () => {
  it.each([
    ['Book me a table at a Michelin restaurant in Paris tonight', 'Michelin Dinner in Paris Tonight'],
    ['I need a villa in Mykonos next weekend with a private chef', 'Villa Stay in Mykonos'],
    ['A spa day in St. Moritz this weekend', 'Spa Day in St. Moritz'],
    ['Ski chalet in Courchevel for Christmas', 'Chalet Stay in Courchevel'],
    ['Private gallery viewing in New York next week', 'Art Viewing in New York'],
    ['Plan a trip to New York', 'New York Luxury Travel Plans'],
    ['Dinner reservation in Rio de Janeiro', 'Rio de Janeiro Dinner Reservation'],
    ['Trip to Rio de Janeiro tomorrow night', 'Rio de Janeiro Travel Plans'],
    ['Luxury travel to San Miguel de Allende', 'San Miguel de Allende Journey'],
    ['A private jet to Dubai', 'Private Jet to Dubai'],
    ['Helicopter transfer from Nice to Cannes', 'Helicopter Transfer from Nice'],
    ['Dinner in Rome tonight', 'Dinner Reservation in Rome Tonight'],
    ['Dinner in July', 'Dinner Reservation in July'],
    ['Dinner tonight', 'Dinner Reservation for Tonight'],
    ['Book a table', 'Bespoke Dinner Reservation Request'],
    ['I need help', 'Bespoke Personal Concierge Request'],
    ['Something nice for my wife', 'Something Nice for My Wife'],
    ['Hello there', 'New conversation'],
    ['Hi', 'New conversation'],
    ['', 'New conversation'],
  ])('titles "%s" as "%s"', (message, title) => {
    expect(composeTitle(message)).toBe(title);
  });

  it.each([
    'Plan a trip to New York next month with my family',
    'Dinner for six in Rio de Janeiro on Saturday',
    'A yacht week around the Turks and Caicos in March',
    'Three nights in Ho Chi Minh City, somewhere quiet',
    'Penthouse in Salt Lake City for the ski season',
    'Birthday dinner in Playa del Carmen next Friday',
    'Spa weekend in the Swiss Alps',
    'An art auction in Hong Kong',
  ])('keeps "%s" to 4 or 5 whole words without cutting the place', (message) => {
    const title = composeTitle(message);
    const words = title.split(' ');
    expect(words.length).toBeGreaterThanOrEqual(4);
    expect(words.length).toBeLessThanOrEqual(5);
    const place = findPlace(message);
    if (place && place.name.split(' ').some((word) => words.includes(word))) expect(title).toContain(place.name);
  });
});

describe('what a message does', () => {
  it.each<[string, MessageIntent]>([
    ['We had a nice dinner, thanks', 'thanks'],
    ['Thank you so much!', 'thanks'],
    ['Perfect.', 'thanks'],
    ['The villa was wonderful', 'thanks'],
    ['Thanks! Could you also book a table in Rome?', 'request'],
    ['Perfect, please go ahead with option 1', 'request'],
    ['Please cancel the dinner', 'cancel'],
    ['Never mind, forget it', 'cancel'],
    ['Hello', 'small-talk'],
    ['How are you today?', 'small-talk'],
    ['Hello, a table for two tonight', 'request'],
    ['Something in Paris', 'request'],
  ])('reads "%s" as %s', (message, intent) => {
    expect(messageIntent(message)).toBe(intent);
  });

  it('thanks a member for the news of a good evening instead of planning another one', () => {
    const reply = composeReply(
      [
        { role: 'user', content: 'A table for two in Rome on Friday' },
        { role: 'assistant', content: 'Certainly.' },
        { role: 'user', content: 'We had a nice dinner, thanks' },
      ],
      'Maison Fortuna',
    );
    expect(reply).toMatch(/^I am so pleased to hear it, and delighted that Rome lived up to your hopes\./);
    expect(reply).not.toContain('### ');
  });
});

describe('an offline concierge that listens', () => {
  const reply = (message: string, context = {}) =>
    composeReply([{ role: 'user', content: message }], 'Maison Fortuna', context);

  it('names the jet, the route, the party and the day, and asks only for what is missing', () => {
    const text = reply('a private jet from Geneva to Courchevel for 10 people this Saturday');
    expect(text).toContain('a private jet from Geneva to Courchevel for ten people this Saturday');
    expect(text).toContain('**A private jet** positioned for you');
    expect(text.match(/\*\*A private jet\*\*/g)).toHaveLength(1);
    expect(text).not.toContain('yacht');
    expect(text).not.toMatch(/How many|Which city|What dates|On which day/);
  });

  it('keeps the terrace, the party of two and the allergy of a table tonight', () => {
    const text = reply('a table in Paris tonight for two, on a terrace, my wife is allergic to shellfish');
    expect(text).toContain('a table in Paris for two tonight');
    expect(text).toContain('your wish for a terrace');
    expect(text).toContain('The kitchen will know of the shellfish allergy');
    expect(text).not.toMatch(/rooftop|How many|allergies or dietary/);
  });

  it('dates a yacht for the Grand Prix weekend', () => {
    expect(reply('a yacht in Monaco for the Grand Prix weekend')).toMatch(
      /a yacht in Monaco for the Monaco Grand Prix \(\d{1,2} to \d{1,2} June( \d{4})?\)/,
    );
  });

  it('answers a question about the weather in a sentence or two, as a question', () => {
    const text = reply('What is the weather like in St Barths in February?');
    expect(text).toMatch(/^St\. Barts in February is the dry season/);
    expect(text).not.toContain('###');
    expect(text.split('\n\n').length).toBeLessThanOrEqual(3);
  });

  it('respects what the house remembers, and stops when it is forgotten', () => {
    const profile = [
      { kind: 'seating', label: 'Seating', value: 'Terraces' },
      { kind: 'allergies', label: 'Allergies', value: 'Wife: shellfish allergy' },
    ];
    const remembered = reply('Dinner in Paris on Friday for two', { profile });
    expect(remembered).toContain(
      "I will ask for terraces, as you prefer, and the kitchen will know of your wife's shellfish allergy",
    );
    expect(remembered).not.toContain('allergies or dietary');
    const forgotten = reply('Dinner in Paris on Friday for two', { profile: profile.slice(0, 1) });
    expect(forgotten).not.toContain('shellfish');
    expect(forgotten).toContain('terraces');
  });

  it('words two requests of the same kind differently', () => {
    const first = reply('A table in Rome on Friday for four').split('\n')[2];
    const openings = [
      'A table in Milan on Friday for four',
      'Dinner in Venice on Saturday for two',
      'A table in Nice on Sunday for six',
    ].map((message) =>
      reply(message)
        .split('\n')[2]
        .replace(/ in \w+| on \w+| for \w+/g, ''),
    );
    expect(new Set([first.replace(/ in \w+| on \w+| for \w+/g, ''), ...openings]).size).toBeGreaterThan(1);
  });

  it('suggests partners only of the kind asked for, in the place asked for', () => {
    const vendors = [
      { name: 'Le Cinq', category: 'restaurants', city: 'Paris', description: null },
      { name: 'Savile Tailor', category: 'fashion', city: 'Paris', description: null },
      { name: 'Monte Table', category: 'restaurants', city: 'Monaco', description: null },
    ];
    const paris = reply('Dinner in Paris on Friday', { vendors });
    expect(paris).toContain('Le Cinq');
    expect(paris).not.toMatch(/Savile Tailor|Monte Table/);
    expect(reply('Dinner for two on Friday', { vendors })).not.toContain('partner directory');
  });
});
