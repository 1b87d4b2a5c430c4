import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { CookieOptions, Request, Response } from 'express';
import type Redis from 'ioredis';
import { Counter } from 'prom-client';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { clientIp } from '../../common/client-ip';
import { RateLimitService, type RateLimitRule } from '../../common/rate-limit.service';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { MetricsRegistry } from '../../platform/metrics/metrics-registry';
import { REDIS } from '../../platform/redis/redis.module';
import { AuditService } from '../audit';
import { parseBasicAuth } from './basic-credentials';
import { hashPassword, verifyPassword } from './password-hasher';
import type { StaffRole, StaffStatus } from './staff-roles';

interface StaffRow {
  id: string;
  username: string;
  display_name: string;
  role: StaffRole;
  status: StaffStatus;
  door_event_ids: number[];
  password_hash: string;
}

const STAFF_COLUMNS = 'id, username, display_name, role, status, door_event_ids, password_hash';

/** The staff person behind a request (request.admin). */
export interface AdminIdentity {
  id: string;
  username: string;
  displayName: string;
  role: StaffRole;
  /** The events a door account may check guests in at (empty for the other roles). */
  doorEventIds: number[];
}

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const ACCOUNT_SUSPENDED = 'This staff account is suspended. Please ask an owner to reactivate it.';
const TOO_MANY = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/**
 * Sign-in limits, both counted in Redis before the password is verified, so parallel guesses
 * cannot all pass a check that runs before any of them is recorded.
 * - Per client address: every verified attempt counts; a success forgets the count. Bounds the
 *   argon2 work and the guesses one client gets, whatever usernames it tries.
 * - Per username: the attempt is counted before verifying and the count is forgotten on success,
 *   so it holds failures (and attempts in flight).
 *
 * The trade-off: a per-username limit lets anyone lock the real administrator out by failing on
 * purpose (ten wrong passwords for 'admin', from anywhere). We keep it, because without it a
 * distributed attacker gets unbounded guesses at the one account that matters, and make the
 * lock-out cost the attacker, not the owner: a known device (a browser holding the signed
 * ADMIN_DEVICE_COOKIE, set at a successful sign-in) and an address the administrator signed in
 * from within TRUSTED_ADDRESS_DAYS skip the per-username limit; their own per-address limit still
 * holds. Failures from elsewhere never lock a known device out. Credentials this process verified
 * in the last minute are answered from memory before any limit is consulted.
 */
export const FAILED_SIGN_IN_RULES = {
  address: { name: 'admin-login:ip', limit: 20, windowSeconds: 15 * 60, message: TOO_MANY } satisfies RateLimitRule,
  username: { name: 'admin-login:user', limit: 10, windowSeconds: 15 * 60, message: TOO_MANY } satisfies RateLimitRule,
};

const TRUSTED_ADDRESS_DAYS = 30;

/** The browser an administrator signed in with: `v1.<username>.<issued at>.<signature>`. */
export const ADMIN_DEVICE_COOKIE = 'mf_admin_device';
const KNOWN_DEVICE_DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;

/** How long a verified username and password pair is remembered by this process. */
const VERIFIED_TTL_MS = 60_000;

/**
 * Checks staff credentials (HTTP Basic). A missing user costs the same argon2 work as a wrong
 * password, so the answer and its timing say nothing about which usernames exist. The account's
 * row is read on every request, remembered verification or not, so a suspension, a new role or a
 * new password takes effect at once on every api process.
 */
@Injectable()
export class AdminAuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminAuthService.name);
  /** Hash verified against when the user does not exist, so both paths cost the same. */
  private dummyHash?: Promise<string>;
  /**
   * Recently verified credentials, keyed by an HMAC with a per-process secret (never the password):
   * the hash they matched, which stops matching once the password is reset.
   */
  private readonly verified = new Map<string, { passwordHash: string; until: number }>();
  private readonly cacheSecret = randomBytes(32);
  /**
   * The argon2 runs this process made, by operation: the sign-in's cost in a unit that does not
   * depend on the machine's speed (every failed attempt is one `verify`, and nothing else).
   */
  private readonly argon2Runs: Counter<'operation'>;

  constructor(
    private readonly em: EntityManager,
    private readonly limits: RateLimitService,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    metrics: MetricsRegistry,
    private readonly audit: AuditService,
  ) {
    this.argon2Runs = new Counter({
      name: 'admin_password_argon2_runs_total',
      help: 'argon2 runs made for administrator passwords, by operation (hash, verify)',
      labelNames: ['operation'],
      registers: [metrics],
    });
  }

  /**
   * Only the api (a process with an HTTP server) signs administrators in: it hashes the dummy
   * password now, so the first unknown username after boot costs no more than any other attempt,
   * and creates the first administrator.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.adapterHost.httpAdapter) return;
    await this.getDummyHash();
    await this.ensureBootAdmin();
  }

  /**
   * Signs an administrator in from a request (HTTP Basic, the client's address, the known-device
   * cookie), and marks the browser as a known device on success (renewed daily while in use).
   */
  async signIn(request: Request, response: Response): Promise<AdminIdentity> {
    const device = this.readDevice((request.cookies as Record<string, unknown> | undefined)?.[ADMIN_DEVICE_COOKIE]);
    const admin = await this.authenticate(parseBasicAuth(request.headers.authorization), clientIp(request), device);
    if (device?.username !== admin.username || Date.now() - device.issuedAt > DAY_MS) {
      response.cookie(ADMIN_DEVICE_COOKIE, this.signDevice(admin.username, Date.now()), {
        httpOnly: true,
        sameSite: 'strict',
        secure: this.config.APP_URL.startsWith('https:'),
        path: '/',
        maxAge: KNOWN_DEVICE_DAYS * DAY_MS,
      } satisfies CookieOptions);
    }
    return admin;
  }

  /**
   * Answers the administrator for a username and password, or throws 401 'Invalid credentials'
   * (429 once the address or the username has failed too often). `device`: the known device the
   * request comes from, if any.
   */
  async authenticate(
    credentials: { username: string; password: string } | null,
    address: string,
    device: { username: string } | null = null,
  ): Promise<AdminIdentity> {
    if (!credentials) throw AppError.unauthorized(INVALID_CREDENTIALS);
    const username = credentials.username.trim().toLowerCase();
    const cacheKey = createHmac('sha256', this.cacheSecret)
      .update(`${username}\u0000${credentials.password}`)
      .digest('hex');
    const cached = this.verified.get(cacheKey);
    if (cached && cached.until > Date.now()) {
      const row = await this.findRow(username);
      if (row?.status === 'active' && row.password_hash === cached.passwordHash) return identityOf(row);
      this.verified.delete(cacheKey);
    }

    // Counted first, one after the other: an attempt the address limit refuses costs the username nothing.
    const trustedKey = this.trustedAddressKey(username, address);
    await this.limits.consume(FAILED_SIGN_IN_RULES.address, address);
    const known = device?.username === username || (await this.redis.exists(trustedKey)) > 0;
    if (!known) await this.limits.consume(FAILED_SIGN_IN_RULES.username, username);

    const row = await this.findRow(username);
    const hash = row?.password_hash ?? (await this.getDummyHash());
    this.argon2Runs.inc({ operation: 'verify' });
    const ok = await verifyPassword(hash, credentials.password);
    if (!row || !ok || row.status !== 'active') {
      await this.recordFailure(username, row, address, ok);
      if (!row || !ok) throw AppError.unauthorized(INVALID_CREDENTIALS);
      // Only someone who knows the password learns that the account is suspended; it counts as a failure.
      throw AppError.unauthorized(ACCOUNT_SUSPENDED, undefined, 'ACCOUNT_SUSPENDED');
    }

    await Promise.all([
      this.limits.reset(FAILED_SIGN_IN_RULES.address, address),
      this.limits.reset(FAILED_SIGN_IN_RULES.username, username),
      this.redis.set(trustedKey, '1', 'EX', TRUSTED_ADDRESS_DAYS * 24 * 3600),
    ]);
    if (this.verified.size > 1000) this.verified.clear();
    this.verified.set(cacheKey, { passwordHash: row.password_hash, until: Date.now() + VERIFIED_TTL_MS });
    return identityOf(row);
  }

  /**
   * A refused sign-in in the audit log: the account it named (or the username, when there is no
   * such account) and why. Never the password. A failure to write it is logged, not answered: the
   * person still gets their 401.
   */
  private async recordFailure(username: string, row: StaffRow | undefined, address: string, passwordOk: boolean) {
    const reason = !row ? 'unknown-username' : !passwordOk ? 'wrong-password' : 'suspended';
    const target = row ? { type: 'staff', id: row.id } : { type: 'staff-username', id: username.slice(0, 60) };
    await this.audit
      .recordAs(null, address, { action: 'staff.sign-in-failed', target, changes: { reason: [null, reason] } })
      .catch((error: Error) => this.logger.warn(`failed sign-in not written to the audit log: ${error.message}`));
  }

  private async findRow(username: string): Promise<StaffRow | undefined> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<StaffRow[]>(`select ${STAFF_COLUMNS} from admins where username = ? limit 1`, [username]);
    return rows[0];
  }

  private signDevice(username: string, issuedAt: number): string {
    const payload = `${Buffer.from(username).toString('base64url')}.${issuedAt}`;
    const signature = createHmac('sha256', this.config.SESSION_SECRET)
      .update(`admin-device.v1.${payload}`)
      .digest('base64url');
    return `v1.${payload}.${signature}`;
  }

  /** The username a known-device cookie was signed for, when we signed it and it has not run out. */
  private readDevice(value: unknown): { username: string; issuedAt: number } | null {
    if (typeof value !== 'string' || value.length > 500) return null;
    const [version, name, issued] = value.split('.');
    const issuedAt = Number(issued);
    if (version !== 'v1' || !Number.isSafeInteger(issuedAt) || Date.now() - issuedAt > KNOWN_DEVICE_DAYS * DAY_MS) {
      return null;
    }
    const username = Buffer.from(name ?? '', 'base64url').toString('utf8');
    const expected = Buffer.from(this.signDevice(username, issuedAt));
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { username, issuedAt } : null;
  }

  /** Shared by every api process; kept beside the sign-in counters, so clearing those clears it too. */
  private trustedAddressKey(username: string, address: string): string {
    const subject = createHash('sha256').update(`${username}\u0000${address}`).digest('hex');
    return `${this.config.REDIS_PREFIX}:rl:admin-login:trusted:${subject}`;
  }

  /**
   * Creates the owner named by ADMIN_USERNAME / ADMIN_PASSWORD when absent. With no password
   * configured and no staff account yet, generates one and prints it once. Safe when several api
   * processes boot at once: only the process whose insert wins prints anything.
   */
  async ensureBootAdmin(): Promise<void> {
    const username = (this.config.ADMIN_USERNAME ?? 'admin').trim().toLowerCase();
    const connection = this.em.fork().getConnection();
    if (this.config.ADMIN_PASSWORD) {
      await this.insertIfAbsent(username, this.config.ADMIN_PASSWORD);
      return;
    }
    const [{ count }] = await connection.execute<Array<{ count: number }>>('select count(*)::int as count from admins');
    if (count > 0) return;
    const password = randomBytes(18).toString('base64url');
    if (await this.insertIfAbsent(username, password)) {
      process.stdout.write(
        [
          '',
          '================================================================',
          '  Administrator created (shown once, store it now):',
          `    username: ${username}`,
          `    password: ${password}`,
          '  Set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own.',
          '================================================================',
          '',
        ].join('\n') + '\n',
      );
    }
  }

  /**
   * Adds a staff account (an owner named by its username, unless told otherwise) unless the
   * username exists; answers whether this call created it.
   */
  async insertIfAbsent(
    username: string,
    password: string,
    account: { role?: StaffRole; displayName?: string; doorEventIds?: number[] } = {},
  ): Promise<boolean> {
    const name = username.trim().toLowerCase();
    const hash = await this.hash(password);
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ id: string }>>(
        `insert into admins (id, username, display_name, role, door_event_ids, password_hash, created_at, updated_at)
         values (gen_random_uuid(), ?, ?, ?, ?::integer[], ?, now(), now())
         on conflict (username) do nothing returning id`,
        [
          name,
          account.displayName ?? name,
          account.role ?? 'owner',
          `{${(account.doorEventIds ?? []).join(',')}}`,
          hash,
        ],
      );
    if (rows.length > 0) this.logger.log(`staff account "${name}" (${account.role ?? 'owner'}) created`);
    return rows.length > 0;
  }

  /** An argon2id hash of a new password, counted like every other. */
  hashNewPassword(password: string): Promise<string> {
    return this.hash(password);
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hash(randomBytes(24).toString('hex'));
    return this.dummyHash;
  }

  private hash(password: string): Promise<string> {
    this.argon2Runs.inc({ operation: 'hash' });
    return hashPassword(password);
  }
}

function identityOf(row: StaffRow): AdminIdentity {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    doorEventIds: (row.door_event_ids ?? []).map(Number),
  };
}
