import { TOPIC_WORDS } from '@maison/shared';
import type { MessageCategory } from '../../platform/ai/types';
import { fold } from './places';
import { wordPattern } from './word-pattern';

type Category = Exclude<MessageCategory, 'default'>;

// Ties are broken in this order: the more specific need first.
const CATEGORY_ORDER: Category[] = [
  'dining',
  'events',
  'travel',
  'property',
  'wellness',
  'fashion',
  'art',
  'transportation',
  'concierge',
];

/**
 * The topic words the parser reads (shared with the session chat's pictures), by word, so a message is read in one pass over its own words: a keyword of
 * one word counts as often as the message has that word (twice at most). A phrase ("private
 * jet") is matched as it is written, and only in a message that has every word of it.
 */
const CATEGORY_WORDS_BY_WORD = new Map<string, Array<[Category, number]>>();
const CATEGORY_PHRASES: Array<{ category: Category; weight: number; pattern: RegExp; words: string[] }> = [];
for (const category of CATEGORY_ORDER) {
  const { both, parserOnly } = TOPIC_WORDS[category];
  for (const [word, weight] of [...both, ...parserOnly]) {
    const folded = fold(word);
    if (/^[a-z0-9]+$/.test(folded)) {
      const entries = CATEGORY_WORDS_BY_WORD.get(folded) ?? [];
      entries.push([category, weight]);
      CATEGORY_WORDS_BY_WORD.set(folded, entries);
    } else {
      const words = folded.split(/[^a-z0-9]+/).filter(Boolean);
      CATEGORY_PHRASES.push({ category, weight, pattern: wordPattern(folded), words });
    }
  }
}

/**
 * What a message asks for: the category whose words weigh most in it. A message that names none
 * but asks for something ("can you find me...") is for the concierge.
 */
export function findCategory(text: string): MessageCategory {
  const t = fold(text);
  const counts = new Map<string, number>();
  for (const word of t.split(/[^a-z0-9]+/)) if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
  const scores = new Map<MessageCategory, number>();
  const add = (category: Category, points: number) => scores.set(category, (scores.get(category) ?? 0) + points);
  for (const [word, count] of counts) {
    for (const [category, weight] of CATEGORY_WORDS_BY_WORD.get(word) ?? []) add(category, weight * Math.min(count, 2));
  }
  for (const phrase of CATEGORY_PHRASES) {
    if (!phrase.words.every((word) => counts.has(word))) continue;
    const matches = t.match(phrase.pattern);
    if (matches) add(phrase.category, phrase.weight * Math.min(matches.length, 2));
  }
  let best: MessageCategory = 'default';
  let bestScore = 0;
  for (const category of CATEGORY_ORDER) {
    const score = scores.get(category) ?? 0;
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  if (bestScore > 0) return best;
  if (
    /\b(book|reserve|arrange|organi[sz]e|find|get me|need|want|would like|looking for|could you|can you|please)\b/.test(
      t,
    )
  ) {
    return 'concierge';
  }
  return 'default';
}
