/** Username and password of an `Authorization: Basic ...` header, or null when absent or malformed. */
export function parseBasicAuth(header: string | undefined): { username: string; password: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const username = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (!username || !password || username.length > 200 || password.length > 1000) return null;
  // PostgreSQL cannot take a NUL in text: no administrator's name or password holds one.
  if (decoded.includes('\u0000')) return null;
  return { username, password };
}
