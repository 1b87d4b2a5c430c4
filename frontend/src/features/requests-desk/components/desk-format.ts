import { formatMoney } from '@maison/shared';

/** How long ago, briefly: '45 s', '12 min', '3 h 05', '2 d'. */
export function elapsed(fromIso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - new Date(fromIso).getTime()) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')}`;
  return `${Math.floor(hours / 24)} d`;
}

/** A duration in seconds, as the overview shows it ('4 min', '1 h 20'), or a dash. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  return elapsed(new Date(0).toISOString(), seconds * 1000);
}

export const STATUS_TITLE: Record<string, string> = {
  received: 'Received',
  in_progress: 'In progress',
  options_proposed: 'Options proposed',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const CATEGORY_TITLE: Record<string, string> = {
  travel: 'Travel',
  dining: 'Dining',
  property: 'Residences',
  events: 'Events',
  wellness: 'Wellness',
  fashion: 'Fashion',
  transportation: 'Transportation',
  art: 'Art',
  concierge: 'Concierge',
  default: 'Request',
};

export function price(value: number, currency: string): string {
  return formatMoney(value, currency);
}

export const TIER_TITLE: Record<string, string> = {
  nomad: 'Nomad',
  voyager: 'Voyager',
  patron: 'Patron',
  black: 'Black',
};

/**
 * Who asked, as a card and a conversation show it: a signed-in member's name and tier ('Elena
 * Marchetti · Voyager'); anyone else (the house password, the public chat) is a guest session.
 */
export function askedBy(member: { name: string; tier: string } | null | undefined): string {
  return member ? `${member.name} · ${TIER_TITLE[member.tier] ?? member.tier}` : 'Guest session';
}

/** What the concierge understood of a request, as the desk reads it (the API's ParsedEntities). */
export interface Understood {
  location: string | null;
  timeline: string | null;
  budget: string | null;
  partySize?: number | null;
  origin?: string | null;
  destination?: string | null;
  occasion?: string | null;
  dietary?: string[];
  dates?: { from: string; to: string } | null;
}

const SHORT_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function shortDay(iso: string): string {
  return SHORT_DAY.format(new Date(`${iso}T00:00:00Z`));
}

/** Where: the journey when there is one ('Geneva → Courchevel'), else the place. City names only. */
export function whereFact(parsed: Understood | null | undefined): string {
  if (!parsed) return '—';
  const city = (place: string) => place.split(',')[0];
  if (parsed.origin && parsed.destination) return `${city(parsed.origin)} → ${city(parsed.destination)}`;
  if (parsed.destination) return `→ ${city(parsed.destination)}`;
  return parsed.location ?? '—';
}

/** When: the member's words with the dates they name ('this Saturday · 28 Nov'). */
export function whenFact(parsed: Understood | null | undefined): string {
  if (!parsed?.timeline) return '—';
  const { dates } = parsed;
  if (!dates) return parsed.timeline;
  const days = dates.from === dates.to ? shortDay(dates.from) : `${shortDay(dates.from)} – ${shortDay(dates.to)}`;
  return `${parsed.timeline} · ${days}`;
}

const OCCASION_TITLE: Record<string, string> = {
  birthday: 'Birthday',
  anniversary: 'Anniversary',
  proposal: 'Proposal',
  business: 'Business',
};

/** The card's other facts: the party and the occasion, when known. */
export function partyFact(parsed: Understood | null | undefined): string | null {
  const parts = [
    parsed?.partySize ? `${parsed.partySize} ${parsed.partySize === 1 ? 'guest' : 'guests'}` : null,
    parsed?.occasion ? (OCCASION_TITLE[parsed.occasion] ?? parsed.occasion) : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : null;
}
