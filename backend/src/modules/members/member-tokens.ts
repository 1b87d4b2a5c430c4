import { createHash, randomBytes } from 'node:crypto';

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
