import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../common/app-error';
import { clientIp } from '../../common/client-ip';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';

const TOO_MANY = 'Too many conversations are open at once. Please close a tab or two and try again.';

/**
 * How many event streams are open on this process, per concierge session and per client address.
 * A stream holds a socket and a little memory of the process it is open on (never a connection
 * of a shared store), so a cap per process bounds what any one client can hold.
 */
@Injectable()
export class StreamSlots {
  private readonly open = new Map<string, number>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Takes a slot for a stream about to open, or refuses it (429) when the session or the address
   * holds its share already. The slot is given back when the response closes, however it ends.
   */
  take(request: Request, response: Response, sessionId?: string): void {
    const keys: Array<[string, number]> = [[`address:${clientIp(request)}`, this.config.STREAMS_PER_ADDRESS]];
    if (sessionId) keys.push([`session:${sessionId}`, this.config.STREAMS_PER_SESSION]);
    if (keys.some(([key, limit]) => (this.open.get(key) ?? 0) >= limit)) throw AppError.tooManyRequests(TOO_MANY, 5);
    for (const [key] of keys) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    response.once('close', () => {
      for (const [key] of keys) {
        const left = (this.open.get(key) ?? 1) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    });
  }
}
