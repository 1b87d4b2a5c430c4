import { composeIllustration, settingOf, TIMES_OF_DAY } from './illustration';
import { MESSAGE_CATEGORIES } from '../types';

describe('the built-in illustrator', () => {
  it('sets a place against its landscape', () => {
    expect(settingOf('Monaco')).toBe('coast');
    expect(settingOf('Saint-Tropez, France')).toBe('coast');
    expect(settingOf('St. Moritz, Switzerland')).toBe('mountains');
    expect(settingOf('Dubai, United Arab Emirates')).toBe('desert');
    expect(settingOf('Tuscany')).toBe('countryside');
    expect(settingOf('Paris, France')).toBe('city');
    expect(settingOf(null)).toBe('city');
    // Whole names only: "Nicer" is not Nice.
    expect(settingOf('Nicer')).toBe('city');
  });

  it('draws a different picture for every category, and for every time of day', () => {
    const byCategory = MESSAGE_CATEGORIES.map((category) =>
      composeIllustration({ category, place: 'Paris', timeOfDay: 'dusk' }),
    );
    expect(new Set(byCategory).size).toBe(MESSAGE_CATEGORIES.length);
    const byTime = TIMES_OF_DAY.map((timeOfDay) => composeIllustration({ category: 'dining', place: null, timeOfDay }));
    expect(new Set(byTime).size).toBe(TIMES_OF_DAY.length);
    expect(byTime[3]).toContain('A 56 56'); // the moon, at night only
    expect(byTime[1]).not.toContain('A 56 56');
  });

  it('draws the same picture for the same request', () => {
    const spec = { category: 'travel', place: 'Aspen', timeOfDay: 'night' } as const;
    expect(composeIllustration(spec)).toBe(composeIllustration(spec));
  });

  it('writes the place and hour as its caption, escaped', () => {
    const svg = composeIllustration({ category: 'art', place: 'Rock & "Roll" <Bay>', timeOfDay: 'dawn' });
    expect(svg).toContain('ROCK &amp; &quot;ROLL&quot; &lt;BAY&gt;  ·  DAWN');
    expect(svg).not.toContain('<Bay>');
  });
});
