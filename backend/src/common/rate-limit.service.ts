import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/environment';
import { REDIS } from './redis.token';
import { AppError } from './app-error';

export interface RateLimitRule {
  /** Names the counter, e.g. 'waitlist' or 'admin-login:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
  message?: string;
}

// INCR and set the expiry on the first hit, atomically; answers [count, ms left in window].
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

type HitCounter = Redis & {
  rateLimitHit(key: string, windowMs: string): Promise<[number, number]>;
};

/**
 * Fixed-window counters in Redis, so a limit holds across any number of api processes.
 */
@Injectable()
export class RateLimitService {
  private readonly redis: HitCounter;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // A defined command runs by EVALSHA: the script is not sent again with every hit.
    if (!('rateLimitHit' in redis)) redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as HitCounter;
  }

  private hit(rule: RateLimitRule, subject: string): Promise<[number, number]> {
    return this.redis.rateLimitHit(this.key(rule, subject), String(rule.windowSeconds * 1000));
  }

  private key(rule: RateLimitRule, subject: string): string {
    return `${this.config.REDIS_PREFIX}:rl:${rule.name}:${subject}`;
  }

  /** Counts one hit and throws 429 once the subject is over the limit. */
  async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const [count, ttl] = await this.hit(rule, subject);
    if (count > rule.limit) {
      throw AppError.tooManyRequests(
        rule.message ?? 'Too many requests. Please wait a moment and try again.',
        ttl / 1000,
      );
    }
  }

  /** Throws 429 when the subject is already over the limit, without counting a hit. */
  async assertNotBlocked(rule: RateLimitRule, subject: string): Promise<void> {
    const key = this.key(rule, subject);
    const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
    if (Number(count ?? 0) >= rule.limit) {
      throw AppError.tooManyRequests(
        rule.message ?? 'Too many attempts. Please wait a moment and try again.',
        ttl / 1000,
      );
    }
  }

  /** Counts a hit without throwing (e.g. a failed sign-in). */
  async record(rule: RateLimitRule, subject: string): Promise<void> {
    await this.hit(rule, subject);
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.redis.del(this.key(rule, subject));
  }
}
