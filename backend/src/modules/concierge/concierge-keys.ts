import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { TrackedKeys } from '../../platform/redis/tracked-keys';

/** A signed-out session's key (it exists until the cookie would have expired). */
export const revokedKey = (config: AppConfig, sessionId: string) =>
  `${config.REDIS_PREFIX}:concierge:revoked:${sessionId}`;

/** A thread's hand-off state: the session of a thread a person has, or `-`. */
export const handoffKey = (config: AppConfig, threadId: string) =>
  `${config.REDIS_PREFIX}:concierge:handoff:${threadId}`;

/**
 * The two things every member's reply needs to know before the model may be asked (is the session
 * signed out? does a person have the thread?), kept in the process while Redis announces their
 * changes (TrackedKeys): the model is asked in the turn the request arrives, with no round trip.
 */
@Injectable()
export class ConciergeKeys extends TrackedKeys implements OnApplicationShutdown {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(config.REDIS_URL, [revokedKey(config, ''), handoffKey(config, '')]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
