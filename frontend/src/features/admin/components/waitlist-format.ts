import { formatDate } from '@maison/shared';

export interface AdminWaitlistEntry {
  id: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  netWorth: number | null;
  source: string;
  createdAt: string;
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
