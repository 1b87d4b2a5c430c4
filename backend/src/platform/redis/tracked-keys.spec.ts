import Redis from 'ioredis';
import { redisConnectionOptions } from './redis-options';
import { TrackedKeys } from './tracked-keys';

const url = () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('TrackedKeys (against a real Redis)', () => {
  const prefix = `${process.env.REDIS_PREFIX ?? 'mf'}:tracked:${process.pid}:`;
  let keys: TrackedKeys;
  let other: Redis;
  /** Reads of `key` that went to Redis. */
  let reads: number;

  const read = (key: string) => () => {
    reads += 1;
    return other.get(key);
  };

  /** Resolves once the keys are tracked (the connections are opened on first use). */
  async function tracked(subject: TrackedKeys): Promise<void> {
    subject.peek(`${prefix}warm-up`);
    for (let i = 0; i < 200 && !subject.active; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(subject.active).toBe(true);
  }

  /** Waits until the change just made by another client has been announced (and heard). */
  async function announced(subject: TrackedKeys): Promise<void> {
    // The listener's PING is answered after every message Redis queued for it before.
    await (subject as unknown as { listener: Redis }).listener.ping();
  }

  beforeEach(async () => {
    reads = 0;
    other = new Redis(redisConnectionOptions(url()));
    keys = new TrackedKeys(url(), [prefix]);
    await tracked(keys);
  });
  afterEach(async () => {
    await keys.close();
    const stale = await other.keys(`${prefix}*`);
    if (stale.length) await other.del(...stale);
    await other.quit();
  });

  it('keeps what it read, absent keys included, and reads again once another client changes the key', async () => {
    const key = `${prefix}session`;
    expect(await keys.read(key, read(key))).toBeNull();
    expect(await keys.read(key, read(key))).toBeNull();
    expect(reads).toBe(1);

    await other.set(key, 'revoked');
    await announced(keys);
    expect(keys.peek(key)).toBeUndefined();
    expect(await keys.read(key, read(key))).toBe('revoked');
    expect(await keys.read(key, read(key))).toBe('revoked');
    expect(reads).toBe(2);

    // Expiry is a change too.
    await other.pexpire(key, 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await other.exists(key)).toBe(0);
    await announced(keys);
    expect(await keys.read(key, read(key))).toBeNull();
    expect(reads).toBe(3);
  });

  it('does not keep a value read while the key was being changed', async () => {
    const key = `${prefix}thread`;
    await other.set(key, '-');
    const answer = await keys.read(key, async () => {
      reads += 1;
      const value = await other.get(key);
      // Changed after the read answered, announced before its answer is handled here.
      await other.set(key, 'session-1');
      await announced(keys);
      return value;
    });
    expect(answer).toBe('-');
    expect(keys.peek(key)).toBeUndefined();
    expect(await keys.read(key, read(key))).toBe('session-1');
  });

  it('keeps a value it wrote itself, and writes nothing over a key that exists', async () => {
    const key = `${prefix}new-thread`;
    expect(await keys.setIfAbsent(key, '-', 60, () => other.set(key, '-', 'EX', 60, 'NX'))).toBe(true);
    expect(await other.get(key)).toBe('-');
    expect(keys.peek(key)).toBe('-');

    const taken = `${prefix}taken`;
    await other.set(taken, 'session-2');
    expect(await keys.setIfAbsent(taken, '-', 60, () => other.set(taken, '-', 'EX', 60, 'NX'))).toBe(false);
    expect(await other.get(taken)).toBe('session-2');
    expect(await keys.read(taken, read(taken))).toBe('session-2');
  });

  it('keeps nothing while a connection is down (changes may go unheard), and keeps again once tracking is back', async () => {
    const key = `${prefix}session`;
    await keys.read(key, read(key));
    expect(keys.peek(key)).toBeNull();
    // Redis drops the listening connection: the announcements it would have heard are lost.
    const listener = (keys as unknown as { listener: Redis }).listener;
    await new Promise<void>((resolve) => {
      listener.once('close', () => resolve());
      listener.disconnect(true);
    });
    expect(keys.active).toBe(false);
    await other.set(key, 'revoked');
    expect(await keys.read(key, read(key))).toBe('revoked');
    await tracked(keys);
    expect(await keys.read(key, read(key))).toBe('revoked');
    const before = reads;
    await other.del(key);
    await announced(keys);
    expect(await keys.read(key, read(key))).toBeNull();
    expect(reads).toBe(before + 1);
  });
});
