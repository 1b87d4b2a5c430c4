import { blacklist } from 'mailchecker';

/**
 * The two questions every module asks of an address someone typed: is it the same person as an
 * address we already hold, and is it a throwaway one. The address as typed is kept for sending;
 * `normaliseEmail` is only what two addresses are compared by.
 */

/** Providers that deliver `name+anything@` to `name@` (sub-addressing), and those that ignore dots too. */
const PLUS_TAGS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'fastmail.com',
  'fastmail.fm',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'yandex.ru',
  'yandex.com',
]);
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);
/** Yahoo's disposable addresses are `name-keyword@`. */
const HYPHEN_TAGS = new Set(['yahoo.com', 'ymail.com', 'rocketmail.com']);
const SAME_MAILBOX: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/**
 * The form two addresses of one mailbox share: lower case, trimmed, and for the providers known
 * to ignore them, without dots (Gmail) and without a plus (or Yahoo's hyphen) tag. Any other
 * provider's local part is kept whole: `a.b@example.com` and `ab@example.com` may be two people.
 */
export function normaliseEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.$/, '');
  if (PLUS_TAGS.has(domain)) local = local.split('+')[0];
  if (HYPHEN_TAGS.has(domain)) local = local.split('-')[0];
  if (DOTS_IGNORED.has(domain)) local = local.replace(/\./g, '');
  domain = SAME_MAILBOX[domain] ?? domain;
  return `${local || address.slice(0, at)}@${domain}`;
}

const disposable = blacklist();

/**
 * Whether the address belongs to a disposable-mail service (the `mailchecker` package's list,
 * updated with the dependency): its domain or any domain it sits under.
 */
export function isDisposableEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  const labels = domain.replace(/\.$/, '').split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (disposable.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}

/** The refusal a disposable address meets, on the form and from the server. */
export const DISPOSABLE_EMAIL_REFUSED =
  'Please use a permanent email address: we do not accept addresses from disposable-mail services.';
