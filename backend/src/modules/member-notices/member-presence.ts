import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { sessionChannel } from '../../platform/live/channels';
import { LiveEventsService } from '../../platform/live/live-events.service';
import { REDIS } from '../../platform/redis/redis.module';

/**
 * Whether a member has the concierge open on any device, on any api process: while a member's
 * page is open its live updates stream is subscribed to the member's channel on Redis (one
 * subscription per process while a stream listens, dropped with the last one, or with the process's
 * connection if it dies), so Redis's own count of the channel's subscribers answers, with no key to
 * renew and nothing left behind by a process that crashed.
 */
@Injectable()
export class MemberPresence {
  private readonly logger = new Logger(MemberPresence.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly live: LiveEventsService,
  ) {}

  /** True while a live stream of the owner key (`member:<id>`) is open; false when Redis cannot say (the email is the safer side). */
  async connected(ownerKey: string): Promise<boolean> {
    try {
      const answer = (await this.redis.pubsub('NUMSUB', this.live.channelKey(sessionChannel(ownerKey)))) as unknown[];
      return Number(answer[1]) > 0;
    } catch (error) {
      this.logger.warn(`Presence unknown (${(error as Error).message}): the member counts as away`);
      return false;
    }
  }
}
