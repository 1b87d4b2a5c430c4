/**
 * The conversation an email's link names (`/concierge?thread=<id>`), kept in the browser while the
 * member signs in first (the sign-in may even finish in another tab, from the emailed link), so the
 * concierge opens on it afterwards.
 */
const KEY = 'mf.concierge.linkedThread';
/** Long enough to sign in by email; a link followed yesterday does not open today's visit on an old thread. */
const KEPT_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The thread the address names (remembered for after sign-in), else one remembered lately, else null. */
export function linkedThread(search: string, now = Date.now()): string | null {
  try {
    const named = new URLSearchParams(search).get('thread');
    if (named && UUID.test(named)) {
      localStorage.setItem(KEY, JSON.stringify({ id: named, at: now }));
      return named;
    }
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { id?: unknown; at?: unknown } | null;
    if (kept && typeof kept.id === 'string' && UUID.test(kept.id) && typeof kept.at === 'number') {
      if (now - kept.at < KEPT_MS) return kept.id;
    }
  } catch {
    // Storage may be disabled: the link still opens the thread when no sign-in comes between.
  }
  return null;
}

/** The concierge has opened: the remembered link has done its work. */
export function forgetLinkedThread(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
