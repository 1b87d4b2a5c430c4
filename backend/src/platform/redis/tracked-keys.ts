import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { redisConnectionOptions } from './redis-options';

/** What a kept key holds: its value, or null when it does not exist. */
type Kept = string | null;

interface Entry {
  value: Kept;
  keptAt: number;
}

export interface TrackedKeysOptions {
  /** At most this many keys are kept (the oldest go first). */
  maxKeys?: number;
  /** A kept value is read again after this long, whatever Redis says. */
  maxAgeMs?: number;
}

const INVALIDATIONS = '__redis__:invalidate';

/**
 * The values of the Redis keys under a few prefixes, kept in this process for as long as Redis
 * says they have not changed, so that a request that needs one (is this session signed out? does a
 * person have this thread?) has it without a round trip.
 *
 * Redis's own client-side caching keeps them right: a connection of ours asks Redis to track the
 * prefixes in broadcast mode (CLIENT TRACKING ... BCAST PREFIX ...), and Redis then tells a second
 * connection, subscribed to its invalidation channel, of every change to any key under them, made
 * by any client of any process, expiry and eviction included, before it answers the client that
 * made the change. A change is therefore known here before the request that made it has its answer.
 * Until both connections are up and tracking is on, and from the moment either one drops, nothing
 * is kept: every read goes to Redis, as it would without this class.
 *
 * A value read from Redis is kept only if no change to its key was announced while the read was on
 * its way (the announcement and the answer come on two connections, in either order). A value this
 * process writes through `setIfAbsent` is kept at once: that write goes on the tracking connection,
 * whose own changes Redis does not announce to it (NOLOOP).
 */
export class TrackedKeys {
  private readonly logger = new Logger('TrackedKeys');
  private readonly kept = new Map<string, Entry>();
  /** Reads and writes on their way, by key: a change announced meanwhile removes the key's token. */
  private readonly pending = new Map<string, object>();
  private readonly maxKeys: number;
  private readonly maxAgeMs: number;
  private tracking: Redis | null = null;
  private listener: Redis | null = null;
  private on = false;
  private closed = false;
  /** The listener's client id, once it listens (tracking is redirected to it). */
  private listenerId: string | null = null;
  private setup: Promise<void> = Promise.resolve();
  private warned = false;

  constructor(
    private readonly url: string,
    private readonly prefixes: string[],
    options: TrackedKeysOptions = {},
  ) {
    this.maxKeys = options.maxKeys ?? 50_000;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
  }

  /** True while changes are being announced to this process (values are kept). */
  get active(): boolean {
    return this.on;
  }

  /**
   * The key's value as it is kept here (null: the key does not exist), or undefined when it is
   * not kept and must be read from Redis.
   */
  peek(key: string): Kept | undefined {
    this.start();
    if (!this.on) return undefined;
    const entry = this.kept.get(key);
    if (!entry) return undefined;
    if (performance.now() - entry.keptAt > this.maxAgeMs) {
      this.kept.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The key's value: the one kept here, or what `read` answers (a read of that key from Redis),
   * then kept unless the key changed while it was read.
   */
  read(key: string, read: () => Promise<Kept>): Promise<Kept> {
    const value = this.peek(key);
    if (value !== undefined) return Promise.resolve(value);
    if (!this.on) return read();
    const token = {};
    this.pending.set(key, token);
    return read().then((answer) => {
      this.settle(key, token, answer);
      return answer;
    });
  }

  /**
   * SET key value EX seconds NX, on the tracking connection: true when it was set. The value is
   * kept at once when it was (or, when the key already existed, the key is read on next use).
   * Without tracking, `fallback` (the same write on another connection) is used.
   */
  async setIfAbsent(key: string, value: string, seconds: number, fallback: () => Promise<unknown>): Promise<boolean> {
    this.start();
    const connection = this.tracking;
    if (!this.on || !connection) return (await fallback()) === 'OK';
    const token = {};
    this.pending.set(key, token);
    const answer = await connection.set(key, value, 'EX', seconds, 'NX');
    if (answer === 'OK') this.settle(key, token, value);
    else if (this.pending.get(key) === token) this.pending.delete(key);
    return answer === 'OK';
  }

  private settle(key: string, token: object, value: Kept): void {
    if (this.pending.get(key) !== token) return;
    this.pending.delete(key);
    if (!this.on) return;
    if (this.kept.size >= this.maxKeys) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(key, { value, keptAt: performance.now() });
  }

  private forget(keys: string[] | null): void {
    if (keys === null) {
      this.kept.clear();
      this.pending.clear();
      return;
    }
    for (const key of keys) {
      this.kept.delete(key);
      this.pending.delete(key);
    }
  }

  /** Nothing kept from here on, until tracking is on again. */
  private off(): void {
    this.on = false;
    this.forget(null);
  }

  /** Opens the two connections on first use (a process that never asks opens none). */
  private start(): void {
    if (this.tracking || this.closed) return;
    const options = { ...redisConnectionOptions(this.url), maxRetriesPerRequest: 1, autoResubscribe: false };
    const tracking = new Redis(options);
    const listener = new Redis(options);
    this.tracking = tracking;
    this.listener = listener;
    for (const connection of [tracking, listener]) {
      connection.on('error', () => undefined);
      connection.on('ready', () => this.retrack());
    }
    tracking.on('close', () => this.off());
    listener.on('close', () => {
      // A new connection has another id and listens to nothing.
      this.listenerId = null;
      this.off();
    });
    listener.on('messageBuffer', (channel: Buffer, message: unknown) => {
      if (channel.toString() !== INVALIDATIONS) return;
      // A list of keys; none (a flush of the database): everything.
      this.forget(Array.isArray(message) ? message.map(String) : null);
    });
  }

  /** Turns tracking on again (one attempt at a time) once a connection is back. */
  private retrack(): void {
    this.setup = this.setup.then(() => this.track());
  }

  /** With both connections ready: tracking on, redirected to the listener, the listener listening. */
  private async track(): Promise<void> {
    const { tracking, listener } = this;
    if (!tracking || !listener || this.on || this.closed) return;
    if (tracking.status !== 'ready' || listener.status !== 'ready') return;
    try {
      if (this.listenerId === null) {
        const id = String(await listener.client('ID'));
        await listener.subscribe(INVALIDATIONS);
        this.listenerId = id;
      }
      await tracking.call('CLIENT', 'TRACKING', 'OFF');
      await tracking.call(
        'CLIENT',
        'TRACKING',
        'ON',
        'REDIRECT',
        this.listenerId,
        'BCAST',
        ...this.prefixes.flatMap((prefix) => ['PREFIX', prefix]),
        'NOLOOP',
      );
      // A connection that dropped meanwhile turned keeping off; it turns it on again when it is back.
      if (tracking.status === 'ready' && listener.status === 'ready' && this.listenerId !== null) {
        this.forget(null);
        this.on = true;
      }
    } catch (error) {
      if (!this.warned) {
        this.logger.warn(
          `Redis does not track keys for this process (${(error as Error).message}): every read goes to Redis`,
        );
      }
      this.warned = true;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.off();
    await Promise.all(
      [this.tracking, this.listener].map((connection) => connection?.quit().catch(() => connection.disconnect())),
    );
  }
}
