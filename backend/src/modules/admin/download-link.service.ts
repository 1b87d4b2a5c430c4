import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { REDIS } from '../../platform/redis/redis.module';

/** What a download link may fetch; a link made for one never opens another. */
export type DownloadPurpose = 'waitlist-export';

const LINK_SECONDS = 60;
export const DOWNLOAD_LINK_EXPIRED = 'This download link has expired. Please export again.';

/**
 * Short-lived, single-purpose, single-use download links for admin files. The browser cannot add
 * an Authorization header to a plain navigation, and fetching the file in script would hold all of
 * it in the tab; so an authenticated call gets a signed token, and the browser downloads the
 * streamed file by following a link that carries it. A token works once, on any api process.
 */
@Injectable()
export class DownloadLinkService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.config.SESSION_SECRET).update(`download.v1.${payload}`).digest('base64url');
  }

  issue(purpose: DownloadPurpose, adminId: string, now = Date.now()): { token: string; expiresAt: Date } {
    const expiresAt = new Date(now + LINK_SECONDS * 1000);
    const payload = [purpose, adminId, expiresAt.getTime(), randomBytes(12).toString('base64url')].join('.');
    return { token: `${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** Accepts the token once, for its purpose and before it expires; else throws 401. */
  async redeem(purpose: DownloadPurpose, token: unknown, now = Date.now()): Promise<void> {
    const parts = typeof token === 'string' && token.length <= 300 ? token.split('.') : [];
    if (parts.length !== 5) throw AppError.unauthorized(DOWNLOAD_LINK_EXPIRED);
    const [forPurpose, adminId, expires, nonce, signature] = parts;
    const expected = Buffer.from(this.sign([forPurpose, adminId, expires, nonce].join('.')));
    const given = Buffer.from(signature);
    const genuine = given.length === expected.length && timingSafeEqual(given, expected);
    const left = Number(expires) - now;
    if (!genuine || forPurpose !== purpose || !(left > 0)) throw AppError.unauthorized(DOWNLOAD_LINK_EXPIRED);
    const first = await this.redis.set(`${this.config.REDIS_PREFIX}:download-link:${nonce}`, '1', 'PX', left, 'NX');
    if (first !== 'OK') throw AppError.unauthorized(DOWNLOAD_LINK_EXPIRED);
  }
}
