/**
 * The pages whose views are counted: the public site only. Everything else (the admin, the
 * concierge, members' and guests' pages, and every address that carries a code or a token) is
 * never stored, whatever a browser sends.
 */
const PUBLIC_PATHS = new Set(['/', '/vendor-apply', '/vendor-onboarding']);

/** The path as counted ('/vendor-apply/' counts as '/vendor-apply'), or null when it is not a public page. */
export function publicPath(path: unknown): string | null {
  if (typeof path !== 'string') return null;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PUBLIC_PATHS.has(trimmed) ? trimmed : null;
}

/** What a view is attributed to: the address's UTM fields and nominating code, and the linking site. */
export interface Attribution {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  ref: string | null;
  referrerHost: string | null;
}

const FIELD_LIMIT = 200;

function field(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, FIELD_LIMIT) : null;
}

/**
 * Reads the attribution from the page's query string (`?utm_source=...&ref=...`) and the
 * referring page's address; a referrer on our own site, or one that is not a web address, counts
 * as none.
 */
export function attributionOf(search: unknown, referrer: unknown, ownHost: string): Attribution {
  const params = new URLSearchParams(typeof search === 'string' ? search.slice(0, 2_000) : '');
  let referrerHost: string | null = null;
  if (typeof referrer === 'string' && referrer.length <= 2_000) {
    try {
      const url = new URL(referrer);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.host !== ownHost) {
        referrerHost = url.hostname
          .replace(/^www\./, '')
          .toLowerCase()
          .slice(0, FIELD_LIMIT);
      }
    } catch {
      // Not an address: no referrer.
    }
  }
  return {
    utmSource: field(params, 'utm_source'),
    utmMedium: field(params, 'utm_medium'),
    utmCampaign: field(params, 'utm_campaign'),
    ref: field(params, 'ref'),
    referrerHost,
  };
}

/** Crawlers and link previews: not visitors. */
const ROBOT = /bot|crawl|spider|slurp|preview|facebookexternalhit|monitor|curl|wget|python-requests|httpclient/i;

export function isRobot(userAgent: string | undefined): boolean {
  return !userAgent || ROBOT.test(userAgent);
}
