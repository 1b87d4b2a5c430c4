import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { DISPOSABLE_EMAIL_REFUSED, isDisposableEmail, normaliseEmail } from '../../common/email-address';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { MembersService } from '../members';
import { WaitlistService, type NominatedEntry, type NominationStatus } from '../waitlist';
import { NominationLink, NominationSent } from './nomination.entities';

/** A member keeps a few personal links at once (one per circle they share it in), not a campaign's worth. */
export const MAX_ACTIVE_LINKS = 5;

/** The words staff read beside a suspect nomination. */
export const SUSPECT_REASONS = {
  ownAddress: 'The nominee’s address is the nominating member’s own',
  disposable: 'The nominee used a disposable-mail address',
  alreadyMember: 'The nominee is already a member',
  memberInactive: 'The nominating member’s account is not active',
  oneClient: (count: number, minutes: number) => `${count} sign-ups came from one device within ${minutes} minutes`,
} as const;

export const nominationEmailKey = (nominationId: string) => `nomination.email:${nominationId}`;

export interface NominationLinkView {
  code: string;
  url: string;
  createdAt: string;
}

export interface NominationSentView {
  id: string;
  name: string;
  email: string;
  sentAt: string;
  signedUp: boolean;
}

export interface MemberNominationsView {
  links: NominationLinkView[];
  sent: NominationSentView[];
  throughLinks: number;
}

export interface NomineeView {
  entryId: string;
  name: string | null;
  email: string;
  signedUpAt: string;
  confirmed: boolean;
  byEmail: boolean;
  reasons: string[];
}

export interface StaffNominationsView {
  credited: NomineeView[];
  suspect: NomineeView[];
  emailed: number;
  activeLinks: number;
}

/**
 * Members bring the people the club wants: each member's personal links and the people they
 * nominated by email, and the decision whether a sign-up through a link is credited to them or
 * suspect. Who signed up through whom is the waitlist's to keep (WaitlistService.markNomination);
 * no member ever sees another's nominations, nor any count of them.
 */
@Injectable()
export class NominationsService {
  private readonly logger = new Logger(NominationsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly waitlist: WaitlistService,
    private readonly members: MembersService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The link to share: the landing page, whose form sends `ref` and the UTM fields with the sign-up. */
  linkUrl(code: string): string {
    const base = this.config.APP_URL.replace(/\/+$/, '');
    return `${base}/?ref=${encodeURIComponent(code)}&utm_source=nomination&utm_medium=member`;
  }

  /** The member's live links, oldest first; a member who has none (never, or all revoked) is given one. */
  async links(memberId: string): Promise<NominationLinkView[]> {
    const live = () =>
      this.em
        .fork()
        .find(NominationLink, { memberId, revokedAt: null }, { orderBy: { createdAt: 'asc', code: 'asc' } });
    let links = await live();
    if (links.length === 0) {
      await this.em.fork().transactional(async (em) => {
        await lockLinksOf(em, memberId);
        // Two first visits at once: the second finds the first one's link.
        if ((await em.count(NominationLink, { memberId, revokedAt: null })) === 0) {
          em.create(NominationLink, { code: newCode(), memberId });
        }
      });
      links = await live();
    }
    return links.map((link) => this.linkView(link));
  }

  /** Another personal link (e.g. one for each circle the member shares it in). */
  async addLink(memberId: string): Promise<NominationLinkView> {
    return this.em.fork().transactional(async (em) => {
      await lockLinksOf(em, memberId);
      const active = await em.count(NominationLink, { memberId, revokedAt: null });
      if (active >= MAX_ACTIVE_LINKS) {
        throw AppError.conflict(
          `You have ${MAX_ACTIVE_LINKS} personal links already: please retire one before making another.`,
          'NOMINATION_LINKS_FULL',
        );
      }
      const link = em.create(NominationLink, { code: newCode(), memberId });
      await em.flush();
      return this.linkView(link);
    });
  }

  /** Retires a link: sign-ups through it still join the waitlist, but are no longer credited. */
  async revokeLink(memberId: string, code: string): Promise<void> {
    const revoked = await this.em
      .fork()
      .nativeUpdate(NominationLink, { code, memberId, revokedAt: null }, { revokedAt: new Date() });
    if (revoked === 0) throw AppError.notFound('You have no such link', 'NOMINATION_LINK_UNKNOWN');
  }

  /** What the member sees: their links, the people they nominated by email (signed up or not), and the rest. */
  async forMember(memberId: string): Promise<MemberNominationsView> {
    const [links, sent, nominees] = await Promise.all([
      this.links(memberId),
      this.em.fork().find(NominationSent, { memberId }, { orderBy: { sentAt: 'desc', id: 'asc' } }),
      this.waitlist.nominatedBy(memberId),
    ]);
    // Only what counts is told: a confirmed, credited sign-up. A suspect one reads as not signed up.
    const counted = nominees.filter((n) => n.status === 'credited' && n.confirmedAt != null);
    const countedAddresses = new Set(counted.map((n) => n.emailNormalised));
    const sentAddresses = new Set(sent.map((s) => s.emailNormalised));
    return {
      links,
      sent: sent.map((s) => ({
        id: s.id,
        name: s.name,
        email: s.email,
        sentAt: s.sentAt.toISOString(),
        signedUp: countedAddresses.has(s.emailNormalised),
      })),
      throughLinks: counted.filter((n) => !sentAddresses.has(n.emailNormalised)).length,
    };
  }

  /**
   * 'Nominate by email': the club writes to the person, in the member's name, once per address.
   * The email carries the member's first live link; an address that left the club's updates is
   * not written to (the mail platform skips it, and the member is told nothing of that choice).
   */
  async nominateByEmail(memberId: string, input: { name: string; email: string }): Promise<NominationSentView> {
    const email = input.email.trim();
    const emailNormalised = normaliseEmail(email);
    if (isDisposableEmail(email)) {
      throw AppError.badRequest(
        DISPOSABLE_EMAIL_REFUSED,
        { email: DISPOSABLE_EMAIL_REFUSED },
        'DISPOSABLE_EMAIL_REFUSED',
      );
    }
    const member = await this.members.contact(memberId);
    if (!member) throw AppError.unauthorized('Please sign in to continue.', undefined, 'MEMBER_SIGNED_OUT');
    if (normaliseEmail(member.email) === emailNormalised) {
      const own = 'That is your own address: please give the address of the person you nominate.';
      throw AppError.badRequest(own, { email: own });
    }
    if (await this.members.isMemberAddress(email)) {
      throw AppError.conflict(
        'This person is already a member of the club: there is no need to nominate them.',
        'ALREADY_A_MEMBER',
      );
    }
    const [link] = await this.links(memberId);
    try {
      return await this.em.fork().transactional(async (em) => {
        const sent = em.create(NominationSent, {
          memberId,
          email,
          emailNormalised,
          name: input.name.trim(),
          linkCode: link.code,
        });
        await em.flush();
        await this.emails.queue(
          em,
          { key: nominationEmailKey(sent.id), kind: 'nomination.email', recipient: email },
          'nomination.email',
          { nominationId: sent.id },
        );
        return {
          id: sent.id,
          name: sent.name,
          email: sent.email,
          sentAt: sent.sentAt.toISOString(),
          signedUp: false,
        };
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw AppError.conflict(
          'You have nominated this person already: we wrote to them once, and will not write again.',
          'ALREADY_NOMINATED',
        );
      }
      throw error;
    }
  }

  /** What the nomination email needs: the nominee, the member's name and the link; null when gone. */
  async emailOf(
    nominationId: string,
  ): Promise<{ name: string; email: string; memberName: string; code: string } | null> {
    const sent = await this.em.fork().findOne(NominationSent, { id: nominationId });
    if (!sent) return null;
    const member = await this.members.contact(sent.memberId);
    if (!member) return null;
    return { name: sent.name, email: sent.email, memberName: member.name, code: sent.linkCode };
  }

  /**
   * A sign-up arrived with `ref`: credit it to the link's member, or mark it suspect with the
   * reasons. An unknown code credits no one, nor a retired one but for the people the member
   * emailed it to. Idempotent: the same entry is decided the
   * same way again (the client count only grows, so a retry may only find more reason to doubt).
   */
  async decide(entryId: string, ref: string): Promise<NominationStatus | 'not-nominated'> {
    const em = this.em.fork();
    const link = await em.findOne(NominationLink, { code: ref });
    if (!link) return 'not-nominated';
    const entry = await this.waitlist.findById(entryId);
    if (!entry) return 'not-nominated';
    // A retired link still credits the people the member wrote to with it.
    if (link.revokedAt) {
      const written = await em.count(NominationSent, {
        memberId: link.memberId,
        linkCode: link.code,
        emailNormalised: normaliseEmail(entry.email),
      });
      if (written === 0) return 'not-nominated';
    }

    const reasons: string[] = [];
    const member = await this.members.contact(link.memberId);
    if (!member) reasons.push(SUSPECT_REASONS.memberInactive);
    else if (normaliseEmail(member.email) === normaliseEmail(entry.email)) reasons.push(SUSPECT_REASONS.ownAddress);
    if (isDisposableEmail(entry.email)) reasons.push(SUSPECT_REASONS.disposable);
    if (await this.members.isMemberAddress(entry.email)) reasons.push(SUSPECT_REASONS.alreadyMember);
    const window = this.config.NOMINATION_CLIENT_WINDOW_MINUTES;
    const fromClient = await this.waitlist.signUpsFromClient(entryId, window);
    if (fromClient >= this.config.NOMINATION_CLIENT_LIMIT) reasons.push(SUSPECT_REASONS.oneClient(fromClient, window));

    const status: NominationStatus = reasons.length > 0 ? 'suspect' : 'credited';
    await this.waitlist.markNomination(entryId, link.memberId, status, reasons);
    if (status === 'suspect') this.logger.log(`Nomination of entry ${entryId} is suspect: ${reasons.join('; ')}`);
    return status;
  }

  /** The staff's view of one member's nominations: credited and suspect apart, with the reasons. */
  async forStaff(memberId: string): Promise<StaffNominationsView> {
    if (!(await this.members.describe([memberId])).has(memberId)) throw AppError.notFound('Member not found');
    const em = this.em.fork();
    const [nominees, sent, activeLinks] = await Promise.all([
      this.waitlist.nominatedBy(memberId),
      em.find(NominationSent, { memberId }, { fields: ['emailNormalised'] }),
      em.count(NominationLink, { memberId, revokedAt: null }),
    ]);
    const emailed = new Set(sent.map((s) => s.emailNormalised));
    const view = (n: NominatedEntry): NomineeView => ({
      entryId: n.id,
      name: n.fullName,
      email: n.email,
      signedUpAt: n.createdAt.toISOString(),
      confirmed: n.confirmedAt != null,
      byEmail: emailed.has(n.emailNormalised),
      reasons: n.reasons,
    });
    return {
      credited: nominees.filter((n) => n.status === 'credited').map(view),
      suspect: nominees.filter((n) => n.status === 'suspect').map(view),
      emailed: sent.length,
      activeLinks,
    };
  }

  private linkView(link: NominationLink): NominationLinkView {
    return { code: link.code, url: this.linkUrl(link.code), createdAt: link.createdAt.toISOString() };
  }
}

/**
 * One member's links are counted and made under a transaction lock on the member's own key, so two
 * tabs at once cannot pass the limit (or make two first links) together.
 */
async function lockLinksOf(em: EntityManager, memberId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('nomination-links:' || ?))`, [memberId]);
}

/** 128 random bits, base64url (22 characters). */
function newCode(): string {
  return randomBytes(16).toString('base64url');
}
