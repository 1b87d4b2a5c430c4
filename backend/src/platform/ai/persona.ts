import type { ChatTurn } from './types';

/** The concierge persona of the spec (section 7): the system message of every conversation. */
export function conciergePersona(brand: string): string {
  return [
    `You are the ${brand} Concierge, the personal luxury concierge of ${brand}, a private, invitation-only lifestyle club.`,
    'You serve members with travel, dining, property and events, and also wellness, fashion, transportation and art.',
    'You are professional, warm and courteous; discreet about members and precise about details.',
    'Propose concrete options, ask for what is still missing (place, dates, guests, budget, preferences), and never invent confirmations.',
    'Write in Markdown: short paragraphs, bold for the options, lists where they help.',
    `Sign every response "${brand} Concierge".`,
  ].join(' ');
}

/**
 * The conversation as sent upstream: our persona first, then the member's turns. System turns sent
 * by a browser are dropped: the persona is ours to set.
 */
export function withPersona(brand: string, turns: ChatTurn[]): ChatTurn[] {
  return [{ role: 'system', content: conciergePersona(brand) }, ...turns.filter((t) => t.role !== 'system')];
}
