import { plainToInstance, Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsTimeZone,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  validateSync,
} from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const urlOptions = { require_tld: false, require_protocol: true };

/** Stripe takes all three keys or none (none: the offline test gateway); a partial set stops boot. */
const anyStripeKey = (env: Environment) =>
  Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY || env.STRIPE_WEBHOOK_SECRET);
const STRIPE_KEYS_TOGETHER = {
  message:
    'Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together (or none of them for the offline test gateway)',
};

const TIME_ZONE = { message: 'DEFAULT_EVENT_TIME_ZONE must be an IANA time zone like Europe/Monaco' };

/** An S3 bucket needs its keys; without a bucket, files stay on local disk. */
const S3_KEYS = { message: 'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' };

/**
 * Every setting a process reads. Nothing else in the code base touches process.env:
 * a missing or malformed value stops boot with its name (see loadEnvironment).
 */
export class Environment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT = 3000;

  @IsUrl(urlOptions)
  APP_URL = 'http://localhost:3000';

  @IsString()
  @MinLength(1)
  BRAND_NAME = 'Maison Fortuna';

  /**
   * The venue's time zone of an event whose administrator picks none, and of the events made before
   * events had one (an IANA name, checked against the zones Intl.DateTimeFormat knows).
   */
  @Matches(/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/, TIME_ZONE)
  @IsTimeZone(TIME_ZONE)
  DEFAULT_EVENT_TIME_ZONE = 'Europe/Monaco';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** auto: readable lines on a terminal, JSON otherwise (piped, containers); json or pretty to choose. */
  @IsIn(['auto', 'json', 'pretty'])
  LOG_FORMAT: 'auto' | 'json' | 'pretty' = 'auto';

  /** PostgreSQL. infra/start.mjs fills it in when unset (local server or embedded). */
  @IsString()
  @MinLength(1)
  DATABASE_URL: string;

  /** Redis for queues and rate-limit counters. infra/start.mjs fills it in when unset. */
  @IsString()
  @MinLength(1)
  REDIS_URL: string;

  /** Prefix of every Redis key (queues and counters), so several deployments can share one Redis. */
  @IsString()
  @MinLength(1)
  REDIS_PREFIX = 'mf';

  /**
   * Redis through Sentinel: its addresses (host:port, comma separated) and the name of the master
   * they watch. REDIS_URL then gives only the password, user and db (redis://:pass@maison/0; its host is not used).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[^\s,:]+:\d+(,[^\s,:]+:\d+)*$/, { message: 'REDIS_SENTINELS must be host:port[,host:port...]' })
  REDIS_SENTINELS?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: Environment) => Boolean(env.REDIS_SENTINELS))
  @IsString()
  @MinLength(1, { message: 'REDIS_SENTINEL_NAME names the master the sentinels watch' })
  REDIS_SENTINEL_NAME?: string;

  /** The sentinels' own password, when they have one (the master's is in REDIS_URL). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  REDIS_SENTINEL_PASSWORD?: string;

  /**
   * Prefix of the job queues' keys. Empty: REDIS_PREFIX:bull. On Redis Cluster, a hash tag such
   * as {mf}, so each queue's keys share a slot.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  QUEUE_PREFIX?: string;

  /** Connections to PostgreSQL each process may open (replicas times this stays under the server's limit). */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  /**
   * 1: a process applies pending migrations as it starts (npm start). 0: migrations are their own
   * step (npm run migrate, the Kubernetes Job); an api answers not-ready and a worker waits until
   * they are applied.
   */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === '' ? undefined : value !== '0' && value !== 'false',
  )
  @IsIn([true, false])
  MIGRATE_ON_START = true;

  /**
   * On SIGTERM an api process keeps answering this long (ms) while its readiness says 503, so a
   * load balancer stops sending it new requests before it stops listening.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(120_000)
  SHUTDOWN_DELAY_MS = 0;

  /**
   * Then, how long (ms) requests in flight and replies being written may take to finish, and a
   * worker's jobs; streams are told to reconnect at once. Past it the process exits all the same.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_GRACE_MS = 25_000;

  /** Number of proxies in front of the api whose X-Forwarded-For is trusted (0 = none). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  TRUST_PROXY = 0;

  /** Time a client has to send a request's headers (ms); past it the answer is 408 and the connection closes. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300_000)
  HTTP_HEADERS_TIMEOUT_MS = 20_000;

  /**
   * Time a client has to send a whole request, headers and body (ms). It ends when the request has
   * arrived: a long answer (an event stream) is not cut by it.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300_000)
  @ValidateBy({
    name: 'coversHeaders',
    validator: {
      validate: (value: unknown, args) => Number(value) >= (args?.object as Environment).HTTP_HEADERS_TIMEOUT_MS,
      defaultMessage: () =>
        'HTTP_REQUEST_TIMEOUT_MS covers the headers too: it must be at least HTTP_HEADERS_TIMEOUT_MS',
    },
  })
  HTTP_REQUEST_TIMEOUT_MS = 30_000;

  /**
   * How long an idle connection stays open for the client's next request (ms); longer than a load
   * balancer's idle timeout when one keeps connections to the api open.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 5_000;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM = 'Maison Fortuna <concierge@maisonfortuna.local>';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail()
  ADMIN_NOTIFY_EMAIL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ADMIN_USERNAME?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(8)
  ADMIN_PASSWORD?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(8)
  CONCIERGE_PASSWORD?: string;

  /**
   * Members' passkeys (WebAuthn): the relying party id, a domain name. Empty: APP_URL's host name;
   * none when that is an IP address (browsers refuse passkeys there: members sign in by email only).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  WEBAUTHN_RP_ID?: string;

  /** The origins passkeys may be used from, comma-separated (a site reached under several names). Empty: APP_URL's origin. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  WEBAUTHN_ORIGINS?: string;

  /** The name a browser's passkey prompt shows. Empty: BRAND_NAME. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  WEBAUTHN_RP_NAME?: string;

  /** Members' sign-in emails one address may be sent per hour. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_MEMBER_SIGN_IN_PER_EMAIL_PER_HOUR = 5;

  /** Members' sign-in attempts (emails asked for, codes and links tried, passkeys) per client address per hour. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_MEMBER_SIGN_IN_PER_ADDRESS_PER_HOUR = 30;

  /** Signs session cookies. infra/start.mjs generates one per data folder when unset. */
  @IsString()
  @MinLength(32)
  SESSION_SECRET: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OPENAI_API_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions)
  OPENAI_BASE_URL?: string;

  @IsString()
  OPENAI_MODEL = 'gpt-4o';

  /** How long a streamed reply's frames stay in Redis (seconds), so a reload or another tab can resume it. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  CHAT_STREAM_TTL_SECONDS = 300;

  /** Longest wait for one of the concierge's tools (a partner search, a memory kept) while it writes a member's reply (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  CONCIERGE_TOOL_TIMEOUT_MS = 4000;

  /** Members' replies and titles per minute per concierge session (each may be a paid model call). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_CHAT_PER_SESSION_PER_MINUTE = 20;

  /** Members' replies and titles per minute per client address, whatever the session. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_CHAT_PER_ADDRESS_PER_MINUTE = 60;

  /** Event streams (replies, resumes, live updates) one concierge session may hold open at once, per api process. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  STREAMS_PER_SESSION = 12;

  /** Event streams one client address may hold open at once, per api process. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  STREAMS_PER_ADDRESS = 60;

  /** The built-in engine's pause between streamed pieces (ms), so a reply reads as it is written. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  OFFLINE_REPLY_PIECE_DELAY_MS = 12;

  /** The OpenAI Images model the worker draws the concierge's illustrations with (when OPENAI_API_KEY is set). */
  @IsString()
  @MinLength(1)
  OPENAI_IMAGE_MODEL = 'gpt-image-1';

  /** Folder where generated images are kept (relative to the working directory); api and worker must share it. */
  @IsString()
  @MinLength(1)
  STORAGE_DIR = '.data/media';

  /** An S3-compatible bucket for generated files (instead of STORAGE_DIR); the api still serves them. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  S3_BUCKET?: string;

  @IsString()
  @MinLength(1)
  S3_REGION = 'us-east-1';

  /** Another S3-compatible server (MinIO, R2, ...), addressed path-style; unset: AWS itself. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions)
  S3_ENDPOINT?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: Environment) => Boolean(env.S3_BUCKET))
  @IsString(S3_KEYS)
  S3_ACCESS_KEY_ID?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: Environment) => Boolean(env.S3_BUCKET))
  @IsString(S3_KEYS)
  S3_SECRET_ACCESS_KEY?: string;

  /** How long POST /api/generate-image waits for the worker before the page shows its bundled art instead. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  IMAGE_WAIT_MS = 10_000;

  /** Image requests per minute per client address, and again per concierge session. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_IMAGES_PER_MINUTE = 20;

  @Transform(emptyToUndefined)
  @ValidateIf(anyStripeKey)
  @IsString(STRIPE_KEYS_TOGETHER)
  STRIPE_SECRET_KEY?: string;

  @Transform(emptyToUndefined)
  @ValidateIf(anyStripeKey)
  @IsString(STRIPE_KEYS_TOGETHER)
  STRIPE_PUBLISHABLE_KEY?: string;

  @Transform(emptyToUndefined)
  @ValidateIf(anyStripeKey)
  @IsString(STRIPE_KEYS_TOGETHER)
  STRIPE_WEBHOOK_SECRET?: string;

  /** Points the Stripe SDK at another host (a local Stripe-compatible server in tests). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions)
  STRIPE_API_URL?: string;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  PAYMENT_HOLD_MINUTES = 15;

  /** How often expired payment holds are released (the maintenance queue); 0 turns it off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  HOLD_RELEASE_INTERVAL_SECONDS = 60;

  /**
   * Hours an option's amount stays held on a member's card (supplier to confirm) before it is
   * released: short of the card networks' seven days, so the hold never lapses unseen.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(160)
  BOOKING_HOLD_HOURS = 144;

  /** How often holds at their end are released (the maintenance queue); 0 turns it off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  BOOKING_HOLD_CHECK_SECONDS = 600;

  /** Hours a data export's download link stays valid (and its zip kept); the same for the emailed "your data" link. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(168)
  DATA_EXPORT_LINK_HOURS = 24;

  /** How often expired data exports are deleted (the maintenance queue); 0 turns it off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  DATA_EXPORT_CLEANUP_SECONDS = 3600;

  /**
   * A member away from the concierge is emailed of what staff did on a request (a reply, options, a
   * new status) at most once per request in this many minutes, each email holding everything new.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  MEMBER_NOTICE_INTERVAL_MINUTES = 15;

  /** Days a waitlist sign-up may stay unconfirmed (its email's link not followed) before it is deleted. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  WAITLIST_UNCONFIRMED_DAYS = 30;

  /** How often unconfirmed sign-ups past WAITLIST_UNCONFIRMED_DAYS are deleted (the maintenance queue); 0 turns it off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  WAITLIST_CLEANUP_INTERVAL_SECONDS = 3600;

  /**
   * How often the insights are refreshed (the maintenance queue): closed days' visitors folded into
   * counts and their keys and salts deleted (they live at most this long past midnight UTC), and
   * the funnel rebuilt (its figures are at most this old). 0 turns it off.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  INSIGHTS_ROLLUP_INTERVAL_SECONDS = 600;

  /**
   * A nomination is suspect (shown apart, never credited) when this many sign-ups or more came from
   * the nominee's client (a keyed hash of its address) within NOMINATION_CLIENT_WINDOW_MINUTES.
   */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  NOMINATION_CLIENT_LIMIT = 3;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  NOMINATION_CLIENT_WINDOW_MINUTES = 60;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  GOOGLE_MAPS_API_KEY?: string;

  /** Base URL of the Google Places web services (another URL: a proxy or a local test server). */
  @IsUrl(urlOptions)
  GOOGLE_PLACES_URL = 'https://maps.googleapis.com/maps/api/place';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions)
  PHOTON_URL?: string;

  /** A Nominatim server for reverse geocoding; unset: the nearest city of a bundled world-cities list. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions)
  NOMINATIM_URL?: string;

  /** Reverse geocoding look-ups per minute per client address (GET /api/geo/reverse). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_GEO_PER_MINUTE = 30;

  /** Requests per minute per client address on public write endpoints (waitlist, applications). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PUBLIC_PER_MINUTE = 10;

  /** Requests per minute per client address on the public places search and details. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PLACES_PER_MINUTE = 120;

  /** Guests' invitation pages (/invitation/{code}, rendered on the server) per minute per client address. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_INVITATION_PAGES_PER_MINUTE = 30;

  /** First retry delay of queued jobs; later retries back off exponentially. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  QUEUE_BACKOFF_MS = 5000;

  /** How many times a job is tried before it is kept as failed. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  QUEUE_ATTEMPTS = 6;

  /**
   * How long a worker holds a job without news before another worker may take it (BullMQ's lock,
   * renewed at half of it while the job runs; stalled jobs are looked for as often). A worker that
   * died mid-job has its job taken up again within about twice this.
   */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(600)
  QUEUE_LOCK_SECONDS = 30;

  /**
   * How long a claim on an email being sent lasts without news from its worker (renewed every
   * third of it). Past it, a send whose worker stopped reads 'unknown' and is never sent again
   * without an administrator's say.
   */
  @Transform(toInt)
  @IsInt()
  @Min(3)
  @Max(600)
  EMAIL_SEND_LEASE_SECONDS = 30;

  /** Folder of the built frontend that the api serves ('' to serve none). */
  @IsString()
  FRONTEND_DIST = '';

  /**
   * A bearer token that may read /metrics (for Prometheus) besides administrator credentials;
   * empty: only administrators may.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(16)
  METRICS_TOKEN?: string;

  /** Port of the worker's /metrics (Prometheus text, the same credentials as the api's); 0: none. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT = 9464;

  /** A file the worker rewrites every 10 s while PostgreSQL and Redis answer it, for container health checks ('' for none). */
  @IsString()
  WORKER_HEARTBEAT_FILE = '';
}

export type AppConfig = Readonly<Environment>;

/** Where administrators are told of news (new applications, requests): ADMIN_NOTIFY_EMAIL, else MAIL_FROM's address. */
export function adminNotifyAddress(config: AppConfig): string {
  if (config.ADMIN_NOTIFY_EMAIL) return config.ADMIN_NOTIFY_EMAIL;
  const match = /<([^>]+)>/.exec(config.MAIL_FROM);
  return (match ? match[1] : config.MAIL_FROM).trim();
}

/** Settings whose values a boot error never echoes. */
const SECRET_NAME = /PASSWORD|SECRET|KEY|TOKEN/;

export function loadEnvironment(source: Record<string, string | undefined> = process.env): AppConfig {
  return Object.freeze(validated(Environment, source));
}

/** What `npm run migrate` reads: only the database (a migration needs no Redis, mail or keys). */
class MigrationEnvironment {
  @IsString({ message: 'DATABASE_URL names the PostgreSQL database to migrate' })
  @MinLength(1, { message: 'DATABASE_URL names the PostgreSQL database to migrate' })
  DATABASE_URL: string;
}

export function loadMigrationEnvironment(
  source: Record<string, string | undefined> = process.env,
): Readonly<MigrationEnvironment> {
  return Object.freeze(validated(MigrationEnvironment, source));
}

function validated<T extends object>(settings: new () => T, source: Record<string, string | undefined>): T {
  const env = plainToInstance(settings, source, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      const value = source[e.property];
      const shown = value === undefined ? 'missing' : `got "${SECRET_NAME.test(e.property) ? '***' : value}"`;
      return `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')} (${shown})`;
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return env;
}
