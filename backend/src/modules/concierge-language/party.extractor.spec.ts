import { findPartySize } from './party.extractor';

describe('the size of the party', () => {
  it.each<[string, number | null]>([
    ['a private jet from Geneva to Courchevel for 10 people this Saturday', 10],
    ['a table in Paris tonight for two, on a terrace', 2],
    ['Organise a birthday party in Ibiza on July 14 for 40 guests', 40],
    ['A party of six at Le Cinq', 6],
    ['Omakase sushi in Tokyo on 2026-04-03 for six', 6],
    ['My wife and I would love a quiet dinner', 2],
    ['Family of four, two kids, in Mykonos', 4],
    ['Dinner for two couples on Friday', 4],
    ['A suite for 3 nights in Rome', null],
    ['A villa for a week, 12 guests', 12],
    ['A helicopter in 2 hours', null],
    ['Budget of 5 thousand for 8', 8],
    ['Just me, a spa day', 1],
    ['Dinner at 8pm in London', null],
    ['Two adults and two children, from London', 4],
  ])('reads "%s" as %s', (text, size) => {
    expect(findPartySize(text)).toBe(size);
  });
});

describe('the size of the party, as texted', () => {
  it('reads "table 4 two" and a member with one other', () => {
    expect(findPartySize('table 4 two tonite in paris')).toBe(2);
    expect(findPartySize('Tickets for the ballet for my daughter and me')).toBe(2);
  });
});
