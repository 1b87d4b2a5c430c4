import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { pgTextArray } from '../../common/pg-array';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { CONFIRM_AGAIN_PREFIX } from './waitlist.service';

/** An entry the clean-up considers: unconfirmed past its days. */
export interface RetentionCandidate {
  id: string;
  /** As stored: trimmed and lower-cased. */
  email: string;
}

/**
 * Another module's answer to "which of these entries does something of mine hang on?" (a member
 * who came from the entry, an invitation sent to its address), in the clean-up's transaction.
 * The waitlist cannot read those modules (they depend on it), so they tell it, registering at
 * boot (WaitlistRetention.keepWhile).
 */
export type AttachmentCheck = (em: EntityManager, entries: RetentionCandidate[]) => Promise<Set<string>>;

const BATCH = 500;

/**
 * Double opt-in's other half: a sign-up nobody confirmed within WAITLIST_UNCONFIRMED_DAYS is
 * deleted (by a repeating job, see WaitlistCleanupScheduler), with the record of its welcome email.
 * Only an entry nothing is attached to: one a member came from, or whose address was invited to an
 * event, stays (the modules concerned say which, see AttachmentCheck). The consent ledger keeps
 * its rows: they hold no personal data.
 */
@Injectable()
export class WaitlistRetention {
  private readonly logger = new Logger(WaitlistRetention.name);
  private readonly checks = new Map<string, AttachmentCheck>();

  constructor(
    private readonly em: EntityManager,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Keeps the entries `check` names, whatever their age (one check per name). */
  keepWhile(name: string, check: AttachmentCheck): void {
    this.checks.set(name, check);
  }

  /**
   * Deletes unconfirmed entries older than WAITLIST_UNCONFIRMED_DAYS that nothing is attached to,
   * in batches of 500 (each its own transaction). Answers how many were deleted.
   */
  async deleteUnconfirmed(): Promise<number> {
    let deleted = 0;
    // Entries kept (something attached) are skipped by id, so each batch moves on past them.
    const kept: string[] = [];
    for (;;) {
      const outcome = await this.em.fork().transactional(async (em) => {
        const candidates = await em.execute<RetentionCandidate[]>(
          `select id, email from waitlist_entries
            where confirmed_at is null
              and created_at < now() - make_interval(days => ?)
              and not (id = any(?::uuid[]))
            order by created_at, id
            limit ${BATCH}
            for update skip locked`,
          [this.config.WAITLIST_UNCONFIRMED_DAYS, pgTextArray(kept)],
        );
        const held = new Set<string>();
        for (const check of this.checks.values()) {
          for (const id of await check(em, candidates)) held.add(id);
        }
        const doomed = candidates.filter((entry) => !held.has(entry.id)).map((entry) => entry.id);
        if (doomed.length) {
          await this.emails.deleteByKeys(
            em,
            doomed.map((id) => `waitlist.welcome:${id}`),
          );
          await this.emails.deleteByKeyPrefixes(
            em,
            doomed.map((id) => `${CONFIRM_AGAIN_PREFIX}${id}:`),
          );
          await em.execute(`delete from waitlist_entries where id = any(?::uuid[])`, [pgTextArray(doomed)]);
        }
        return { found: candidates.length, deleted: doomed.length, held: [...held] };
      });
      deleted += outcome.deleted;
      kept.push(...outcome.held);
      if (outcome.found < BATCH) break;
    }
    if (deleted > 0) this.logger.log(`Deleted ${deleted} waitlist sign-ups left unconfirmed`);
    return deleted;
  }
}
