import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The secrets of data requests, all derived from SESSION_SECRET:
 * - the emailed "your data" link: `{address, expiry}` sealed with AES-256-GCM (the address never
 *   shows in a URL, an access log or the browser's history), refused when altered or past its expiry;
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
  return sealWith(secret, 'link', JSON.stringify({ e: email, x: expiresAt.getTime() }));
}

export type LinkReading = { ok: true; email: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

/** The link's token, opened: refused when altered (the cipher's tag), cut short, or past its expiry. */
export function readLink(secret: string, token: string, now = new Date()): LinkReading {
  if (typeof token !== 'string' || token.length > 2000) return { ok: false, reason: 'invalid' };
  const opened = unsealWith(secret, 'link', token);
  if (opened === null) return { ok: false, reason: 'invalid' };
  try {
    const parsed = JSON.parse(opened) as { e?: unknown; x?: unknown };
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

function sealWith(secret: string, purpose: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [b64(iv), b64(body), b64(cipher.getAuthTag())].join('.');
}

function unsealWith(secret: string, purpose: string, sealed: string): string | null {
  const parts = sealed.split('.');
  if (parts.length !== 3) return null;
  try {
    const [iv, body, tag] = parts.map((part) => Buffer.from(part, 'base64url'));
    if (iv.length !== 12 || tag.length !== 16) return null;
    const decipher = createDecipheriv('aes-256-gcm', key(secret, purpose), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A job's payload sealed, so the outbox (whose rows are kept) holds no address. */
export function seal(secret: string, text: string): string {
  return sealWith(secret, 'seal', text);
}

export function unseal(secret: string, sealed: string): string | null {
  return unsealWith(secret, 'seal', sealed);
}
