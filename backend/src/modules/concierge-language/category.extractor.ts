import type { MessageCategory } from '../../platform/ai/types';
import { fold } from './places';
import { wordPattern } from './word-pattern';

// Keywords per category; 2 for words that name the category outright, 1 for hints.
const CATEGORY_WORDS: Record<Exclude<MessageCategory, 'default'>, Array<[string, number]>> = {
  travel: [
    ['trip', 3],
    ['travel', 3],
    ['travelling', 3],
    ['traveling', 3],
    ['vacation', 3],
    ['holiday', 3],
    ['holidays', 3],
    ['getaway', 3],
    ['honeymoon', 3],
    ['itinerary', 3],
    ['safari', 3],
    ['cruise', 3],
    ['resort', 2],
    ['hotel', 2],
    ['suite', 1],
    ['visit', 1],
    ['tour', 1],
    ['flight', 1],
    ['flights', 1],
    ['fly', 1],
    ['escape', 1],
    ['island', 1],
    ['beach', 1],
    ['ski', 1],
    ['skiing', 1],
    ['stay', 1],
    ['retreat', 1],
    ['weekend away', 2],
    ['sailing trip', 2],
  ],
  dining: [
    ['dinner', 2],
    ['lunch', 2],
    ['brunch', 2],
    ['breakfast', 1],
    ['restaurant', 2],
    ['restaurants', 2],
    ['table', 2],
    ['michelin', 2],
    ['tasting menu', 2],
    ['omakase', 2],
    ['private chef', 1],
    ['chef', 1],
    ['sommelier', 1],
    ['wine pairing', 2],
    ['dining', 2],
    ['dine', 2],
    ['eat', 1],
    ['food', 1],
    ['cuisine', 2],
    ['reservation', 1],
    ['bistro', 2],
    ['sushi', 2],
    ['steakhouse', 2],
    ['cocktail bar', 1],
    ['degustation', 2],
  ],
  property: [
    ['villa', 3],
    ['chalet', 3],
    ['penthouse', 3],
    ['apartment', 2],
    ['estate', 2],
    ['mansion', 2],
    ['townhouse', 2],
    ['property', 2],
    ['properties', 2],
    ['real estate', 2],
    ['house', 1],
    ['home', 1],
    ['residence', 2],
    ['rent', 1],
    ['rental', 1],
    ['buy', 1],
    ['purchase', 1],
    ['lease', 2],
    ['bedrooms', 2],
    ['bedroom', 1],
    ['castle', 2],
  ],
  events: [
    ['party', 2],
    ['event', 2],
    ['events', 2],
    ['wedding', 2],
    ['birthday', 2],
    ['gala', 2],
    ['celebration', 2],
    ['celebrate', 2],
    ['anniversary', 2],
    ['concert', 2],
    ['grand prix', 2],
    ['festival', 2],
    ['tickets', 2],
    ['premiere', 2],
    ['launch', 1],
    ['soiree', 2],
    ['reception', 2],
    ['proposal', 2],
    ['fashion week', 1],
    ['film festival', 2],
    ['opera', 2],
    ['match', 1],
    ['final', 1],
    ['wimbledon', 2],
    ['super bowl', 2],
    ['guests', 1],
    ['corporate retreat', 2],
    ['conference', 1],
    ['dj', 1],
    ['entertainment', 1],
  ],
  wellness: [
    ['spa', 2],
    ['massage', 2],
    ['wellness', 2],
    ['yoga', 2],
    ['detox', 2],
    ['fitness', 2],
    ['personal trainer', 2],
    ['meditation', 2],
    ['facial', 2],
    ['medical', 2],
    ['clinic', 2],
    ['health', 1],
    ['sauna', 1],
    ['pilates', 2],
    ['longevity', 2],
    ['hammam', 2],
    ['treatment', 1],
    ['physiotherapist', 2],
    ['therapist', 1],
    ['nutritionist', 2],
  ],
  fashion: [
    ['fashion', 2],
    ['couture', 2],
    ['haute couture', 2],
    ['tailor', 2],
    ['bespoke suit', 2],
    ['suit', 1],
    ['dress', 2],
    ['gown', 2],
    ['shopping', 2],
    ['personal shopper', 2],
    ['stylist', 2],
    ['boutique', 1],
    ['jewelry', 2],
    ['jewellery', 2],
    ['diamond', 2],
    ['diamonds', 2],
    ['earrings', 2],
    ['necklace', 2],
    ['watch', 1],
    ['handbag', 2],
    ['birkin', 2],
    ['wardrobe', 2],
    ['hermes', 1],
    ['chanel', 1],
    ['dior', 1],
    ['shoes', 1],
    ['runway', 2],
  ],
  transportation: [
    ['private jet', 3],
    ['jet', 2],
    ['helicopter', 3],
    ['chauffeur', 2],
    ['driver', 2],
    ['limousine', 2],
    ['limo', 2],
    ['car', 1],
    ['transfer', 2],
    ['transfers', 2],
    ['airport', 1],
    ['yacht charter', 2],
    ['charter', 1],
    ['yacht', 1],
    ['supercar', 2],
    ['ferrari', 2],
    ['lamborghini', 2],
    ['rolls-royce', 2],
    ['rolls royce', 2],
    ['bentley', 1],
    ['pick up', 1],
    ['pickup', 1],
    ['ride', 1],
    ['plane', 2],
    ['seaplane', 3],
    ['boat', 1],
    ['tender', 1],
  ],
  art: [
    ['art', 2],
    ['gallery', 2],
    ['galleries', 2],
    ['auction', 2],
    ['painting', 2],
    ['paintings', 2],
    ['sculpture', 2],
    ['museum', 2],
    ['museums', 2],
    ['collector', 2],
    ['exhibition', 2],
    ['artist', 2],
    ['art basel', 2],
    ['frieze', 2],
    ['biennale', 2],
    ['christie', 2],
    ["christie's", 2],
    ['sotheby', 2],
    ["sotheby's", 2],
    ['curator', 2],
    ['atelier', 1],
    ['photography', 1],
  ],
  concierge: [
    ['gift', 2],
    ['gifts', 2],
    ['errand', 2],
    ['concierge', 1],
    ['assistant', 1],
    ['assistance', 1],
    ['arrange', 1],
    ['organise', 1],
    ['organize', 1],
    ['help', 1],
    ['flowers', 1],
    ['bouquet', 2],
    ['nanny', 2],
    ['babysitter', 2],
    ['butler', 1],
    ['security', 1],
    ['bodyguard', 2],
    ['visa', 2],
    ['passport', 2],
    ['recommend', 1],
  ],
};

// Ties are broken in this order: the more specific need first.
const CATEGORY_ORDER: Array<Exclude<MessageCategory, 'default'>> = [
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

type Category = Exclude<MessageCategory, 'default'>;
/**
 * The category words by word, so a message is read in one pass over its own words: a keyword of
 * one word counts as often as the message has that word (twice at most). A phrase ("private
 * jet") is matched as it is written, and only in a message that has every word of it.
 */
const CATEGORY_WORDS_BY_WORD = new Map<string, Array<[Category, number]>>();
const CATEGORY_PHRASES: Array<{ category: Category; weight: number; pattern: RegExp; words: string[] }> = [];
for (const category of CATEGORY_ORDER) {
  for (const [word, weight] of CATEGORY_WORDS[category]) {
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
