import { TOPIC_WORDS } from '@maison/shared';
import { findCategory } from './category.extractor';

describe('the category of a message', () => {
  it('gives a tie to the more specific need', () => {
    expect(findCategory('A hotel and a dinner')).toBe('dining');
  });

  it('counts a word twice at most', () => {
    // A third hotel (travel, 2 each) would outweigh the two dinners (dining, 2 each).
    expect(findCategory('Hotel, hotel, hotel and a dinner, a dinner')).toBe('dining');
  });

  it('reads a phrase only as it is written', () => {
    expect(findCategory('A private jet and a dinner with a sommelier')).toBe('transportation');
    expect(findCategory('A jet, private, and a dinner with a sommelier')).toBe('dining');
  });

  it('reads words without their accents', () => {
    expect(findCategory('Une soirée')).toBe('events');
  });

  it('sends a request that names no topic to the concierge', () => {
    expect(findCategory('Could you find me something special?')).toBe('concierge');
    expect(findCategory('Good evening')).toBe('default');
  });

  it('lists each word of a topic once for each reader (twice would double its weight)', () => {
    for (const { both, parserOnly, imageOnly } of Object.values(TOPIC_WORDS)) {
      const parser = [...both, ...parserOnly].map(([word]) => word);
      const images = [...both.map(([word]) => word), ...imageOnly];
      expect(parser).toEqual([...new Set(parser)]);
      expect(images).toEqual([...new Set(images)]);
    }
  });
});
