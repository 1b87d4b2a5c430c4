import { MONTHS } from './calendar.words';
import { CLIMATE, type Season } from './climate.words';
import type { ParsedRequest } from './parser';
import { fold } from './places';
import type { InformationSubject } from './question.words';

function inSeason(season: Season, month: number): boolean {
  return season.from <= season.to
    ? month >= season.from && month <= season.to
    : month >= season.from || month <= season.to;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The month a question is about: its dates', else the month it names, else none. */
function monthOf(parsed: ParsedRequest): number | null {
  if (parsed.dates) return Number(parsed.dates.from.slice(5, 7));
  const named = MONTHS.findIndex((m) => parsed.timeline?.toLowerCase().includes(m));
  return named >= 0 ? named + 1 : null;
}

function weather(parsed: ParsedRequest): string {
  const place = parsed.place?.name ?? null;
  const seasons = place ? CLIMATE[place] : undefined;
  const month = monthOf(parsed);
  if (place && seasons && month) {
    const season = seasons.find((s) => inSeason(s, month));
    if (season) {
      return `${place} in ${capitalise(MONTHS[month - 1])} is ${season.note}. I keep no live forecast, so a few days before you travel I will gladly send you the one for your dates.`;
    }
  }
  if (place && seasons) {
    return `In ${place}, ${seasons.map((s) => `${capitalise(MONTHS[s.from - 1])} to ${capitalise(MONTHS[s.to - 1])} is ${s.note}`).join('; ')}. Tell me your dates and I will send you the forecast a few days before.`;
  }
  return `I keep no reliable forecast${place ? ` for ${place}` : ''} here. Tell me ${place ? 'your dates' : 'where and when you travel'} and I will send you what to expect a few days before you leave.`;
}

function opening(parsed: ParsedRequest): string {
  const where = parsed.place ? ` in ${parsed.place.name}` : '';
  return `Opening hours${where} change with the season and the day, so I would rather confirm them than guess: tell me the address you have in mind${parsed.timeline ? '' : ' and the day'}, and I will check with them directly.`;
}

function attire(text: string): string {
  const t = fold(text);
  if (/\b(opera|theatre|theater|ballet|concert|symphony)\b/.test(t)) {
    return 'Evening dress is customary at the opera: a dark suit and tie for gentlemen, a cocktail or evening dress for ladies; black tie only for premieres and galas.';
  }
  if (/\bcasino\b/.test(t)) {
    return 'The great casinos ask for a jacket in the evening (the Casino de Monte-Carlo among them); trainers, shorts and sportswear are not admitted.';
  }
  if (/\b(yacht|boat|sailing|on board)\b/.test(t)) {
    return 'On board, soft-soled shoes or bare feet, and light linen by day with a layer for the evening breeze; the crew will have towels and sun care ready.';
  }
  if (/\b(gala|ball|wedding|black tie)\b/.test(t)) {
    return 'Black tie means a dinner jacket and bow tie for gentlemen and a long evening dress for ladies; an invitation that says "cocktail" asks for a dark suit and a shorter dress.';
  }
  if (/\b(restaurant|dinner|michelin|lunch|table)\b/.test(t)) {
    return 'Most starred dining rooms ask for smart attire: a jacket for gentlemen (a tie is rarely required) and no sportswear or shorts. Name the restaurant and I will confirm its own rule.';
  }
  return 'Smart elegance suits most addresses: a jacket for gentlemen in the evening and no sportswear. Tell me where you are going and I will confirm its dress code.';
}

function documents(parsed: ParsedRequest): string {
  const place = parsed.destination ?? parsed.location;
  return `Entry rules depend on the passport you travel on: most countries ask for one valid at least six months beyond your stay, and some need a visa or an electronic authorisation (an ESTA for the United States, an ETA for the United Kingdom). Tell me your nationality and I will confirm what ${place ?? 'your destination'} asks of you.`;
}

/** A question asking to know, answered in a sentence or two. */
export function answerQuestion(subject: InformationSubject, parsed: ParsedRequest, text: string): string {
  switch (subject) {
    case 'weather':
      return weather(parsed);
    case 'opening':
      return opening(parsed);
    case 'attire':
      return attire(text);
    case 'documents':
      return documents(parsed);
  }
}
