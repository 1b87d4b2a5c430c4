import { NUMBER, readNumber } from './numbers.words';
import { fold } from './places';

const PEOPLE =
  '(people|persons|guests|pax|adults|of us|friends|couples|passengers|colleagues|clients|ladies|gentlemen|men|women)';

/** Counts that are not people: "for 3 nights", "in 2 hours", "10 days". */
const NOT_PEOPLE =
  /^\s*(nights?|days?|weeks?|months?|years?|hours?|minutes?|pm|am|o'?clock|bedrooms?|rooms?|suites?|cabins?|courses?|bottles?|carats?|stars?|percent|%|k\b|m\b|euros?|dollars?|pounds?|francs?|eur|usd|gbp|chf|st|nd|rd|th|metres|meters|feet|ft|miles|km)\b/;

/** A couple, or the member and one other: two people. */
const ONE_OTHER =
  '(wife|husband|partner|girlfriend|boyfriend|fiancee?|daughter|son|mother|father|mum|mom|dad|sister|brother|friend|colleague|assistant|client)';
const TWO = new RegExp(
  `\\b(for (the )?two of us|just the two of us|(my|with my) ${ONE_OTHER} and (i|me)|(me|i) and my ${ONE_OTHER}|romantic dinner for two|a couple\\b(?! of))`,
);
const ONE = /\b(just me|for myself|table for one|for one person|travell?ing alone|on my own|solo)\b/;

/**
 * How many people: "for 10 people", "a table for two", "40 guests", "a party of six", "family of
 * four", "my wife and I". The count that comes first wins; counts of nights, hours or money do not
 * count.
 */
export function findPartySize(text: string): number | null {
  const t = fold(text)
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    // "table 4 two", as texted.
    .replace(/\b4 (?=(one|two|three|four|five|six|seven|eight|nine|ten)\b)/g, 'for ');
  const patterns: RegExp[] = [
    new RegExp(`\\b${NUMBER} ${PEOPLE}\\b`, 'g'),
    new RegExp(`\\b(party|group|family|table|team) (of|for) ${NUMBER}\\b`, 'g'),
    new RegExp(`\\bfor ${NUMBER}\\b`, 'g'),
    new RegExp(`\\b${NUMBER} (of us|guests?)\\b`, 'g'),
    new RegExp(`\\b(we are|we're|there are|there will be|there'll be) ${NUMBER}\\b`, 'g'),
  ];
  // "two adults and two children": the party is both.
  const family = new RegExp(
    `\\b${NUMBER} adults? (and|with|\\+) ${NUMBER} (children|kids|teenagers|teens|infants?|babies)\\b`,
  ).exec(t);
  if (family) return (readNumber(family[1]) ?? 0) + (readNumber(family[3]) ?? 0);
  let best: { index: number; size: number } | null = null;
  for (const pattern of patterns) {
    for (const match of t.matchAll(pattern)) {
      const token = match.slice(1).find((group) => group !== undefined && readNumber(group) !== null);
      const size = token ? readNumber(token) : null;
      if (size === null || size < 1 || size > 5000) continue;
      const after = t.slice((match.index ?? 0) + match[0].length);
      const groupWord = new RegExp(`${PEOPLE}$`).test(match[0]);
      if (!groupWord && NOT_PEOPLE.test(after)) continue;
      // "for two couples" is four people.
      const people = /^ couples\b/.test(after) || / couples$/.test(match[0]) ? size * 2 : size;
      if (!best || (match.index ?? 0) < best.index) best = { index: match.index ?? 0, size: people };
    }
  }
  if (best) return best.size;
  if (TWO.test(t)) return 2;
  if (ONE.test(t)) return 1;
  return null;
}
