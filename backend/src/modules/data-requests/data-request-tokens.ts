import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secrets of data requests, all derived from SESSION_SECRET:
 * - the emailed "your data" link: `base64url({e: address, x: expiry}).signature`, refused when
 *   tampered with or past its expiry;
 * - an export's download token, derived from the request's id (the mailer derives it again, so it
 *   never rests in a queue or a row; only its SHA-256 is kept);
 * - a sealed address for a job's payload, so the outbox (whose rows are kept) holds no address.
 */
const b64 = (buffer: Buffer) => buffer.toString('base64url');

function key(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`data-requests.${purpose}`, 'utf8').digest();
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function signLink(secret: string, email: string, expiresAt: Date): string {
  const payload = b64(Buffer.from(JSON.stringify({ e: email, x: expiresAt.getTime() }), 'utf8'));
  const signature = b64(createHmac('sha256', key(secret, 'link')).update(payload).digest());
  return `${payload}.${signature}`;
}

export type LinkReading = { ok: true; email: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

export function readLink(secret: string, token: string, now = new Date()): LinkReading {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0 || token.length > 2000) return { ok: false, reason: 'invalid' };
  const expected = createHmac('sha256', key(secret, 'link')).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; x?: unknown };
    if (typeof parsed.e !== 'string' || typeof parsed.x !== 'number') return { ok: false, reason: 'invalid' };
    if (parsed.x <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, email: parsed.e, expiresAt: new Date(parsed.x) };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}

export function downloadToken(secret: string, requestId: string): string {
  return b64(createHmac('sha256', key(secret, 'download')).update(requestId, 'utf8').digest());
}

export function seal(secret: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret, 'seal'), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [b64(iv), b64(body), b64(cipher.getAuthTag())].join('.');
}

export function unseal(secret: string, sealed: string): string | null {
  try {
    const [iv, body, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', key(secret, 'seal'), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
