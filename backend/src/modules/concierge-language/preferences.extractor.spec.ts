import { findPreferences } from './preferences.extractor';

describe('the preferences of a message', () => {
  it('lists them in the order they are mentioned', () => {
    expect(findPreferences('A pool, then a butler, then a private chef')).toEqual(['pool', 'butler', 'chef']);
  });

  it("does not take a chef's table at a Michelin restaurant for a wish for a chef", () => {
    expect(findPreferences("A chef's table at a Michelin restaurant")).toEqual(['private room', 'michelin']);
    expect(findPreferences('A Michelin chef for the evening')).toEqual(['michelin', 'chef']);
  });

  it('reads wine beside a sommelier only when wines are asked for beyond the pairing', () => {
    expect(findPreferences('Wine pairing with the sommelier, and good wines')).toEqual(['sommelier', 'wine']);
  });

  it('keeps a terrace a terrace, and a roof terrace a rooftop', () => {
    expect(findPreferences('A table on a terrace')).toEqual(['terrace']);
    expect(findPreferences('Drinks on a roof terrace')).toEqual(['rooftop']);
    expect(findPreferences('A rooftop bar, then dinner on a terrace')).toEqual(['rooftop', 'terrace']);
  });
});
