import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A 32-byte random token, base64url (43 characters): what a cookie or a link carries. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The token a cookie or path carries, when it has a token's shape (anything else names nothing). */
export function tokenOf(value: unknown): string | null {
  return typeof value === 'string' && TOKEN_SHAPE.test(value) ? value : null;
}

/**
 * The token of an emailed link, derived from the row's id and SESSION_SECRET: the database keeps
 * only its hash, and the worker that writes the email derives it again (the outbox carries the id,
 * never the secret link).
 */
export function derivedToken(secret: string, purpose: 'offer' | 'sign-in', id: string): string {
  return createHmac('sha256', secret).update(`member-${purpose}.v1.${id}`).digest('base64url');
}

/** The 6-digit code of a sign-in email, derived as its link's token is. */
export function derivedCode(secret: string, id: string): string {
  const number = createHmac('sha256', secret).update(`member-sign-in-code.v1.${id}`).digest().readUInt32BE(0);
  return String(number % 1_000_000).padStart(6, '0');
}

/** What the database keeps of a code: bound to its row, so equal codes of two emails differ. */
export function codeHash(id: string, code: string): string {
  return tokenHash(`${id}:${code}`);
}
