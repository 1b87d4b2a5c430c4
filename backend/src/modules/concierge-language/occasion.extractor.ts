import type { Occasion } from '../../platform/ai/types';
import { fold } from './places';

/** The words that name each occasion, the more particular first (a proposal on an anniversary is a proposal). */
const OCCASION_WORDS: Array<[Occasion, RegExp]> = [
  ['proposal', /\b(propose|proposal|proposing|pop the question|engagement ring|will you marry me)\b/],
  ['anniversary', /\b(anniversary|anniversaire)\b/],
  [
    'birthday',
    /\b(birthday|bday|b-day|turns? (\d{2}|forty|fifty|sixty|seventy|thirty)|(\d{2})th (party|celebration)|(my|his|her|our|\w+'s) (\d{2})(st|nd|rd|th)\b(?! (anniversary|wedding anniversary|of)))/,
  ],
  [
    'business',
    /\b(business|corporate|clients?|investors?|board (meeting|dinner)|company|colleagues|offsite|off-site|team dinner|shareholders?|partners? from|deal closing|conference|product launch|launch event|roadshow)\b/,
  ],
];

/** What the request celebrates or serves: a birthday, an anniversary, a proposal, business; else null. */
export function findOccasion(text: string): Occasion | null {
  const t = fold(text).replace(/[’‘]/g, "'");
  for (const [occasion, pattern] of OCCASION_WORDS) if (pattern.test(t)) return occasion;
  return null;
}
