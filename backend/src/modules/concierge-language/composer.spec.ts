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
