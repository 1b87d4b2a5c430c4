import { formatDate } from '@maison/shared';

/** The member whose nomination brought an entry, and how the nomination stands. */
export interface WaitlistNomination {
  memberId: string;
  /** Null when the member is gone. */
  memberName: string | null;
  status: 'credited' | 'suspect';
  /** Why it is suspect (empty when credited). */
  reasons: string[];
}

export interface AdminWaitlistEntry {
  id: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  netWorth: number | null;
  source: string;
  createdAt: string;
  /** When the person confirmed through the welcome email's link; null while unconfirmed. */
  confirmedAt: string | null;
  nominatedBy: WaitlistNomination | null;
}

/** The spec's name: fullName when given, else the part of the email before '@', else 'Guest User'. */
export function displayName(entry: Pick<AdminWaitlistEntry, 'fullName' | 'email'>): string {
  const full = entry.fullName?.trim();
  if (full) return full;
  const local = entry.email?.split('@')[0]?.trim();
  return local || 'Guest User';
}

/** Net worth in millions: '$' + amount + 'M+', a dash when unknown. */
export function formatNetWorth(netWorth: number | null | undefined): string {
  return netWorth === null || netWorth === undefined ? '—' : `$${netWorth}M+`;
}

/** The created date, e.g. 'Nov 20, 2026'; the spec's 'Invalid date' when it cannot be read. */
export function formatCreated(iso: string | null | undefined): string {
  return formatDate(iso);
}

/** Who nominated an entry, for the list: the member's name, or a word when the member is gone. */
export function nominatorName(nomination: WaitlistNomination): string {
  return nomination.memberName ?? 'A former member';
}
