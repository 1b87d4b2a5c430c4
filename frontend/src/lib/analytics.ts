/**
 * Product analytics: fire-and-forget events to POST /api/analytics/events.
 * Tracking must never break the page, so every failure is swallowed.
 */

export type AnalyticsEventName =
  | 'page_view'
  | 'scroll_75'
  | 'submit_waitlist'
  | 'concierge_page_viewed'
  | 'concierge_interaction'
  | 'ai_concierge_interaction'
  | 'ai_concierge_closed';

const ENDPOINT = '/api/analytics/events';
const VISITOR_KEY = 'maison-fortuna.visitor-id';

export function track(name: AnalyticsEventName, properties: Record<string, unknown> = {}): void {
  try {
    const body = JSON.stringify({
      events: [{ name, path: window.location.pathname, visitorId: visitorId(), properties }],
    });
    if (typeof navigator.sendBeacon === 'function') {
      const queued = navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }));
      if (queued) return;
    }
    void fetch(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'include',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Analytics is best effort.
  }
}

const TRACKED_THIS_VISIT_KEY = 'maison-fortuna.tracked-this-visit';
const trackedInMemory = new Set<string>();

/** The events already sent once this visit: kept in sessionStorage, so a visit is the tab's session. */
function trackedOnce(): Set<string> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(TRACKED_THIS_VISIT_KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : []);
  } catch {
    // Storage can be disabled (private modes): then a visit is this page load.
    return trackedInMemory;
  }
}

export function trackedThisVisit(name: AnalyticsEventName): boolean {
  return trackedOnce().has(name);
}

/** Sends `name` at most once per visit: remounting, navigating back or reloading does not repeat it. */
export function trackOncePerVisit(name: AnalyticsEventName, properties: Record<string, unknown> = {}): void {
  const tracked = trackedOnce();
  if (tracked.has(name)) return;
  tracked.add(name);
  trackedInMemory.add(name);
  try {
    sessionStorage.setItem(TRACKED_THIS_VISIT_KEY, JSON.stringify([...tracked]));
  } catch {
    // Kept in memory above.
  }
  track(name, properties);
}

let memoryVisitorId: string | undefined;

function visitorId(): string {
  try {
    const stored = localStorage.getItem(VISITOR_KEY);
    if (stored) return stored;
    const id = randomId();
    localStorage.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    // Storage can be disabled (private modes); keep one id for this page's life.
    memoryVisitorId ??= randomId();
    return memoryVisitorId;
  }
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
