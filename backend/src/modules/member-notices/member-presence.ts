import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { sessionChannel } from '../../platform/live/channels';
import { LiveEventsService } from '../../platform/live/live-events.service';
import { REDIS } from '../../platform/redis/redis.module';

/** How long a page's word that it is in view holds (the page repeats it every minute while it is). */
export const IN_VIEW_MS = 90_000;

/**
 * Whether a member is reading the concierge: a page of theirs has its live updates stream open (on
 * any api process: Redis counts the subscribers of the member's channel, and a process that dies
 * takes its subscriptions with it) and has said lately that it is in view (a key with a short
 * expiry, renewed by the page every minute while it is seen). A tab left open behind others, or a
 * phone in a pocket, stops renewing it: the member is away, and hears by email.
 */
@Injectable()
export class MemberPresence {
  private readonly logger = new Logger(MemberPresence.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly live: LiveEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private inViewKey(ownerKey: string): string {
    return `${this.config.REDIS_PREFIX}:member-in-view:${ownerKey}`;
  }

  /** A page of the member's is in view now. */
  async inView(ownerKey: string): Promise<void> {
    await this.redis.set(this.inViewKey(ownerKey), '1', 'PX', IN_VIEW_MS);
  }

  /** True while the member reads the concierge; false when Redis cannot say (the email is the safer side). */
  async connected(ownerKey: string): Promise<boolean> {
    try {
      const [subscribers, seen] = await Promise.all([
        this.redis.pubsub('NUMSUB', this.live.channelKey(sessionChannel(ownerKey))) as Promise<unknown[]>,
        this.redis.exists(this.inViewKey(ownerKey)),
      ]);
      return Number(subscribers[1]) > 0 && seen === 1;
    } catch (error) {
      this.logger.warn(`Presence unknown (${(error as Error).message}): the member counts as away`);
      return false;
    }
  }
}
