import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { RECORD_VIEW_SQL, ROLL_UP_CLOSED_DAYS_SQL, SALT_FOR_DAY_SQL } from './page-views.sql';
import { attributionOf, isRobot, publicPath } from './public-pages';

/** What the browser's page_view event says about the page. */
export interface PageViewInput {
  path: unknown;
  /** The page's query string, `?utm_source=...`. */
  search: unknown;
  /** document.referrer: the page that linked here. */
  referrer: unknown;
}

/** Who asked, used only to make today's visitor key and then forgotten. */
export interface PageViewClient {
  ip: string;
  userAgent: string | undefined;
}

/** The UTC day of a moment, as YYYY-MM-DD. */
function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Cookieless visit counting (Plausible's method): a view is stored with no identity; the visitor of
 * the day is known only by a hash of the day's random salt with the client's address and user
 * agent, and the salt and the hashes are deleted once the day is over (rollUpClosedDays), so
 * visits cannot be linked across days or back to a person.
 */
@Injectable()
export class PageViewsService {
  private readonly ownHost: string;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ownHost = new URL(config.APP_URL).host;
  }

  /** Counts a view of a public page; answers false (and stores nothing) for any other page or a robot. */
  async record(input: PageViewInput, client: PageViewClient, now = new Date()): Promise<boolean> {
    const path = publicPath(input.path);
    if (!path || isRobot(client.userAgent)) return false;
    const day = utcDay(now);
    const attribution = attributionOf(input.search, input.referrer, this.ownHost);
    const salt = await this.saltFor(day);
    const visitorKey = createHash('sha256')
      .update(`${salt}\n${client.ip}\n${client.userAgent ?? ''}`)
      .digest('base64url');
    await this.em
      .getConnection()
      .execute(RECORD_VIEW_SQL, [
        day,
        path,
        attribution.utmSource,
        attribution.utmMedium,
        attribution.utmCampaign,
        attribution.referrerHost,
        attribution.ref,
        visitorKey,
      ]);
    return true;
  }

  /**
   * Folds the visitors of every closed day into counts and deletes their keys and salts (the
   * repeating job 'insights.roll-up-visits'). Idempotent: a second run finds nothing to fold.
   */
  async rollUpClosedDays(): Promise<{ visitors: number; salts: number }> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ visitors: number; salts: number }>>(ROLL_UP_CLOSED_DAYS_SQL);
    return row;
  }

  /** The day's salt (made by whichever process asks first). Read each time: a cached one could outlive its row. */
  private async saltFor(day: string): Promise<string> {
    // Two processes making the day's salt at once: the one that lost sees the winner's salt on a
    // second look (its first statement's snapshot was taken before the winner committed).
    for (let attempt = 0; ; attempt += 1) {
      const [row] = await this.em
        .getConnection()
        .execute<Array<{ salt: string }>>(SALT_FOR_DAY_SQL, [day, randomBytes(32).toString('base64url'), day]);
      if (row) return row.salt;
      if (attempt > 0) throw new Error(`No visit salt for ${day}`);
    }
  }
}
