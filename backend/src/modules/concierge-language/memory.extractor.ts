import { fold } from './places';

/** A statement of a member's message worth keeping in their profile (the preferences module's kinds). */
export interface MemoryCandidate {
  kind:
    | 'dining'
    | 'allergies'
    | 'health'
    | 'seating'
    | 'flights'
    | 'hotels'
    | 'brands'
    | 'dates'
    | 'companions'
    | 'assistant';
  value: string;
  /** Allergies and health: kept only when the member says yes. */
  sensitive: boolean;
}

/** Who a statement is about: "my wife is allergic..." is kept as "Wife: ...". */
const PEOPLE: Record<string, string> = {
  wife: 'Wife',
  husband: 'Husband',
  partner: 'Partner',
  son: 'Son',
  daughter: 'Daughter',
  children: 'Children',
  kids: 'Children',
  mother: 'Mother',
  father: 'Father',
  girlfriend: 'Girlfriend',
  boyfriend: 'Boyfriend',
  fiance: 'Fiancé',
  fiancee: 'Fiancée',
  assistant: 'Assistant',
};
const PERSON = Object.keys(PEOPLE).join('|');

/** Words of liking that make a statement lasting ("we love terraces"), not this one request's. */
const LIKING = String.raw`(?:always\s+)?(?:love|loves|adore|adores|prefer|prefers|like|likes|enjoy|enjoys|always\s+(?:ask\s+for|want|book|choose|take))`;

/** Where a member likes to sit, the words that say it, and how it is kept. */
const SEATING: Array<[RegExp, string]> = [
  [/\bterraces?\b/, 'Terraces'],
  [/\brooftops?\b/, 'Rooftops'],
  [/\bwindow tables?\b/, 'Window tables'],
  [/\b(?:quiet (?:corner|table)s?|corner tables?)\b/, 'Quiet corner tables'],
  [/\bbooths?\b/, 'Booths'],
  [/\b(?:sitting |eating )?(?:outdoors|outside|al fresco)\b/, 'Outdoor tables'],
  [/\b(?:sea|ocean) views?\b/, 'Sea views'],
  [/\bgardens?\b/, 'Gardens'],
  [/\bprivate (?:rooms?|dining rooms?)\b/, 'Private rooms'],
  [/\bchef'?s tables?\b/, "Chef's tables"],
];

const CABINS: Array<[RegExp, string]> = [
  [/\bfirst class\b/, 'First class'],
  [/\bbusiness class\b/, 'Business class'],
  [/\bpremium economy\b/, 'Premium economy'],
  [/\baisle seats?\b/, 'Aisle seat'],
  [/\bwindow seats?\b/, 'Window seat'],
  [/\bprivate jets?\b/, 'Private jet'],
];

const HOTEL_WISHES: Array<[RegExp, string]> = [
  [/\bsuites?\b/, 'Suites'],
  [/\bhigh floors?\b/, 'High floor'],
  [/\bquiet rooms?\b/, 'Quiet rooms'],
  [/\bconnecting rooms?\b/, 'Connecting rooms'],
  [/\b(?:sea|ocean)[- ]view rooms?\b/, 'Sea-view rooms'],
  [/\bking(?:-size)? beds?\b/, 'King-size bed'],
  [/\bfeather[- ]free\b/, 'Feather-free bedding'],
];

const HOTEL_NAMES: Array<[RegExp, string]> = [
  [/\baman\b/, 'Aman'],
  [/\bfour seasons\b/, 'Four Seasons'],
  [/\bmandarin oriental\b/, 'Mandarin Oriental'],
  [/\b(?:the )?ritz\b/, 'The Ritz'],
  [/\brosewood\b/, 'Rosewood'],
  [/\bcheval blanc\b/, 'Cheval Blanc'],
  [/\b(?:the )?peninsula\b/, 'The Peninsula'],
  [/\bbelmond\b/, 'Belmond'],
];

const BRANDS: Array<[RegExp, string]> = [
  [/\bhermes\b/, 'Hermès'],
  [/\bchanel\b/, 'Chanel'],
  [/\bdior\b/, 'Dior'],
  [/\bloro piana\b/, 'Loro Piana'],
  [/\bbrunello cucinelli\b/, 'Brunello Cucinelli'],
  [/\bcartier\b/, 'Cartier'],
  [/\bpatek(?: philippe)?\b/, 'Patek Philippe'],
  [/\brolex\b/, 'Rolex'],
  [/\bvan cleef(?: (?:&|and) arpels)?\b/, 'Van Cleef & Arpels'],
  [/\blouis vuitton\b/, 'Louis Vuitton'],
  [/\bgucci\b/, 'Gucci'],
  [/\bprada\b/, 'Prada'],
  [/\btom ford\b/, 'Tom Ford'],
  [/\bkrug\b/, 'Krug'],
  [/\bdom perignon\b/, 'Dom Pérignon'],
  [/\bbrioni\b/, 'Brioni'],
  [/\bkiton\b/, 'Kiton'],
];

const CUISINES = [
  'japanese',
  'italian',
  'french',
  'chinese',
  'thai',
  'indian',
  'lebanese',
  'greek',
  'spanish',
  'mexican',
  'peruvian',
  'korean',
  'vietnamese',
  'mediterranean',
  'seafood',
  'sushi',
];

const DIETS: Array<[RegExp, string]> = [
  [/\b(?:am|are|is|'m|'re) (?:strictly |strict )?vegan\b/, 'Vegan'],
  [/\b(?:am|are|is|'m|'re) (?:strictly |strict )?vegetarian\b/, 'Vegetarian'],
  [/\b(?:am|are|is|'m|'re|eat|eats|keep|keeps) (?:strictly )?kosher\b/, 'Kosher'],
  [/\b(?:am|are|is|'m|'re|eat|eats) (?:strictly )?halal\b/, 'Halal'],
  [/\b(?:am|are|is|'m|'re|eat|eats) (?:strictly )?pescatarian\b/, 'Pescatarian'],
  [/\b(?:am|are|is|'m|'re|eat|eats) gluten[- ]free\b/, 'Gluten-free'],
];

/** Health statements (kept only with the member's yes). */
const HEALTH: Array<[RegExp, string]> = [
  [/\b(?:use|uses|in) a wheelchair\b/, 'Uses a wheelchair'],
  [/\b(?:am|is|'m) pregnant\b/, 'Pregnant'],
  [/\b(?:am|is|'m|are|'re) (?:a )?diabetic\b|\bha(?:ve|s) diabetes\b/, 'Diabetic'],
  [/\b(?:am|is|'m|are|'re) (?:coeliac|celiac)\b|\bha(?:ve|s) (?:coeliac|celiac) disease\b/, 'Coeliac'],
  [/\bha(?:ve|s) (?:a )?bad back\b/, 'Bad back'],
  [/\bha(?:ve|s) asthma\b|\b(?:am|is|'m) asthmatic\b/, 'Asthma'],
  [/\b(?:afraid|scared) of (?:flying|heights)\b/, 'Fear of $1'],
  [/\breduced mobility\b|\bcan'?t (?:manage|do|climb) stairs\b/, 'Reduced mobility'],
];

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
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The owner of a statement: "my wife" -> "Wife: ", "I"/"we" -> "". */
function owner(who: string | undefined): string {
  if (!who) return '';
  const word = who.replace(/^(?:my|our)\s+/, '').trim();
  return PEOPLE[word] ? `${PEOPLE[word]}: ` : '';
}

/** "shellfish, nuts and sesame" as kept: the words of the member, tidied. */
function listOf(words: string): string {
  return words
    .replace(/\b(?:very|severely|seriously|quite|a little|slightly)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[,\s]+$/, '');
}

/** "10", "10:30", "9am", "2 pm" as a 24-hour time. */
function clock(hours: string, minutes: string | undefined, meridiem: string | undefined): string | null {
  let h = Number(hours);
  const m = minutes ? Number(minutes) : 0;
  if (meridiem === 'pm' && h < 12) h += 12;
  if (meridiem === 'am' && h === 12) h = 0;
  if (h > 23 || m > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function dayMonth(day: string, month: string): string | null {
  const index = MONTHS.findIndex((name) => name.startsWith(month.slice(0, 3)));
  const d = Number(day);
  if (index < 0 || d < 1 || d > 31) return null;
  return `${d} ${capital(MONTHS[index])}`;
}

/** The sentences of a message, folded (accents off, lower case), each read on its own. */
function sentences(text: string): string[] {
  return (
    fold(text)
      .replace(/[’‘]/g, "'")
      // A full stop ends a sentence; the one in "9.30" does not.
      .split(/[!?;\n]+|\.(?=\s|$)/)
      .map((s) => s.trim())
      .filter(Boolean)
  );
}

function allergies(sentence: string, out: MemoryCandidate[]): void {
  const subject = String.raw`(?:\b(i|we|(?:my|our)\s+(?:${PERSON}))(?:\s+(?:am|are|is)|'m|'re)\s+(?:very\s+|severely\s+|seriously\s+)?)`;
  const allergic = new RegExp(
    `${subject}allergic to ([a-z][a-z ,'-]*?)(?=$|,\\s*(?:we|i|my|our|and (?:we|i|my|our))\\b|\\s+(?:so|but|please)\\b)`,
    'g',
  );
  for (const match of sentence.matchAll(allergic)) {
    const what = listOf(match[2]);
    if (what) out.push({ kind: 'allergies', value: `${owner(match[1])}${what} allergy`, sensitive: true });
  }
  const noun = new RegExp(
    `\\b(?:(i|we|(?:my|our)\\s+(?:${PERSON}))\\s+(?:have|has)\\s+(?:a|an)\\s+)([a-z]+(?: [a-z]+)?) allergy\\b`,
    'g',
  );
  for (const match of sentence.matchAll(noun)) {
    out.push({ kind: 'allergies', value: `${owner(match[1])}${listOf(match[2])} allergy`, sensitive: true });
  }
}

function health(sentence: string, out: MemoryCandidate[]): void {
  const who = new RegExp(`\\b(?:my|our)\\s+(${PERSON})\\b`).exec(sentence);
  for (const [pattern, value] of HEALTH) {
    const match = pattern.exec(sentence);
    if (!match) continue;
    const said = value.includes('$1') ? value.replace('$1', /flying/.test(match[0]) ? 'flying' : 'heights') : value;
    const prefix = who && who.index < match.index ? `${PEOPLE[who[1]]}: ` : '';
    out.push({ kind: 'health', value: `${prefix}${said}`, sensitive: true });
  }
}

function dining(sentence: string, out: MemoryCandidate[]): void {
  const who = new RegExp(`\\b(?:my|our)\\s+(${PERSON})\\b`).exec(sentence);
  for (const [pattern, value] of DIETS) {
    const match = pattern.exec(sentence);
    if (match)
      out.push({
        kind: 'dining',
        value: `${who && who.index < match.index ? `${PEOPLE[who[1]]}: ` : ''}${value}`,
        sensitive: false,
      });
  }
  for (const match of sentence.matchAll(
    /\b(i|we|(?:my|our)\s+\w+)\s+(?:don'?t|do not|doesn'?t|does not|never)\s+eat\s+([a-z][a-z ,'-]*?)(?=$|,|\s+(?:so|but|please|and (?:we|i|my|our))\b)/g,
  )) {
    out.push({ kind: 'dining', value: `${owner(match[1])}No ${listOf(match[2])}`, sensitive: false });
  }
  const cuisine = new RegExp(
    `\\b(?:i|we)\\s+${LIKING}\\s+(${CUISINES.join('|')})(?:\\s+(?:food|cuisine|restaurants?))?\\b`,
  );
  const liked = cuisine.exec(sentence);
  if (liked) {
    const name = liked[1];
    out.push({
      kind: 'dining',
      value: name === 'sushi' || name === 'seafood' ? capital(name) : `${capital(name)} cuisine`,
      sensitive: false,
    });
  }
}

function seating(sentence: string, out: MemoryCandidate[]): void {
  const statement = new RegExp(`\\b(?:i|we)\\s+${LIKING}\\s+(.+)$`).exec(sentence);
  const avoid = /\b(?:i|we)\s+(?:always|usually)?\s*(?:sit|eat|dine|ask to sit)\s+(.+)$/.exec(sentence);
  const said = statement?.[1] ?? avoid?.[1];
  if (!said) return;
  for (const [pattern, value] of SEATING) {
    if (pattern.test(said)) out.push({ kind: 'seating', value, sensitive: false });
  }
}

function flights(sentence: string, out: MemoryCandidate[]): void {
  const early =
    /\b(?:i|we)\s+(?:never|don'?t|do not|won'?t)\s+(?:ever\s+)?(?:fly|flies|take (?:a )?flights?|travel)\s+(?:before|earlier than)\s+(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?/.exec(
      sentence,
    );
  if (early) {
    const time = clock(early[1], early[2], early[3]?.replace(/\./g, ''));
    if (time) out.push({ kind: 'flights', value: `Never flies before ${time}`, sensitive: false });
  }
  const late =
    /\b(?:i|we)\s+(?:never|don'?t|do not)\s+(?:fly|take (?:a )?flights?)\s+after\s+(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm)?/.exec(
      sentence,
    );
  if (late) {
    const time = clock(late[1], late[2], late[3]);
    if (time) out.push({ kind: 'flights', value: `Never flies after ${time}`, sensitive: false });
  }
  if (/\b(?:i|we)\s+(?:always|only|usually)?\s*(?:fly|flies|travel|book|prefer|like|want|sit in)\b/.test(sentence)) {
    for (const [pattern, value] of CABINS) {
      if (pattern.test(sentence)) out.push({ kind: 'flights', value, sensitive: false });
    }
  }
  const airline =
    /\b(?:i|we)\s+(?:always|only)\s+fly\s+(emirates|qatar(?: airways)?|singapore(?: airlines)?|air france|british airways|swiss|lufthansa|cathay(?: pacific)?|etihad|delta|united|american)\b/.exec(
      sentence,
    );
  if (airline)
    out.push({ kind: 'flights', value: `Flies ${airline[1].split(' ').map(capital).join(' ')}`, sensitive: false });
}

function hotels(sentence: string, out: MemoryCandidate[]): void {
  const stay = /\b(?:i|we)\s+(?:always|usually|only)?\s*(?:stay|stays)\s+(?:at|in|with)\s+(.+)$/.exec(sentence);
  const liking = new RegExp(`\\b(?:i|we)\\s+${LIKING}\\s+(.+)$`).exec(sentence);
  for (const said of [stay?.[1], liking?.[1]]) {
    if (!said) continue;
    for (const [pattern, value] of HOTEL_NAMES) {
      if (pattern.test(said))
        out.push({ kind: 'hotels', value: said === stay?.[1] ? `Stays at ${value}` : value, sensitive: false });
    }
    for (const [pattern, value] of HOTEL_WISHES) {
      if (pattern.test(said)) out.push({ kind: 'hotels', value, sensitive: false });
    }
  }
}

function brands(sentence: string, out: MemoryCandidate[]): void {
  const liking = new RegExp(
    `\\b(?:i|we|(?:my|our)\\s+(?:${PERSON}))\\s+(?:${LIKING}|(?:only |always )?(?:wear|wears|buy|buys|drink|drinks))\\s+(.+)$`,
  ).exec(sentence);
  if (!liking) return;
  for (const [pattern, value] of BRANDS) {
    if (pattern.test(liking[1])) out.push({ kind: 'brands', value, sensitive: false });
  }
}

function dates(sentence: string, out: MemoryCandidate[]): void {
  const occasion = new RegExp(
    `\\b(?:my|our)\\s+(?:(${PERSON})'s\\s+)?(birthday|anniversary|wedding anniversary)\\s+is\\s+(?:on\\s+)?(?:the\\s+)?(?:${DAY}\\s+(?:of\\s+)?(${MONTH})|(${MONTH})\\s+${DAY})\\b`,
  ).exec(sentence);
  if (!occasion) return;
  const date = occasion[3] ? dayMonth(occasion[3], occasion[4]) : dayMonth(occasion[6], occasion[5]);
  if (!date) return;
  const whose = occasion[1]
    ? `${PEOPLE[occasion[1]]}'s ${occasion[2]}`
    : capital(occasion[2] === 'birthday' ? 'birthday' : 'wedding anniversary');
  out.push({ kind: 'dates', value: `${capital(whose)}: ${date}`, sensitive: false });
}

function companions(original: string, out: MemoryCandidate[]): void {
  // Read in the member's own text, so names keep their capitals.
  const match =
    /\b(?:i|we)\s+(?:always\s+|usually\s+|often\s+)?travel\s+with\s+(.+?)(?=$|[,.;!?\n]|\s+(?:so|but|please)\b)/i.exec(
      original,
    );
  if (!match) return;
  const who = match[1]
    .replace(/\b(?:my|our)\s+/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (who && who.length <= 80) out.push({ kind: 'companions', value: `Travels with ${who}`, sensitive: false });
}

function assistant(original: string, out: MemoryCandidate[]): void {
  const folded = fold(original);
  const at = /\bmy\s+(?:personal\s+)?(?:assistant|pa)(?:'s name)?\s+is\s+([a-z][a-z'-]+)/.exec(folded);
  if (!at) return;
  // The name as the member wrote it (capitals and accents kept).
  const name = original.slice(at.index + at[0].length - at[1].length, at.index + at[0].length);
  const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(original)?.[0];
  const phone = /\+?\d[\d\s().-]{6,}\d/.exec(original)?.[0];
  out.push({ kind: 'assistant', value: [capital(name), email, phone].filter(Boolean).join(', '), sensitive: false });
}

/**
 * What a member's message says that is worth keeping in their profile: lasting statements about
 * themselves and those with them ("I never fly before 10", "my wife is allergic to shellfish", "we
 * love terraces"), not what this one request asks for ("a table on a terrace tonight"). Allergies
 * and health come out sensitive: the concierge keeps them only when the member says yes.
 */
export function memoryCandidates(text: string): MemoryCandidate[] {
  if (!text || text.length > 4000) return [];
  const found: MemoryCandidate[] = [];
  for (const sentence of sentences(text)) {
    allergies(sentence, found);
    health(sentence, found);
    dining(sentence, found);
    seating(sentence, found);
    flights(sentence, found);
    hotels(sentence, found);
    brands(sentence, found);
    dates(sentence, found);
  }
  companions(text, found);
  assistant(text, found);
  const seen = new Set<string>();
  return found
    .map((candidate) => ({ ...candidate, value: capital(candidate.value) }))
    .filter((candidate) => {
      const key = `${candidate.kind}:${candidate.value.toLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
