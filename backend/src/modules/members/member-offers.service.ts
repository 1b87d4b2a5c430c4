import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { pgTextArray } from '../../common/pg-array';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { AuditService } from '../audit';
import { type WaitlistFilter, WaitlistService } from '../waitlist';
import type { MemberStatus, MemberTier } from './member.entity';
import { MemberSessionsService } from './member-sessions.service';
import { derivedToken, tokenHash, tokenOf } from './member-tokens';
import { offerStateSql, type OfferState } from './member-views';
import { offerEmailKey } from './members.mailer';

const OFFER_DAYS = 7;
/** Waitlist rows read and written per statement when offering to every match. */
const OFFER_BATCH = 500;

export interface OfferOutcome {
  offered: number;
  skipped: Array<{ email: string; reason: 'ALREADY_MEMBER' | 'ALREADY_OFFERED' }>;
}

const REFUSALS: Record<Exclude<OfferState, 'pending'>, () => AppError> = {
  used: () =>
    AppError.gone(
      'This membership link has already been used. Please sign in to the members’ area instead.',
      'OFFER_USED',
    ),
  expired: () =>
    AppError.gone(
      'This membership link has expired. Please contact the concierge and we will gladly send a new one.',
      'OFFER_EXPIRED',
    ),
  revoked: () => AppError.gone('This membership link has been withdrawn by the club.', 'OFFER_REVOKED'),
};

const unknownOffer = () =>
  AppError.notFound('This membership link is not recognised. Please check the link in your email.', 'OFFER_UNKNOWN');

/**
 * Membership offers: made from waitlist rows (one member per email), sent as a personal set-up
 * link by email through the outbox, opened (never consumed by a GET) and accepted once.
 */
@Injectable()
export class MemberOffersService {
  constructor(
    private readonly em: EntityManager,
    private readonly waitlist: WaitlistService,
    private readonly emails: EmailDeliveryService,
    private readonly sessions: MemberSessionsService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Offers membership with a tier to the chosen waitlist rows, or every row matching the filter,
   * in one transaction: a member row (status 'offered', linked to its waitlist row) and an offer
   * per email, the emails queued in the outbox. An email that is a member already, or has an
   * offer, is skipped and reported.
   */
  async offer(input: { tier: MemberTier; filter: WaitlistFilter }): Promise<OfferOutcome> {
    return this.em.fork().transactional(async (em) => {
      let matched = 0;
      let offered = 0;
      const skipped: OfferOutcome['skipped'] = [];
      const seen = new Set<string>();
      for await (const entries of this.waitlist.iterateMatching(input.filter, OFFER_BATCH)) {
        matched += entries.length;
        const fresh = entries.filter((entry) => {
          const email = entry.email.trim().toLowerCase();
          if (seen.has(email)) return false;
          seen.add(email);
          return true;
        });
        if (fresh.length === 0) continue;
        const existing = await em.execute<Array<{ email: string; status: MemberStatus }>>(
          `select lower(email) as email, status from members where lower(email) = any(?::text[])`,
          [pgTextArray(fresh.map((entry) => entry.email.toLowerCase()))],
        );
        const known = new Map(existing.map((row) => [row.email, row.status]));
        for (const [email, status] of known) {
          skipped.push({ email, reason: status === 'offered' ? 'ALREADY_OFFERED' : 'ALREADY_MEMBER' });
        }
        const candidates = fresh.filter((entry) => !known.has(entry.email.toLowerCase()));
        if (candidates.length === 0) continue;
        const inserted = await em.execute<Array<{ id: string; email: string }>>(
          `insert into members (id, name, email, phone, tier, status, waitlist_entry_id)
           select id, name, email, phone, ?, 'offered', entry
             from unnest(?::uuid[], ?::text[], ?::text[], ?::text[], ?::uuid[]) as t(id, name, email, phone, entry)
           on conflict ((lower(email))) do nothing
           returning id, email`,
          [
            input.tier,
            pgTextArray(candidates.map(() => randomUUID())),
            // A waitlist entry without a name is greeted by its email's name until the member confirms theirs.
            pgTextArray(candidates.map((entry) => entry.fullName?.trim() || entry.email.split('@')[0])),
            pgTextArray(candidates.map((entry) => entry.email.toLowerCase())),
            pgTextArray(candidates.map((entry) => entry.phone)),
            pgTextArray(candidates.map((entry) => entry.id)),
          ],
        );
        // Another offer made meanwhile took the email.
        const added = new Set(inserted.map((row) => row.email));
        for (const entry of candidates) {
          if (!added.has(entry.email.toLowerCase())) {
            skipped.push({ email: entry.email.toLowerCase(), reason: 'ALREADY_OFFERED' });
          }
        }
        await this.createOffers(
          em,
          inserted.map((row) => ({ memberId: row.id, email: row.email })),
        );
        for (const row of inserted) {
          await this.audit.record(em, {
            action: 'member.offer',
            target: { type: 'member', id: row.id },
            changes: { status: [null, 'offered'], tier: [null, input.tier] },
          });
        }
        offered += inserted.length;
      }
      if (matched === 0) throw AppError.badRequest('No waitlist entries match this selection');
      return { offered, skipped };
    });
  }

  /** Writes an offer per member and queues its email, inside the caller's transaction. */
  private async createOffers(em: EntityManager, members: Array<{ memberId: string; email: string }>): Promise<void> {
    if (members.length === 0) return;
    const offers = members.map((member) => {
      const id = randomUUID();
      return { ...member, id, hash: tokenHash(derivedToken(this.config.SESSION_SECRET, 'offer', id)) };
    });
    await em.execute(
      `insert into membership_offers (id, member_id, token_hash, created_at, expires_at)
       select id, member, hash, clock_timestamp(), clock_timestamp() + make_interval(days => ?)
         from unnest(?::uuid[], ?::uuid[], ?::text[]) as t(id, member, hash)`,
      [
        OFFER_DAYS,
        pgTextArray(offers.map((offer) => offer.id)),
        pgTextArray(offers.map((offer) => offer.memberId)),
        pgTextArray(offers.map((offer) => offer.hash)),
      ],
    );
    await this.emails.queueMany(
      em,
      'member.offer',
      offers.map((offer) => ({ key: offerEmailKey(offer.id), recipient: offer.email, payload: { offerId: offer.id } })),
      'member.offer',
    );
  }

  /** A new link for an offered member; the links sent before stop working. */
  async resend(memberId: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const member = await this.lockMember(em, memberId);
      if (member.status !== 'offered') {
        throw AppError.conflict('This member has already accepted membership: there is no offer to send again.');
      }
      await this.revokeLive(em, memberId);
      await this.createOffers(em, [{ memberId, email: member.email }]);
      await this.audit.record(em, { action: 'member.offer-resend', target: { type: 'member', id: memberId } });
    });
  }

  /** Withdraws the member's pending link (a link used or expired stays as it is). */
  async revoke(memberId: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await this.lockMember(em, memberId);
      const revoked = await this.revokeLive(em, memberId);
      if (revoked > 0) {
        await this.audit.record(em, {
          action: 'member.offer-revoke',
          target: { type: 'member', id: memberId },
          changes: { offer: ['pending', 'revoked'] },
        });
      }
    });
  }

  private async lockMember(em: EntityManager, memberId: string): Promise<{ email: string; status: MemberStatus }> {
    const [member] = await em.execute<Array<{ email: string; status: MemberStatus }>>(
      `select email, status from members where id = ? for update`,
      [memberId],
    );
    if (!member) throw AppError.notFound('Member not found');
    return member;
  }

  private async revokeLive(em: EntityManager, memberId: string): Promise<number> {
    const rows = await em.execute<Array<{ id: string }>>(
      `update membership_offers set revoked_at = now()
        where member_id = ? and used_at is null and revoked_at is null and expires_at > now() returning id`,
      [memberId],
    );
    return rows.length;
  }

  /** What the set-up page shows; never consumes the link. */
  async inspect(tokenValue: string): Promise<{ name: string; email: string; tier: MemberTier; expiresAt: string }> {
    const offer = await this.find(this.em, tokenValue, false);
    return {
      name: offer.name,
      email: offer.email,
      tier: offer.tier,
      expiresAt: new Date(offer.expires_at).toISOString(),
    };
  }

  /**
   * Consumes the link: the member confirms their name, becomes active (joined now), and is signed
   * in on this device.
   */
  async accept(
    tokenValue: string,
    name: string,
    userAgent: string | undefined,
  ): Promise<{ memberId: string; session: { token: string; expiresAt: Date } }> {
    return this.em.fork().transactional(async (em) => {
      const offer = await this.find(em, tokenValue, true);
      await em.execute(`update membership_offers set used_at = now() where id = ?`, [offer.id]);
      await em.execute(
        `update members set name = ?, status = 'active', joined_at = coalesce(joined_at, now()), updated_at = now()
          where id = ?`,
        [name, offer.member_id],
      );
      const session = await this.sessions.issue(em, offer.member_id, userAgent);
      return { memberId: offer.member_id, session };
    });
  }

  private async find(em: EntityManager, tokenValue: string, lock: boolean) {
    const token = tokenOf(tokenValue);
    if (!token) throw unknownOffer();
    const [offer] = await em.getConnection().execute<
      Array<{
        id: string;
        member_id: string;
        state: OfferState;
        name: string;
        email: string;
        tier: MemberTier;
        status: MemberStatus;
        expires_at: Date;
      }>
    >(
      `select o.id, o.member_id, ${offerStateSql('o')} as state, m.name, m.email, m.tier, m.status, o.expires_at
         from membership_offers o join members m on m.id = o.member_id
        where o.token_hash = ? ${lock ? 'for update of o, m' : ''}`,
      [tokenHash(token)],
      'all',
      em.getTransactionContext(),
    );
    if (!offer) throw unknownOffer();
    if (offer.state !== 'pending') throw REFUSALS[offer.state]();
    // A member suspended before accepting: the offer no longer stands.
    if (offer.status === 'suspended') throw REFUSALS.revoked();
    return offer;
  }
}
