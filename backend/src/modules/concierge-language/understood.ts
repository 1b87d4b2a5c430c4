import type { MessageCategory, Occasion, ProfileEntry } from '../../platform/ai/types';
import { MONTHS } from './calendar.words';
import type { ParsedRequest } from './parser';

type Topic = Exclude<MessageCategory, 'default'>;

/** What was asked for, as a noun: the named thing first ("a private jet"), else the topic's. */
const THING: Record<string, string> = {
  'private jet': 'a private jet',
  helicopter: 'a helicopter',
  yacht: 'a yacht',
  villa: 'a villa',
  chalet: 'a chalet',
  penthouse: 'a penthouse',
  spa: 'a spa day',
  chauffeur: 'a chauffeur',
  limousine: 'a limousine',
  supercar: 'the car you named',
  'personal shopper': 'a personal shopper',
  tailoring: 'a tailor',
  photographer: 'a photographer',
  'tasting menu': 'a tasting menu',
};

const TOPIC_THING: Record<Topic, string> = {
  travel: 'a journey',
  dining: 'a table',
  property: 'a residence',
  events: 'an event',
  wellness: 'time for yourself',
  fashion: 'a private appointment',
  transportation: 'your transport',
  art: 'an art viewing',
  concierge: 'your request',
};

const OCCASION: Record<Occasion, string> = {
  birthday: 'to celebrate a birthday',
  anniversary: 'for your anniversary',
  proposal: 'for a proposal, with every discretion',
  business: 'for business',
};

const SMALL_NUMBERS = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

function party(size: number, topic: Topic): string {
  if (size === 1) return 'for you alone';
  if (size === 2) return 'for two';
  const count = size <= 12 ? SMALL_NUMBERS[size] : String(size);
  return `for ${count} ${topic === 'events' ? 'guests' : 'people'}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A day as a person writes it: "Saturday 28 November", with the year when it is not this one's. */
function day(iso: string, thisYear: number, withWeekday: boolean): string {
  const date = new Date(`${iso}T00:00:00Z`);
  const weekday = date.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  const text = `${date.getUTCDate()} ${capitalise(MONTHS[date.getUTCMonth()])}`;
  const year = date.getUTCFullYear() !== thisYear ? ` ${date.getUTCFullYear()}` : '';
  return `${withWeekday ? `${weekday} ` : ''}${text}${year}`;
}

/** The dates in brackets after the member's words, unless the words are the date already. */
export function datesAfter(parsed: ParsedRequest, now: Date): string {
  const { dates, timeline } = parsed;
  if (!dates || !timeline || /^\d{4}-\d{2}-\d{2}$/.test(timeline) || /^[A-Z][a-z]+ \d{1,2}$/.test(timeline)) return '';
  if (/^(tonight|today)$/.test(timeline)) return '';
  const year = now.getUTCFullYear();
  const namesWeekday = /(monday|tuesday|wednesday|thursday|friday|saturday|sunday)/i.test(timeline);
  if (dates.from === dates.to) return ` (${day(dates.from, year, !namesWeekday)})`;
  const [from, to] = [new Date(`${dates.from}T00:00:00Z`), new Date(`${dates.to}T00:00:00Z`)];
  if (from.getUTCMonth() === to.getUTCMonth() && from.getUTCFullYear() === to.getUTCFullYear()) {
    if (from.getUTCDate() === 1 && new Date(to.getTime() + 86_400_000).getUTCDate() === 1) return '';
    return ` (${from.getUTCDate()} to ${day(dates.to, year, false)})`;
  }
  return ` (${day(dates.from, from.getUTCFullYear() === to.getUTCFullYear() ? to.getUTCFullYear() : year, false)} to ${day(dates.to, year, false)})`;
}

/** The member's words for when, as they read in a sentence: "this Saturday", "in February", "for Christmas". */
export function whenWords(timeline: string): string {
  if (
    /^(tonight|today|tomorrow( \w+)?|this \w+|next \w+|as soon as possible|within .+|in \d+ .+|in (two|three|four|five|six|a couple of) .+)$/i.test(
      timeline,
    )
  )
    return timeline;
  if (/^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i.test(timeline)) return `on ${timeline}`;
  if (/^[A-Z][a-z]+ \d{1,2}$/.test(timeline) || /^\d{4}-\d{2}-\d{2}$/.test(timeline)) return `on ${timeline}`;
  if (/^(christmas|christmas eve|easter|new year's eve|valentine's day|thanksgiving)$/i.test(timeline))
    return `for ${timeline}`;
  if (/^(monaco grand prix|art basel|art basel miami beach|art basel paris|cannes film festival)$/i.test(timeline))
    return `for the ${timeline}`;
  return `in ${timeline}`;
}

/**
 * What was understood, in one sentence: "a private jet from Geneva to Courchevel for ten people
 * this Saturday (Saturday 28 November)".
 */
export function understoodPhrase(parsed: ParsedRequest, topic: Topic, where: string | null, now: Date): string {
  const named = parsed.preferences.map((p) => THING[p]).find(Boolean);
  const parts = [named ?? TOPIC_THING[topic]];
  const origin = parsed.origin?.split(',')[0];
  const destination = parsed.destination?.split(',')[0];
  if (origin && destination) parts.push(`from ${origin} to ${destination}`);
  else if (destination) parts.push(`to ${destination}`);
  else if (origin) parts.push(`from ${origin}`);
  else if (where) parts.push(where);
  if (parsed.partySize) parts.push(party(parsed.partySize, topic));
  if (parsed.timeline) parts.push(`${whenWords(parsed.timeline)}${datesAfter(parsed, now)}`);
  if (parsed.occasion) parts.push(OCCASION[parsed.occasion]);
  return parts.join(' ');
}

/** A wish as it reads after "your wish for": "a terrace", "a private chef", "champagne". */
const WISH: Record<string, string> = {
  terrace: 'a terrace',
  rooftop: 'a rooftop',
  pool: 'a pool',
  'sea view': 'a sea view',
  chef: 'a private chef',
  butler: 'a butler',
  nanny: 'a nanny',
  'private room': 'a private room',
  sommelier: 'a sommelier',
  photographer: 'a photographer',
  helicopter: 'a helicopter',
  yacht: 'a yacht',
  villa: 'a villa',
  chalet: 'a chalet',
  penthouse: 'a penthouse',
  'private jet': 'a private jet',
  chauffeur: 'a chauffeur',
  limousine: 'a limousine',
  'personal shopper': 'a personal shopper',
  'personal trainer': 'a personal trainer',
  spa: 'a spa',
  massage: 'a massage',
  'art advisory': 'an art advisor',
  michelin: 'a Michelin-starred table',
  'tasting menu': 'a tasting menu',
  supercar: 'the car you named',
  'vip access': 'VIP access',
  'ski-in ski-out': 'ski-in, ski-out',
  privacy: 'privacy',
};

/** The wishes the sentence has not named already, as they read in "I have noted your wish for...". */
export function wishes(parsed: ParsedRequest): string[] {
  const named = parsed.preferences.find((p) => THING[p]);
  return parsed.preferences.filter((p) => p !== named).map((p) => WISH[p] ?? p);
}

/** "Wife: shellfish allergy" reads "your wife's shellfish allergy"; "Terraces" reads "terraces". */
function possessive(value: string): string {
  const match = /^([A-Za-z ]{2,30}):\s*(.+)$/.exec(value.trim());
  if (match) return `your ${match[1].trim().toLowerCase()}'s ${match[2].trim().replace(/\.$/, '')}`;
  return value
    .trim()
    .replace(/\.$/, '')
    .replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
}

/** Kinds of what is remembered that each topic heeds. */
const HEEDED: Record<Topic, string[]> = {
  dining: ['seating', 'allergies', 'dining', 'health'],
  travel: ['flights', 'hotels', 'allergies', 'dining', 'health'],
  transportation: ['flights', 'health'],
  property: ['hotels', 'dining', 'allergies'],
  events: ['dining', 'allergies', 'seating'],
  wellness: ['health', 'allergies'],
  fashion: ['brands'],
  art: [],
  concierge: ['brands', 'allergies'],
};

/**
 * What the house remembers that bears on this request, as a sentence: "As you prefer, I will ask
 * for terraces, and the kitchen will know of your wife's shellfish allergy."
 */
export function rememberedSentence(profile: ProfileEntry[], topic: Topic, dietary: string[]): string | null {
  const heeded = profile.filter((entry) => HEEDED[topic].includes(entry.kind));
  const clauses: string[] = [];
  const seating = heeded.filter((e) => e.kind === 'seating').map((e) => possessive(e.value));
  if (seating.length) clauses.push(`I will ask for ${seating.join(' and ')}, as you prefer`);
  const flights = heeded.filter((e) => e.kind === 'flights').map((e) => possessive(e.value));
  if (flights.length) clauses.push(`I will keep to your habits in the air (${flights.join('; ')})`);
  const hotels = heeded.filter((e) => e.kind === 'hotels').map((e) => possessive(e.value));
  if (hotels.length) clauses.push(`rooms will be as you like them (${hotels.join('; ')})`);
  const brands = heeded.filter((e) => e.kind === 'brands').map((e) => possessive(e.value));
  if (brands.length) clauses.push(`I will start with the houses you favour (${brands.join(', ')})`);
  const kitchen = heeded
    .filter((e) => ['allergies', 'dining', 'health'].includes(e.kind))
    .map((e) => possessive(e.value))
    .filter((value) => !dietary.some((d) => value.toLowerCase().includes(d.toLowerCase())));
  if (kitchen.length) {
    clauses.push(
      topic === 'dining' || topic === 'events'
        ? `the kitchen will know of ${kitchen.join(' and ')} before you arrive`
        : `everyone looking after you will know of ${kitchen.join(' and ')}`,
    );
  }
  if (clauses.length === 0) return null;
  const sentence =
    clauses.length === 1 ? clauses[0] : `${clauses.slice(0, -1).join(', ')}, and ${clauses[clauses.length - 1]}`;
  return `${capitalise(sentence)}.`;
}
