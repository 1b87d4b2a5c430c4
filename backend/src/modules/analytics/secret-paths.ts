/**
 * Page addresses that carry a bearer secret (an invitation code, a sign-in, confirmation,
 * unsubscribe or data link): the secret is a key to someone's invitation or data, so a stored
 * event keeps the page's shape and never the secret itself.
 */
const SECRET_SEGMENTS: RegExp[] = [
  /^(\/invitation\/)[^/]+/,
  /^(\/invitations\/)[^/]+/,
  /^(\/membership\/)[^/]+/,
  /^(\/members\/sign-in\/)[^/]+/,
  /^(\/waitlist\/confirm\/)[^/]+/,
  /^(\/unsubscribe\/)[^/]+/,
  /^(\/email-preferences\/)[^/]+/,
  /^(\/your-data\/download\/)[^/]+/,
  /^(\/your-data\/)(?!download(?:\/|$))[^/]+/,
];

/** The path as stored: `/invitation/<code>` becomes `/invitation/:secret`, and so on. */
export function withoutSecrets(path: string): string {
  for (const pattern of SECRET_SEGMENTS) {
    if (pattern.test(path)) return path.replace(pattern, '$1:secret');
  }
  return path;
}
