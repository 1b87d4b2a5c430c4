import { findBudget } from './budget.extractor';

describe('the budget of a message', () => {
  it.each([
    ['From £2,000 a night', 'from £2,000 per night'],
    ['at least 5k euros per head', 'from €5,000 per person'],
    ['a budget of 2.5 million', '$2,500,000'],
    ['1.2m CHF for the week', 'CHF 1,200,000'],
    ['under 2 billion yen', 'up to ¥2,000,000,000'],
    ['something affordable', 'economical'],
    ['ultra-luxury please', 'premium luxury'],
    ['$0', null],
  ])('reads "%s" as %s', (text, budget) => {
    expect(findBudget(text)).toBe(budget);
  });
});
