import type { MessageCategory, ParsedEntities, Urgency } from '../../platform/ai/types';
import { describePlace, fold, PLACES, type Place } from './places';

/**
 * The offline concierge's understanding of a request: category, place, timeline, urgency,
 * budget and preferences, by rules over the words used. Pure and synchronous.
 */

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH = `(${MONTHS.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)`;
const DAYS = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday)';

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

/** Preferences: the canonical name, then the words that mean it. */
const PREFERENCES: Array<[string, string[]]> = [
  ['yacht', ['yacht', 'yachts', 'superyacht', 'megayacht', 'catamaran', 'sailboat', 'sailing', 'boat']],
  ['catering', ['catering', 'caterer', 'canapes', 'canapés', 'buffet']],
  ['entertainment', ['entertainment', 'dj', 'live music', 'band', 'performers', 'musicians', 'string quartet', 'jazz']],
  ['chef', ['chef', 'private chef', 'personal chef']],
  ['villa', ['villa', 'villas']],
  ['chalet', ['chalet', 'ski chalet']],
  ['penthouse', ['penthouse']],
  ['helicopter', ['helicopter', 'heli', 'chopper']],
  ['private jet', ['private jet', 'jet', 'gulfstream', 'learjet']],
  ['spa', ['spa', 'hammam', 'sauna']],
  ['massage', ['massage', 'massages']],
  ['sommelier', ['sommelier', 'wine pairing']],
  ['wine', ['wine', 'wines', 'vineyard', 'wine tasting']],
  ['champagne', ['champagne', 'dom perignon', 'krug']],
  ['chauffeur', ['chauffeur', 'driver', 'chauffeured']],
  ['limousine', ['limousine', 'limo']],
  ['supercar', ['supercar', 'ferrari', 'lamborghini', 'mclaren', 'rolls-royce', 'rolls royce', 'bentley']],
  ['security', ['security', 'bodyguard', 'bodyguards', 'close protection']],
  ['photographer', ['photographer', 'photography', 'videographer']],
  ['flowers', ['flowers', 'florist', 'bouquet', 'roses']],
  ['michelin', ['michelin', 'michelin-starred', 'three-star', 'starred']],
  ['tasting menu', ['tasting menu', 'degustation', 'omakase']],
  ['private room', ['private room', 'private dining room', "chef's table", "chef's table"]],
  ['rooftop', ['rooftop', 'terrace']],
  ['sea view', ['sea view', 'ocean view', 'oceanfront', 'seafront', 'view of the sea']],
  ['beachfront', ['beachfront', 'on the beach', 'beach access', 'private beach']],
  ['pool', ['pool', 'infinity pool', 'swimming pool']],
  ['butler', ['butler', 'butlers']],
  ['nanny', ['nanny', 'babysitter', 'childcare']],
  ['family friendly', ['kids', 'children', 'family', 'family-friendly', 'family friendly']],
  ['pet friendly', ['dog', 'dogs', 'pet', 'pets', 'pet-friendly']],
  ['vegan', ['vegan']],
  ['vegetarian', ['vegetarian']],
  ['gluten free', ['gluten-free', 'gluten free', 'coeliac', 'celiac']],
  ['kosher', ['kosher']],
  ['halal', ['halal']],
  ['ski-in ski-out', ['ski-in', 'ski in ski out', 'ski-in ski-out', 'slopes']],
  ['golf', ['golf', 'tee time']],
  ['diving', ['diving', 'scuba', 'snorkelling', 'snorkeling']],
  ['fireworks', ['fireworks']],
  ['vip access', ['vip', 'front row', 'front-row', 'backstage', 'paddock', 'box seats', 'skybox']],
  ['personal shopper', ['personal shopper', 'stylist']],
  ['tailoring', ['tailor', 'tailored', 'bespoke suit', 'made to measure', 'made-to-measure']],
  ['jewelry', ['jewelry', 'jewellery', 'diamond', 'diamonds', 'necklace', 'earrings']],
  ['art advisory', ['art advisor', 'art adviser', 'curator', 'art advisory']],
  ['yoga', ['yoga', 'pilates']],
  ['personal trainer', ['personal trainer', 'trainer']],
  ['privacy', ['private', 'discreet', 'discretion', 'secluded', 'privacy']],
  ['romantic', ['romantic', 'honeymoon', 'anniversary', 'proposal', 'propose']],
];

interface Found {
  place: Place;
  index: number;
  length: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function wordPattern(phrase: string): RegExp {
  return new RegExp(`(^|[^a-z0-9])${escapeRegExp(phrase)}(?=$|[^a-z0-9])`, 'g');
}

/** A spelling as the words it is made of: "St. Moritz" and "st moritz" both read "st moritz". */
function placeKey(folded: string): string {
  return folded.replace(/[^a-z0-9]+/g, ' ').trim();
}

/** Every spelling of every place, by its words, so a message is read in one pass over its words. */
const PLACE_INDEX = new Map<string, Place[]>();
for (const place of PLACES) {
  for (const spelling of place.spellings) {
    const key = placeKey(spelling);
    if (key) PLACE_INDEX.set(key, [...(PLACE_INDEX.get(key) ?? []), place]);
  }
}
const MAX_PLACE_WORDS = Math.max(...[...PLACE_INDEX.keys()].map((key) => key.split(' ').length));

/** The place the request is about: the most specific, then the first mentioned. */
export function findPlace(text: string): Place | null {
  // Event names that contain a city that is not where they happen ("Art Basel Miami Beach").
  const folded = fold(text).replace(/\bart basel(?= (in )?(miami|hong kong|paris))/g, (m) => ' '.repeat(m.length));
  const words = [...folded.matchAll(/[a-z0-9]+/g)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  const found: Found[] = [];
  for (let i = 0; i < words.length; i += 1) {
    let key = '';
    for (let n = 0; n < MAX_PLACE_WORDS && i + n < words.length; n += 1) {
      key = n === 0 ? words[i].word : `${key} ${words[i + n].word}`;
      for (const place of PLACE_INDEX.get(key) ?? []) {
        const index = words[i].start;
        if (place.capitalised && !/^[A-Z]/.test(text.slice(index, index + 1))) continue;
        found.push({ place, index, length: words[i + n].end - index });
      }
    }
  }
  if (found.length === 0) return null;
  // Drop matches inside longer ones ("Naples" inside "Naples, Florida").
  const kept = found.filter(
    (f) =>
      !found.some(
        (g) => g !== f && g.length > f.length && g.index <= f.index && g.index + g.length >= f.index + f.length,
      ),
  );
  const rank = { city: 0, region: 1, country: 2 } as const;
  kept.sort((a, b) => rank[a.place.kind] - rank[b.place.kind] || a.index - b.index);
  return kept[0].place;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function monthName(token: string): string {
  const index = MONTHS.findIndex((m) => m.startsWith(token.slice(0, 3)));
  return capitalise(MONTHS[index] ?? token);
}

function ordinalDay(token: string): number {
  return Number(token.replace(/(st|nd|rd|th)$/, ''));
}

/** When: 'tonight', 'next weekend', 'first week of June', 'June 14', '2026-07-03'... */
export function findTimeline(text: string): string | null {
  const t = fold(text).replace(/\s+/g, ' ');
  const rules: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
    [
      /\b(first|second|third|fourth|last|1st|2nd|3rd|4th) week (of|in) (\w+)/,
      (m) =>
        new RegExp(`^${MONTH}$`).test(m[3])
          ? `${m[1].replace('1st', 'first').replace('2nd', 'second').replace('3rd', 'third').replace('4th', 'fourth')} week of ${monthName(m[3])}`
          : '',
    ],
    [
      /\b(early|mid|late|end of|beginning of|start of)[ -]+(\w+)/,
      (m) =>
        new RegExp(`^${MONTH}$`).test(m[2])
          ? `${m[1] === 'mid' ? 'mid' : m[1]}${m[1] === 'mid' ? '-' : ' '}${monthName(m[2])}`
          : '',
    ],
    [/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => `${m[1]}-${m[2]}-${m[3]}`],
    [/\b(\d{1,2})\/(\d{1,2})(\/\d{2,4})?\b/, (m) => m[0]],
    [
      new RegExp(`\\b${MONTH} (\\d{1,2}(st|nd|rd|th)?)\\b(?! ?(guests|people|persons|pax|nights|days))`),
      (m) => `${monthName(m[1])} ${ordinalDay(m[2])}`,
    ],
    [new RegExp(`\\b(\\d{1,2})(st|nd|rd|th)? (of )?${MONTH}\\b`), (m) => `${monthName(m[4])} ${Number(m[1])}`],
    [/\bnew year'?s eve\b/, () => "New Year's Eve"],
    [/\bchristmas( eve)?\b/, (m) => (m[1] ? 'Christmas Eve' : 'Christmas')],
    [/\beaster\b/, () => 'Easter'],
    [/\bvalentine'?s( day)?\b/, () => "Valentine's Day"],
    [/\bthanksgiving\b/, () => 'Thanksgiving'],
    [/\btonight\b|\bthis evening\b/, () => 'tonight'],
    [/\btomorrow (night|evening|morning|afternoon)\b/, (m) => `tomorrow ${m[1]}`],
    [/\btomorrow\b/, () => 'tomorrow'],
    [/\b(today|this afternoon|this morning)\b/, () => 'today'],
    [/\b(right now|immediately|asap|as soon as possible|within the hour)\b/, () => 'as soon as possible'],
    [/\bin (the next )?(\d+|a few|few|two|three|four|five|six) hours?\b/, (m) => `within ${m[2]} hours`],
    [/\bnext weekend\b/, () => 'next weekend'],
    [/\bthis weekend\b|\bthe weekend\b/, () => 'this weekend'],
    [new RegExp(`\\b(this|next|on) ${DAYS}\\b`), (m) => `${m[1] === 'on' ? '' : `${m[1]} `}${capitalise(m[2])}`],
    [/\bnext week\b/, () => 'next week'],
    [/\bthis week\b/, () => 'this week'],
    [/\bnext month\b/, () => 'next month'],
    [/\bthis month\b/, () => 'this month'],
    [/\bin (\d+|two|three|four|five|six|a couple of) (days|weeks|months)\b/, (m) => `in ${m[1]} ${m[2]}`],
    [/\b(this|next) (summer|winter|spring|autumn|fall|year)\b/, (m) => `${m[1]} ${m[2]}`],
    [new RegExp(`\\b(in|for|during|around|throughout) ${MONTH}\\b`), (m) => monthName(m[2])],
    [new RegExp(`\\b${MONTH}\\b`), (m) => (m[1] === 'may' || m[1] === 'mar' ? '' : monthName(m[1]))],
    [new RegExp(`\\b${DAYS}\\b`), (m) => capitalise(m[1])],
  ];
  for (const [pattern, render] of rules) {
    const match = t.match(pattern);
    if (match) {
      const value = render(match);
      if (value) return value;
    }
  }
  // "May" alone is a verb too often; count it only when written as the month.
  const may = text.match(/\b(?:in|during|early|late|mid-?|end of) May\b|\bMay \d{1,2}\b/);
  if (may) return may[0].replace(/^in /, '').replace(/^during /, '');
  return null;
}

/** How soon: high for tonight, today, tomorrow and urgent words; low when the member says so. */
export function findUrgency(text: string, timeline: string | null): Urgency {
  const t = fold(text);
  if (
    /\b(urgent|urgently|emergency|asap|as soon as possible|right now|immediately|last[- ]minute|straight away|right away)\b/.test(
      t,
    )
  ) {
    return 'high';
  }
  if (timeline && /^(tonight|today|tomorrow|as soon as possible|within )/.test(timeline)) return 'high';
  if (
    /\b(no rush|no hurry|whenever|someday|some day|flexible|at some point|eventually|sometime|just exploring|just curious)\b/.test(
      t,
    )
  ) {
    return 'low';
  }
  if (timeline && /^next (summer|winter|spring|autumn|fall|year)$/.test(timeline)) return 'low';
  return 'medium';
}

const CURRENCIES: Array<[RegExp, string]> = [
  [/^(\$|usd|dollars?|bucks)$/, '$'],
  [/^(€|eur|euros?)$/, '€'],
  [/^(£|gbp|pounds?|quid)$/, '£'],
  [/^(chf|swiss francs?|francs?)$/, 'CHF '],
  [/^(aed|dirhams?)$/, 'AED '],
  [/^(¥|jpy|yen)$/, '¥'],
];

function currencySymbol(token: string | undefined): string | null {
  if (!token) return null;
  const t = token.toLowerCase().trim();
  for (const [pattern, symbol] of CURRENCIES) if (pattern.test(t)) return symbol;
  return null;
}

function scaled(amount: string, suffix: string | undefined): number {
  const value = Number(amount.replace(/,/g, ''));
  const s = (suffix ?? '').toLowerCase();
  if (s === 'k' || s.startsWith('thousand')) return value * 1_000;
  if (s === 'm' || s === 'mm' || s.startsWith('million')) return value * 1_000_000;
  if (s === 'b' || s.startsWith('billion')) return value * 1_000_000_000;
  return value;
}

/** How much: '$50,000', 'up to €20,000 per night', 'no limit', 'premium luxury'. */
export function findBudget(text: string): string | null {
  const t = text.replace(/\s+/g, ' ');
  const lower = fold(t);
  if (
    /\b(no (budget|limit|limits|ceiling)|unlimited( budget)?|money is no (object|issue)|whatever it costs|spare no expense|sky'?s the limit|price is no (object|issue)|cost is no (object|issue)|budget is no (object|issue)|budget is not an issue)\b/.test(
      lower,
    )
  ) {
    return 'no limit';
  }
  const currency = '(\\$|€|£|¥|usd|eur|gbp|chf|aed|jpy)';
  const number = '(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)';
  const suffix = '(k|m|mm|b|thousand|million|billion)?';
  const words = '(dollars?|usd|euros?|eur|pounds?|gbp|chf|swiss francs?|francs?|aed|dirhams?|yen|jpy|bucks|quid)';
  const before = new RegExp(`${currency} ?${number} ?${suffix}\\b`, 'i');
  const after = new RegExp(`\\b${number} ?${suffix} ?${words}\\b`, 'i');
  const bare = new RegExp(
    `\\bbudget (?:of |is |around |about |up to |under |below |max |maximum )*${number} ?${suffix}\\b`,
    'i',
  );
  let symbol: string | null = null;
  let value: number | null = null;
  let index = -1;
  let length = 0;
  const a = t.match(before);
  const b = t.match(after);
  const c = t.match(bare);
  if (a && a.index !== undefined) {
    symbol = currencySymbol(a[1]);
    value = scaled(a[2], a[3]);
    index = a.index;
    length = a[0].length;
  } else if (b && b.index !== undefined) {
    symbol = currencySymbol(b[3]);
    value = scaled(b[1], b[2]);
    index = b.index;
    length = b[0].length;
  } else if (c && c.index !== undefined) {
    symbol = '$';
    value = scaled(c[1], c[2]);
    index = c.index + c[0].length - (c[1].length + (c[2]?.length ?? 0));
    length = c[1].length + (c[2]?.length ?? 0);
  }
  if (value !== null && symbol !== null && Number.isFinite(value) && value > 0) {
    const head = fold(t.slice(Math.max(0, index - 14), index));
    const tail = fold(t.slice(index + length, index + length + 16));
    const qualifier = /(up to|under|below|less than|maximum|max|no more than) ?$/.test(head)
      ? 'up to '
      : /(around|about|roughly|approximately|~) ?$/.test(head)
        ? 'around '
        : /(at least|over|more than|from) ?$/.test(head)
          ? 'from '
          : '';
    const per = /^ ?(per|a|an|\/) ?(night|person|head|guest|day|week|hour)/.exec(tail);
    const formatted = Math.round(value).toLocaleString('en-US');
    return `${qualifier}${symbol}${formatted}${per ? ` per ${per[2] === 'head' || per[2] === 'guest' ? 'person' : per[2]}` : ''}`;
  }
  if (
    /\b(premium luxury|ultra[- ]luxury|ultra[- ]luxurious|top of the line|top-of-the-line|best available|the very best|best of the best|finest|most exclusive|no expense spared)\b/.test(
      lower,
    )
  ) {
    return 'premium luxury';
  }
  if (/\b(luxury|luxurious|high[- ]end|upscale|lavish)\b/.test(lower)) return 'luxury';
  if (/\b(mid[- ]range|moderate|reasonable|reasonably priced|sensible)\b/.test(lower)) return 'moderate';
  if (/\b(affordable|cheap|inexpensive|economical|budget[- ]friendly|on a budget|good value)\b/.test(lower))
    return 'economical';
  return null;
}

// Compiled once: every chat message, title and parse runs these.
const PREFERENCE_PATTERNS = PREFERENCES.map(
  ([name, words]) => [name, words.map((word) => new RegExp(wordPattern(fold(word)).source))] as const,
);
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

export function findPreferences(text: string): string[] {
  const t = fold(text);
  const found: Array<[string, number]> = [];
  for (const [name, patterns] of PREFERENCE_PATTERNS) {
    let first = -1;
    for (const pattern of patterns) {
      const match = pattern.exec(t);
      if (match && (first === -1 || match.index < first)) first = match.index;
    }
    if (first !== -1) found.push([name, first]);
  }
  // "private jet" also says "private"; that is not a wish for privacy.
  const names = found.sort((a, b) => a[1] - b[1]).map(([name]) => name);
  return names.filter((name) => {
    if (name === 'privacy')
      return (
        /\b(discreet|discretion|secluded|privacy|private (villa|island|beach|estate|residence|setting|event|party|dinner|viewing|room|tour|chalet))\b/.test(
          t,
        ) && !names.includes('private room')
      );
    if (name === 'wine' && names.includes('sommelier') && !/\bwines?\b(?! pairing)/.test(t)) return false;
    if (
      name === 'chef' &&
      names.includes('michelin') &&
      !/\b(private|personal) chef\b/.test(t) &&
      !/\bchef\b(?!'s table)/.test(t)
    )
      return false;
    return true;
  });
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

export interface ParsedRequest extends ParsedEntities {
  place: Place | null;
}

/** What a message is about and where: all the partner directory needs, without the rest of a parse. */
export interface TopicAndPlace {
  mainCategory: MessageCategory;
  place: Place | null;
}

/** A message's topic and place; `timeline` when the caller has already read it. */
export function findTopic(text: string, timeline?: string | null): TopicAndPlace {
  const place = findPlace(text);
  const category = findCategory(text);
  // Asking for nothing named, but somewhere or at some time: a request for the concierge.
  const located = () => place !== null || (timeline === undefined ? findTimeline(text) : timeline) !== null;
  return { mainCategory: category === 'default' && located() ? 'concierge' : category, place };
}

export function parseRequest(text: string): ParsedRequest {
  const timeline = findTimeline(text);
  const { mainCategory, place } = findTopic(text, timeline);
  return {
    mainCategory,
    location: place ? describePlace(place) : null,
    timeline,
    urgency: findUrgency(text, timeline),
    budget: findBudget(text),
    preferences: findPreferences(text),
    place,
  };
}

/** The entities alone, as stored and answered by the API. */
export function toEntities(parsed: ParsedRequest): ParsedEntities {
  const { place: _place, ...entities } = parsed;
  return entities;
}

/**
 * What a message does, before what it asks for: a request (or more detail on one), thanks or
 * praise, a cancellation, or small talk. "We had a nice dinner, thanks" names a dinner but asks
 * for none; "Thanks, could you also book a table?" does.
 */
export type MessageIntent = 'request' | 'thanks' | 'cancel' | 'small-talk';

const ASKS =
  /\?|\b(book|reserve|arrange|organi[sz]e|find|get me|need|want|would like|looking for|could you|can you|would you|please|plan|add|make it|change|instead|also|another|go ahead|proceed|confirm|let'?s do|option \d)\b/;
const THANKS = /\b(thanks?|thank you|thx|merci|grazie|gracias|danke|cheers|much appreciated|appreciate it)\b/;
const PRAISE =
  /^\s*(oh,? )?(perfect|wonderful|great|lovely|excellent|marvell?ous|splendid|brilliant|amazing|fantastic|superb|ok|okay|noted|understood|got it|sounds (good|great|perfect|lovely|wonderful))\b[\s!.]*$/;
const EXPERIENCE =
  /\b(we|i) (had|loved|enjoyed|adored)\b|\b(it|that|this|everything|all|the \w+) (was|were) (lovely|wonderful|amazing|great|perfect|fantastic|superb|delightful|excellent|marvell?ous|divine|exquisite|incredible|unforgettable|beautiful)\b/;
const PLEASANTRY =
  /^\s*(hi|hello|hey|good (morning|afternoon|evening)|greetings|bonjour|hola|ciao)\b|\b(how are you|how do you do|who are you|nice to meet you)\b/;
const CANCEL =
  /\b(cancel|call (it|that|the \w+) off|never ?mind|forget (it|that|about (it|that))|no longer (need|want)|(do not|don'?t) need (it|that|this) any ?more|scrap (it|that))\b/;

export function messageIntent(text: string): MessageIntent {
  const t = fold(text).replace(/[’‘]/g, "'");
  if (CANCEL.test(t)) return 'cancel';
  if ((THANKS.test(t) || PRAISE.test(t) || EXPERIENCE.test(t)) && !ASKS.test(t)) return 'thanks';
  const asksNothing = findCategory(text) === 'default' && !findPlace(text);
  return asksNothing && (PLEASANTRY.test(t) || !findTimeline(text)) ? 'small-talk' : 'request';
}

/** A greeting or a pleasantry ("Good evening", "How are you?"), answered with a greeting. */
export function isPleasantry(text: string): boolean {
  return text.trim() === '' || PLEASANTRY.test(fold(text));
}

/** Thanks that report the experience itself ("we had a wonderful dinner"): the request was fulfilled. */
export function reportsExperience(text: string): boolean {
  return EXPERIENCE.test(fold(text).replace(/[’‘]/g, "'"));
}

/** Asking for a person: "speak to a concierge", "can I talk to a human?", "a real person, please". */
const PERSON =
  /\b(?:speak|talk|chat|be put through)\s+(?:to|with)\s+(?:a|an|the|your|someone|somebody|one of your)?\s*(?:real\s+|actual\s+|human\s+|live\s+)?(?:person|human|concierge|agent|someone|somebody|staff|team|member of (?:your|the) (?:staff|team)|people)\b|\b(?:real|actual|live)\s+(?:person|human|concierge|agent)\b|\bhuman\s+(?:concierge|being|agent)\b|\b(?:want|need|prefer)\s+(?:a|to speak to a)\s+(?:person|human)\b/;

/**
 * The member asks for a person instead of the AI ("Speak to a concierge"), in plain words. Used
 * on the reply's path whatever answers (the offline engine or the OpenAI provider), so the ask is
 * recognised the same way by both.
 */
export function asksForPerson(text: string): boolean {
  return PERSON.test(fold(text).replace(/[’‘]/g, "'"));
}
