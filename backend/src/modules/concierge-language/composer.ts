import { catalogueCategory } from '../../platform/ai/service-catalogue';
import type { ChatTurn, DirectoryVendor, MessageCategory, ParsedEntities, ReplyContext } from '../../platform/ai/types';
import { MONTHS } from './calendar.words';
import { answerQuestion } from './answers';
import { informationAsked, isPleasantry, messageIntent, reportsExperience } from './intent.extractor';
import { findTopic, parseRequest, type ParsedRequest, type TopicAndPlace } from './parser';
import { partnersThatFit } from './partners';
import { findPlace } from './place.extractor';
import { fold, type Place } from './places';
import { datesAfter, rememberedSentence, understoodPhrase, wishes } from './understood';

/**
 * The offline concierge's replies: Markdown grounded in what the member asked (parsed), in the
 * service catalogue and in the partners of the vendor directory. Nothing here is a canned answer:
 * every reply is assembled from the request's own category, place, timing, budget and wishes.
 */

type Topic = Exclude<MessageCategory, 'default'>;

const LABEL: Record<Topic, string> = {
  travel: 'Travel',
  dining: 'Dining',
  property: 'Residences',
  events: 'Events',
  wellness: 'Wellness',
  fashion: 'Fashion',
  transportation: 'Transportation',
  art: 'Art',
  concierge: 'Concierge',
};

/** Where each topic sits in the service catalogue. */
const CATALOGUE_OF: Record<Topic, string> = {
  travel: 'hotels',
  dining: 'restaurants',
  property: 'hotels',
  events: 'experiences',
  wellness: 'wellness',
  fashion: 'fashion',
  transportation: 'transportation',
  art: 'other',
  concierge: 'other',
};

const WHAT: Record<Topic, string> = {
  travel: 'your journey',
  dining: 'your table',
  property: 'your residence',
  events: 'your event',
  wellness: 'your wellness programme',
  fashion: 'your private appointment',
  transportation: 'your transport',
  art: 'your art experience',
  concierge: 'your request',
};

type Line = (where: string) => string;

const OPTIONS: Record<Topic, Line[]> = {
  travel: [
    (w) =>
      `**A bespoke itinerary ${w}**: a suite at the finest address, private transfers and each day planned around you.`,
    (w) =>
      `**Private aviation** ${w === 'at your destination' ? 'to your destination' : w.replace(/^in /, 'to ')}, bookable with as little as 6 hours notice.`,
    (w) => `**A fully staffed private villa** ${w} in place of a hotel, for more space and complete privacy.`,
    (w) => `**Private guided experiences** ${w} with the best local experts, away from the crowds.`,
  ],
  dining: [
    (w) =>
      `**The chef’s table at a Michelin-starred restaurant** ${w}, secured through our standing relationships with the maître d’.`,
    (w) => `**A private dining room** ${w}, with a menu agreed with the chef in advance.`,
    (w) => `**A private chef at your residence** ${w}, cooking a menu built around your tastes.`,
    (w) => `**A table with a view** ${w}, timed for sunset, with the sommelier briefed before you arrive.`,
  ],
  property: [
    (w) =>
      `**A shortlist of three residences** ${w}: villas, chalets or penthouses, with photographs, plans and availability within 24 hours.`,
    (w) => `**Off-market homes** ${w} from our private network, for complete discretion.`,
    () => `**Full staffing**: housekeeper, butler and private chef, as you wish.`,
    () => `**An arrival handled for you**: transfers, a stocked kitchen and a welcome briefing.`,
  ],
  events: [
    (w) => `**Three private venues** ${w}, matched to your guest list and the mood you want.`,
    () => `**Production end to end**: catering, entertainment, flowers, lighting and photography under one planner.`,
    (w) => `**VIP access** ${w}: hospitality packages, the best seats and backstage where it can be had.`,
    () => `**Guest logistics**: invitations, transfers and rooms held for your guests.`,
  ],
  wellness: [
    (w) => `**A private spa suite** ${w} with signature treatments booked back to back.`,
    (w) => `**A therapist at your residence** ${w}: massage, facial or physiotherapy where you stay.`,
    (w) => `**A wellness retreat** ${w} with a medical check-up, nutrition and a movement programme.`,
    () => `**A personal trainer or yoga teacher** for daily sessions at the hour you prefer.`,
  ],
  fashion: [
    (w) => `**A private after-hours appointment** at the flagship boutiques ${w}.`,
    (w) => `**A personal shopper and stylist** ${w} who pre-selects pieces in your sizes before you arrive.`,
    () => `**Bespoke tailoring**, with fittings at your hotel or residence.`,
    () => `**Fine jewellery and watches**: private viewings, including pieces not shown in store.`,
  ],
  transportation: [
    (w) =>
      `**A private jet** ${w === 'at your destination' ? 'to your destination' : w.replace(/^in /, 'to ')}: light, midsize or heavy, ready with as little as 6 hours notice.`,
    () => `**A helicopter transfer** for the last leg, landing as close as is permitted.`,
    (w) => `**A chauffeur** ${w}: an S-Class, a Rolls-Royce or a Range Rover with a discreet driver.`,
    (w) => `**A crewed yacht** ${w}, from a day on the water to a week’s cruise.`,
  ],
  art: [
    (w) => `**Private viewings at leading galleries** ${w}, before or after opening hours.`,
    () => `**An independent art advisor** for acquisitions, provenance and condition checks.`,
    () => `**Auction representation**: previews, condition reports and a bidding agent in the room.`,
    (w) => `**A museum after hours** ${w}, with a curator-led tour.`,
  ],
  concierge: [
    (w) => `**A dedicated concierge** ${w} who handles every detail from start to finish.`,
    () => `**Gifts and flowers**: sourced, wrapped and hand-delivered with a note in your words.`,
    () => `**Reservations, tickets and access** across dining, events and experiences.`,
    () => `**Staffing and security**: drivers, close protection, nannies or personal assistants.`,
  ],
};

/** A wish the member named turns into an option of its own. */
const PREFERENCE_OPTIONS: Record<string, Line> = {
  yacht: (w) => `**A crewed yacht** ${w}, with captain, chef and stewardess, for the day or the week.`,
  catering: () => `**Catering by a celebrated chef**, from canapés to a seated dinner.`,
  entertainment: () => `**Entertainment**: a DJ, live musicians or a string quartet, chosen to your taste.`,
  chef: (w) => `**A private chef** ${w}, cooking a menu designed with you beforehand.`,
  villa: (w) => `**A private villa** ${w}, fully staffed, with the privacy of your own estate.`,
  chalet: (w) => `**A catered chalet** ${w} with chef, host and boot-warmers ready.`,
  penthouse: (w) => `**A penthouse** ${w} with the view and the service of a five-star hotel.`,
  helicopter: () => `**A helicopter** on standby for transfers, landing as close as is permitted.`,
  'private jet': () => `**A private jet** positioned for you with as little as 6 hours notice.`,
  spa: (w) => `**A private spa suite** ${w}, reserved for you alone.`,
  massage: () => `**Massages** by a senior therapist, at the spa or in your suite.`,
  sommelier: () => `**A sommelier** to pair each course, with rare bottles brought in where needed.`,
  champagne: () => `**Champagne** from the great houses, chilled and waiting.`,
  chauffeur: (w) => `**A chauffeur** ${w} at your disposal throughout.`,
  supercar: () => `**The car you named**, delivered to your door, insured and ready.`,
  security: () => `**Close protection**: discreet, licensed security officers for the whole stay.`,
  photographer: () => `**A photographer** who knows how to be unseen until the moment matters.`,
  flowers: () => `**Flowers** by the best florist in town, arranged and delivered on time.`,
  'vip access': () => `**VIP access**: the best seats, hospitality and backstage where it can be had.`,
  nanny: () => `**An experienced nanny**, vetted and available for the whole stay.`,
  butler: () => `**A butler** who unpacks, presses and anticipates.`,
  'art advisory': () => `**An art advisor** to guide you, independent of any gallery.`,
  'personal shopper': () => `**A personal shopper** who pre-selects pieces before you arrive.`,
  jewelry: () => `**A private jewellery viewing**, including pieces not shown in store.`,
  fireworks: () => `**A fireworks display**, licensed and choreographed to music.`,
  golf: () => `**Tee times** at the finest course nearby, with a caddie booked.`,
  diving: () => `**Diving and snorkelling** with a private instructor at the best sites.`,
};

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function placeName(parsed: ParsedRequest): string | null {
  return parsed.place?.name ?? parsed.location;
}

/** The request so far: the last message first, earlier messages filling what it leaves out. */
function userTexts(turns: ChatTurn[]): string[] {
  return turns.filter((t) => t.role === 'user').map((t) => t.content);
}

/** The latest message's topic and place, or, where it names none, the earlier messages'. */
function laterTopic(last: TopicAndPlace, earlier: TopicAndPlace): TopicAndPlace {
  const specific = (c: MessageCategory) => c !== 'default' && c !== 'concierge';
  return {
    mainCategory:
      specific(last.mainCategory) || !specific(earlier.mainCategory) ? last.mainCategory : earlier.mainCategory,
    place: last.place ?? earlier.place,
  };
}

export function understand(turns: ChatTurn[]): ParsedRequest {
  const users = userTexts(turns);
  const last = parseRequest(users[users.length - 1] ?? '');
  if (users.length < 2) return last;
  const earlier = parseRequest(users.slice(-6, -1).join('\n'));
  return {
    ...laterTopic(last, earlier),
    location: last.location ?? earlier.location,
    timeline: last.timeline ?? earlier.timeline,
    urgency: last.urgency !== 'medium' ? last.urgency : earlier.urgency,
    budget: last.budget ?? earlier.budget,
    preferences: [...new Set([...earlier.preferences, ...last.preferences])],
    partySize: last.partySize ?? earlier.partySize,
    origin: last.origin ?? earlier.origin,
    destination: last.destination ?? earlier.destination,
    occasion: last.occasion ?? earlier.occasion,
    dietary: [...new Set([...earlier.dietary, ...last.dietary])],
    dates: last.timeline ? last.dates : earlier.dates,
  };
}

/** understand()'s topic and place alone, at a third of its cost: what the partner directory needs. */
export function understandTopic(turns: ChatTurn[]): TopicAndPlace {
  const users = userTexts(turns);
  const last = findTopic(users[users.length - 1] ?? '');
  return users.length < 2 ? last : laterTopic(last, findTopic(users.slice(-6, -1).join('\n')));
}

function guestCountKnown(parsed: ParsedEntities, text: string): boolean {
  return (
    parsed.partySize !== null ||
    /\b(\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty|hundred) ?(guests|people|persons|pax|of us|adults|friends)\b|\bfor (\d+|two|three|four|five|six|eight|ten)\b|\b(couple|my wife|my husband|my partner|alone|myself)\b/i.test(
      text,
    )
  );
}

/** Questions about what the request still lacks, most important first; what is known is never asked. */
export function missingQuestions(parsed: ParsedEntities, text: string, remembered: string[] = []): string[] {
  const topic = parsed.mainCategory === 'default' ? 'concierge' : parsed.mainCategory;
  const questions: string[] = [];
  const journey = topic === 'transportation' || topic === 'travel';
  if (!parsed.location && !parsed.destination) {
    questions.push(`Which city or destination do you have in mind for ${WHAT[topic]}?`);
  } else if (topic === 'transportation' && parsed.origin && !parsed.destination) {
    questions.push('And where shall I take you?');
  }
  if (!parsed.timeline) {
    questions.push(
      journey
        ? 'On which day, and at what time, would you like to leave?'
        : 'What dates, or which day and time, should I plan around?',
    );
  }
  if (['dining', 'events', 'travel', 'property', 'transportation'].includes(topic) && !guestCountKnown(parsed, text)) {
    questions.push(
      topic === 'events'
        ? 'How many guests are you expecting?'
        : topic === 'transportation'
          ? 'How many will be travelling?'
          : 'How many will be in your party?',
    );
  }
  if (!parsed.budget && topic !== 'dining') {
    questions.push('Is there a budget you would like me to work within, or shall I present the finest available?');
  }
  const dietKnown = parsed.dietary.length > 0 || remembered.some((kind) => ['allergies', 'dining'].includes(kind));
  if (topic === 'dining' && !dietKnown) {
    questions.push('Should the kitchen know of any allergies or dietary wishes?');
  } else if (
    parsed.preferences.length === 0 &&
    parsed.dietary.length === 0 &&
    remembered.length === 0 &&
    topic !== 'dining'
  ) {
    questions.push('Any preferences I should build around: a view, dietary needs, a favourite house or brand?');
  }
  return questions;
}

function formatList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function vendorLines(vendors: DirectoryVendor[]): string[] {
  return vendors.slice(0, 3).map((v) => {
    const city = v.city ? ` (${v.city})` : '';
    const about = v.description ? `: ${v.description.replace(/\s+/g, ' ').trim().slice(0, 160)}` : '';
    return `- **${v.name}**${city}${about}`;
  });
}

function signature(brand: string): string {
  return `Warm regards,\n\n*${brand} Concierge*`;
}

function greeting(brand: string, context: ReplyContext): string {
  const near = context.userLocation
    ? ` Whether it is ${context.userLocation} tonight or the other side of the world next month, `
    : ' ';
  return [
    `Good day, and welcome to ${brand}.${near}I am at your service.`,
    '',
    'I can arrange, among other things:',
    '- **Private aviation**, with as little as 6 hours notice',
    '- **Exceptional residences**: villas, chalets and penthouses',
    '- **The most coveted tables**, Michelin-starred dining and private chefs',
    '- **Events and VIP access**, wellness retreats, fashion appointments and art viewings',
    '',
    'Tell me what you have in mind, where, and when, and I will take it from there.',
    '',
    signature(brand),
  ].join('\n');
}

/** Thanks for what came before: a request in hand, or an experience the member reports. */
function thanks(brand: string, previous: ParsedRequest, experienced: boolean): string {
  const place = previous.mainCategory !== 'default' ? placeName(previous) : null;
  const first = experienced
    ? `I am so pleased to hear it${place ? `, and delighted that ${place} lived up to your hopes` : ''}. Thank you for letting me know.`
    : `It is my pleasure.${place ? ` I will keep everything for ${place} in hand and write as soon as it is confirmed.` : ''}`;
  return [`${first} Should anything else come to mind, I am here at any hour.`, '', signature(brand)].join('\n');
}

function cancelled(brand: string, previous: ParsedRequest): string {
  const topic: Topic | null = previous.mainCategory === 'default' ? null : previous.mainCategory;
  const place = placeName(previous);
  const what = topic ? `${WHAT[topic]}${place ? ` in ${place}` : ''}` : 'that request';
  return [
    `Of course. I have set aside ${what}, and nothing will be booked on your behalf.`,
    'Whenever you would like to arrange something else, simply tell me what, where and when.',
    '',
    signature(brand),
  ].join('\n');
}

function unclear(brand: string, message: string): string {
  const quoted = message.trim().replace(/\s+/g, ' ').slice(0, 80);
  return [
    `I would be delighted to help with “${quoted}”. To arrange it properly, could you tell me a little more?`,
    '',
    '- **What** you would like: a table, a journey, a residence, an event, a treatment, an appointment',
    '- **Where**, and **when**',
    '- Any **preferences** or budget I should respect',
    '',
    signature(brand),
  ].join('\n');
}

/** A reply to the conversation, as the offline concierge writes it. */
export function composeReply(turns: ChatTurn[], brand: string, context: ReplyContext = {}): string {
  const userTurns = turns.filter((t) => t.role === 'user');
  const message = userTurns[userTurns.length - 1]?.content ?? '';
  const intent = messageIntent(message);
  if (intent === 'thanks' || intent === 'cancel') {
    const previous = understand(turns.slice(0, turns.lastIndexOf(userTurns[userTurns.length - 1])));
    return intent === 'thanks' ? thanks(brand, previous, reportsExperience(message)) : cancelled(brand, previous);
  }
  const parsed = understand(turns);
  if (intent === 'question') {
    const subject = informationAsked(message);
    if (subject) return [answerQuestion(subject, parsed, message), '', signature(brand)].join('\n');
  }
  if (intent === 'small-talk') {
    if (isPleasantry(message)) return greeting(brand, context);
    if (parsed.mainCategory === 'default') return unclear(brand, message);
  }
  return requestReply(parsed, userTurns.map((t) => t.content).join('\n'), message, brand, context);
}

/** How a reply opens, by a seed from the message, so two requests of a kind do not read alike. */
const OPENERS: Array<(what: string) => string> = [
  (what) => `Certainly. I would be delighted to arrange ${what}.`,
  (what) => `With pleasure: ${what}. Consider it in hand.`,
  (what) => `Of course. I have noted ${what}, and I am on it now.`,
  (what) => `It would be my pleasure to arrange ${what}.`,
  (what) => `Noted, and gladly: ${what}.`,
];

const UNDERSTOOD_HEADINGS = ['**What I have understood**', '**Your request, as I have it**', '**In brief**'];
const OPTIONS_HEADINGS = ['**Options I can arrange**', '**What I propose**', '**How I would go about it**'];
const MISSING_HEADINGS = [
  '**To finalise the details**',
  '**A few details, and I can proceed**',
  '**Before I confirm**',
];

function pick<T>(list: T[], seed: number, salt: number): T {
  return list[(seed + salt) % list.length];
}

function requestReply(
  parsed: ParsedRequest,
  allText: string,
  message: string,
  brand: string,
  context: ReplyContext,
): string {
  const topic: Topic = parsed.mainCategory === 'default' ? 'concierge' : parsed.mainCategory;
  const place = placeName(parsed);
  const where = place
    ? `in ${place}`
    : context.userLocation
      ? `near you in ${context.userLocation}`
      : 'at your destination';
  const seed = hash(message);
  const profile = context.profile ?? [];

  const intro: string[] = [];
  const now = new Date();
  const what = understoodPhrase(parsed, topic, place || context.userLocation ? where : null, now);
  intro.push(
    `### ${LABEL[topic]}${place ? ` in ${place}` : context.userLocation ? ` near you in ${context.userLocation}` : ''}`,
    '',
    pick(OPENERS, seed, 0)(what) +
      (wishes(parsed).length ? ` I have noted your wish for ${formatList(wishes(parsed))}.` : '') +
      (parsed.dietary.length
        ? ` ${topic === 'dining' || topic === 'events' ? 'The kitchen' : 'Everyone looking after you'} will know of the ${formatList(parsed.dietary)} before you arrive.`
        : ''),
  );
  const remembered = rememberedSentence(profile, topic, parsed.dietary);
  if (remembered) intro.push('', remembered);
  if (parsed.urgency === 'high') {
    intro.push('', 'Given the timing, I am treating this as a priority and will confirm availability within the hour.');
  } else if (parsed.urgency === 'low') {
    intro.push(
      '',
      'There is time to do this beautifully, so I will present the options at their best rather than the first available.',
    );
  }

  const understood = [
    `- **Request:** ${LABEL[topic]}`,
    `- **Where:** ${
      parsed.origin && parsed.destination
        ? `${parsed.origin} to ${parsed.destination}`
        : (parsed.location ?? (context.userLocation ? `${context.userLocation} (your location)` : 'to be confirmed'))
    }`,
    `- **When:** ${parsed.timeline ? `${parsed.timeline}${datesAfter(parsed, now)}` : 'to be confirmed'}`,
  ];
  if (parsed.partySize) understood.push(`- **Party:** ${parsed.partySize}`);
  if (topic !== 'dining' || parsed.budget) understood.push(`- **Budget:** ${parsed.budget ?? 'to be confirmed'}`);
  if (parsed.preferences.length) understood.push(`- **Preferences:** ${parsed.preferences.join(', ')}`);
  if (parsed.dietary.length) understood.push(`- **Dietary:** ${parsed.dietary.join(', ')}`);

  // A journey's options are at its end: "a private jet to Courchevel", not to where it starts.
  const at = parsed.destination ? `in ${parsed.destination.split(',')[0]}` : where;
  const fromPreferences = parsed.preferences
    .map((p) => PREFERENCE_OPTIONS[p])
    .filter((line): line is Line => Boolean(line))
    .slice(0, 2)
    .map((line) => line(at));
  const general = OPTIONS[topic];
  const start = seed % general.length;
  const rotated = [...general.slice(start), ...general.slice(0, start)].map((line) => line(at));
  // One line per thing offered ("**A private jet**" once), and no yacht for a journey by air or road.
  const title = (line: string) => /^\*\*([^*]+)\*\*/.exec(line)?.[1].toLowerCase() ?? line;
  const offered = new Set(fromPreferences.map(title));
  const byAir = topic === 'transportation' && !parsed.preferences.includes('yacht');
  const options = [
    ...fromPreferences,
    ...rotated.filter((o) => !offered.has(title(o)) && !(byAir && /^\*\*A crewed yacht\*\*/.test(o))),
  ].slice(0, 3);

  const catalogue = catalogueCategory(CATALOGUE_OF[topic]);
  const parts = [
    ...intro,
    '',
    pick(UNDERSTOOD_HEADINGS, seed, 1),
    ...understood,
    '',
    pick(OPTIONS_HEADINGS, seed, 2),
    ...options.map((o, i) => `${i + 1}. ${o}`),
  ];
  const partnerPlace = parsed.place ?? (context.userLocation ? findPlace(context.userLocation) : null);
  const vendors = partnersThatFit(context.vendors ?? [], topic, partnerPlace);
  if (vendors.length) {
    parts.push('', `**From our partner directory${place ? ` in ${place}` : ''}**`, ...vendorLines(vendors));
  }
  if (catalogue) {
    parts.push(
      '',
      `Within *${catalogue.name}* we also cover ${formatList(catalogue.subcategories.map((s) => s.name))}.`,
    );
  }
  const questions = missingQuestions(
    parsed,
    allText,
    profile.map((entry) => entry.kind),
  ).slice(0, 3);
  if (questions.length) {
    parts.push('', pick(MISSING_HEADINGS, seed, 3), ...questions.map((q) => `- ${q}`));
  } else {
    parts.push(
      '',
      `Everything I need is here. Shall I proceed with option 1 and hold it ${where}${parsed.timeline ? ` for ${parsed.timeline}` : ''}?`,
    );
  }
  parts.push('', signature(brand));
  return parts.join('\n');
}

/** A follow-up question about what a request still lacks. */
export function composeFollowUp(parsed: ParsedEntities, text: string): string {
  const [first] = missingQuestions(parsed, text);
  if (first) return first;
  const topic: Topic = parsed.mainCategory === 'default' ? 'concierge' : parsed.mainCategory;
  return `Shall I confirm ${WHAT[topic]} in ${parsed.location} for ${parsed.timeline}, or would you like to see alternatives first?`;
}

/** A title's subject: the phrase, and the one word that stands for it when space is short. */
interface TitleSubject {
  phrase: string;
  short: string;
}

const TITLE_TOPIC: Record<Topic, TitleSubject> = {
  travel: { phrase: 'Luxury Travel Plans', short: 'Journey' },
  dining: { phrase: 'Dinner Reservation', short: 'Dinner' },
  property: { phrase: 'Residence Search', short: 'Residence' },
  events: { phrase: 'Event Planning', short: 'Event' },
  wellness: { phrase: 'Wellness Escape', short: 'Wellness' },
  fashion: { phrase: 'Fashion Appointment', short: 'Fashion' },
  transportation: { phrase: 'Private Transport', short: 'Transport' },
  art: { phrase: 'Art Viewing', short: 'Art' },
  concierge: { phrase: 'Personal Concierge Request', short: 'Request' },
};

const TITLE_PREFERENCE: Record<string, TitleSubject> = {
  yacht: { phrase: 'Yacht Charter', short: 'Yacht' },
  villa: { phrase: 'Villa Stay', short: 'Villa' },
  chalet: { phrase: 'Chalet Stay', short: 'Chalet' },
  penthouse: { phrase: 'Penthouse Stay', short: 'Penthouse' },
  'private jet': { phrase: 'Private Jet', short: 'Jet' },
  helicopter: { phrase: 'Helicopter Transfer', short: 'Helicopter' },
  spa: { phrase: 'Spa Day', short: 'Spa' },
  michelin: { phrase: 'Michelin Dinner', short: 'Dinner' },
  'tasting menu': { phrase: 'Tasting Menu', short: 'Dinner' },
  supercar: { phrase: 'Supercar Rental', short: 'Supercar' },
  'vip access': { phrase: 'VIP Access', short: 'VIP' },
};

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'de',
  'del',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

const HOLIDAYS = /^(christmas|christmas eve|easter|new year's eve|valentine's day|thanksgiving)$/i;
const MONTH_ONLY = new RegExp(`^(${MONTHS.join('|')})$`, 'i');
const DATE = new RegExp(`^(${MONTHS.join('|')}) \\d{1,2}$`, 'i');
const RELATIVE = /^(tonight|today|tomorrow( \w+)?|(this|next) \w+)$/i;

/**
 * The timeline as it reads after a place ("... in Paris Tonight", "... for Christmas"), and after a
 * subject alone ("Spa Day for Tonight"); null when it would not read well in a title.
 */
function timelineWords(timeline: string | null): { afterPlace: string[]; alone: string[] } | null {
  if (!timeline) return null;
  const words = (phrase: string) => titleCase(phrase).split(' ');
  if (RELATIVE.test(timeline)) return { afterPlace: words(timeline), alone: ['for', ...words(timeline)] };
  if (HOLIDAYS.test(timeline)) return { afterPlace: ['for', ...words(timeline)], alone: ['for', ...words(timeline)] };
  if (MONTH_ONLY.test(timeline)) return { afterPlace: ['in', ...words(timeline)], alone: ['in', ...words(timeline)] };
  if (DATE.test(timeline)) return { afterPlace: ['on', ...words(timeline)], alone: ['on', ...words(timeline)] };
  return null;
}

/** 'to' for "a jet to Dubai", 'from' for "a transfer from Nice", 'in' otherwise. */
function placePreposition(message: string, place: Place): string {
  const folded = fold(message);
  for (const spelling of place.spellings) {
    const at = folded.indexOf(spelling);
    const before = at > 0 ? /\b(to|from)\s+(the\s+)?$/.exec(folded.slice(0, at)) : null;
    if (before) return before[1];
  }
  return 'in';
}

const fits = (words: string[]) => words.length >= 4 && words.length <= 5;

/** A title from the first words of a message that asks for nothing in particular. */
function wordsTitle(message: string): string | null {
  const words = message
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  for (const n of [5, 4]) {
    const head = words.slice(0, n);
    if (head.length === n && !SMALL_WORDS.has(head[n - 1].toLowerCase())) return titleCase(head.join(' '));
  }
  return null;
}

/**
 * A title of 4 to 5 whole words for a conversation, or 'New conversation' when none can be made.
 * A place name is never cut: when the subject and the place do not fit together, the place comes
 * first ("Rio de Janeiro Dinner Reservation"), then a shorter subject, then no place at all.
 */
export function composeTitle(message: string): string {
  const parsed = parseRequest(message);
  const intent = messageIntent(message);
  if (parsed.mainCategory === 'default' || intent !== 'request') return wordsTitle(message) ?? 'New conversation';
  const subject = parsed.preferences.map((p) => TITLE_PREFERENCE[p]).find(Boolean) ?? TITLE_TOPIC[parsed.mainCategory];
  const phrase = subject.phrase.split(' ');
  const twoWords = phrase.slice(-2);
  const when = timelineWords(parsed.timeline);
  const candidates: string[][] = [];
  if (parsed.place) {
    const place = parsed.place.name.split(' ');
    const at = [placePreposition(message, parsed.place), ...place];
    if (when) candidates.push([...phrase, ...at, ...when.afterPlace]);
    candidates.push([...phrase, ...at], [...place, ...phrase], [...place, ...twoWords], [...place, subject.short]);
  }
  if (when) candidates.push([...phrase, ...when.alone], ['Bespoke', ...phrase, ...when.alone]);
  candidates.push(phrase.length >= 3 ? ['Bespoke', ...phrase] : ['Bespoke', ...phrase, 'Request']);
  const title = candidates.find(fits);
  return title ? title.join(' ') : 'New conversation';
}
