import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { REDIS } from '../redis/redis.module';
import { redisConnectionOptions } from '../redis/redis-options';

/** One live update: an event name and its JSON data, as an SSE frame carries them. */
export interface LiveEvent {
  event: string;
  data: unknown;
}

export type LiveHandler = (event: LiveEvent) => void;

/**
 * The one live-delivery mechanism: Redis pub/sub, so that an update published by any api or
 * worker process reaches every api process, which hands it to the Server-Sent Events streams
 * open on it. A channel is named for its audience (`concierge:<session id>` for a member's
 * tabs, `chat:<message id>` for a reply's frames; a staff console will have its own). Each
 * process holds one subscriber connection, subscribed to a channel while at least one local
 * listener wants it.
 */
@Injectable()
export class LiveEventsService implements OnApplicationShutdown {
  private readonly logger = new Logger('LiveEvents');
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, Set<LiveHandler>>();
  /** SUBSCRIBE commands in flight, so a second listener waits for the same acknowledgement. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** The Redis channel a live channel is published on (for a script that publishes itself). */
  channelKey(channel: string): string {
    return `${this.config.REDIS_PREFIX}:live:${channel}`;
  }

  private connection(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = new Redis({ ...redisConnectionOptions(this.config), lazyConnect: false });
    subscriber.on('error', (error: Error) => this.logger.warn(`Live updates: ${error.message}`));
    const prefix = this.channelKey('');
    subscriber.on('messageBuffer', (channelBuffer: Buffer, payload: Buffer) => {
      const channel = channelBuffer.toString('utf8').slice(prefix.length);
      const handlers = this.handlers.get(channel);
      if (!handlers?.size) return;
      let event: LiveEvent;
      try {
        event = JSON.parse(payload.toString('utf8')) as LiveEvent;
      } catch {
        return;
      }
      for (const handler of [...handlers]) handler(event);
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  /** Sends an event to every listener of the channel, on every process. */
  async publish(channel: string, event: string, data: unknown): Promise<void> {
    await this.redis.publish(this.channelKey(channel), JSON.stringify({ event, data }));
  }

  /**
   * Listens to a channel; resolves once Redis has confirmed the subscription (so nothing published
   * afterwards is missed). The answer stops listening.
   */
  async subscribe(channel: string, handler: LiveHandler): Promise<() => void> {
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
    }
    handlers.add(handler);
    if (handlers.size === 1 && !this.pending.has(channel)) {
      const done = this.connection()
        .subscribe(this.channelKey(channel))
        .finally(() => this.pending.delete(channel));
      this.pending.set(channel, done);
    }
    try {
      await this.pending.get(channel);
    } catch (error) {
      this.remove(channel, handler);
      throw error;
    }
    return () => this.remove(channel, handler);
  }

  private remove(channel: string, handler: LiveHandler): void {
    const handlers = this.handlers.get(channel);
    if (!handlers?.delete(handler) || handlers.size > 0) return;
    this.handlers.delete(channel);
    this.subscriber?.unsubscribe(this.channelKey(channel)).catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    this.handlers.clear();
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
    this.subscriber = null;
  }
}
