import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { RateLimitService, type RateLimitRule } from '../../common/rate-limit.service';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { MemberSessionsService } from './member-sessions.service';
import { codeHash, derivedCode, derivedToken, tokenHash, tokenOf } from './member-tokens';
import { signInEmailKey } from './members.mailer';

const LINK_MINUTES = 15;
/** Wrong codes a sign-in email takes before it dies. */
export const CODE_ATTEMPTS = 5;

type LinkState = 'live' | 'used' | 'expired';

const linkStateSql = (alias: string) => `case
  when ${alias}.used_at is not null then 'used'
  when ${alias}.expires_at <= now() or ${alias}.attempts >= ${CODE_ATTEMPTS} then 'expired'
  else 'live' end`;

const REFUSALS: Record<Exclude<LinkState, 'live'>, () => AppError> = {
  used: () =>
    AppError.gone('This sign-in link has already been used. Please ask for a new sign-in email.', 'SIGN_IN_LINK_USED'),
  expired: () =>
    AppError.gone('This sign-in link has expired. Please ask for a new sign-in email.', 'SIGN_IN_LINK_EXPIRED'),
};

const unknownLink = () =>
  AppError.notFound('This sign-in link is not recognised. Please ask for a new sign-in email.', 'SIGN_IN_LINK_UNKNOWN');

const wrongCode = () =>
  AppError.badRequest(
    'That code is not valid. Please check the email, or ask for a new one.',
    undefined,
    'SIGN_IN_CODE_WRONG',
  );

export interface SignedIn {
  memberId: string;
  session: { token: string; expiresAt: Date };
}

/**
 * Email sign-in: a link and a 6-digit code, both good for 15 minutes and once, sent only to an
 * active member; the answer is the same for any address. Rate limited per address and per client.
 */
@Injectable()
export class MemberSignInService {
  private readonly perEmail: RateLimitRule;
  private readonly perClient: RateLimitRule;

  constructor(
    private readonly em: EntityManager,
    private readonly emails: EmailDeliveryService,
    private readonly sessions: MemberSessionsService,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.perEmail = {
      name: 'member-sign-in:email',
      limit: config.RATE_LIMIT_MEMBER_SIGN_IN_PER_EMAIL_PER_HOUR,
      windowSeconds: 3600,
      message: 'Too many sign-in emails for this address. Please wait a while and try again.',
    };
    this.perClient = {
      name: 'member-sign-in:client',
      limit: config.RATE_LIMIT_MEMBER_SIGN_IN_PER_ADDRESS_PER_HOUR,
      windowSeconds: 3600,
      message: 'Too many sign-in attempts. Please wait a while and try again.',
    };
  }

  /** Counts a sign-in attempt from this client (emails, links, codes, passkeys). */
  countAttempt(clientIp: string): Promise<void> {
    return this.limits.consume(this.perClient, clientIp);
  }

  /** Sends a sign-in email when the address is an active member's; nothing otherwise, and says nothing. */
  async requestEmail(emailInput: string, clientIp: string): Promise<void> {
    const email = emailInput.trim().toLowerCase();
    await this.countAttempt(clientIp);
    await this.limits.consume(this.perEmail, email);
    await this.em.fork().transactional(async (em) => {
      const [member] = await em.execute<Array<{ id: string; email: string }>>(
        `select id, email from members where lower(email) = ? and status = 'active'`,
        [email],
      );
      if (!member) return;
      const id = randomUUID();
      const secret = this.config.SESSION_SECRET;
      await em.execute(
        `insert into member_sign_in_links (id, member_id, token_hash, code_hash, expires_at)
         values (?, ?, ?, ?, now() + make_interval(mins => ?))`,
        [
          id,
          member.id,
          tokenHash(derivedToken(secret, 'sign-in', id)),
          codeHash(id, derivedCode(secret, id)),
          LINK_MINUTES,
        ],
      );
      await this.emails.queue(
        em,
        { key: signInEmailKey(id), kind: 'member.sign-in', recipient: member.email },
        'member.sign-in',
        { linkId: id },
      );
    });
  }

  /** The address a link signs in (the page shows it); never consumes the link. */
  async inspectLink(tokenValue: string): Promise<{ email: string }> {
    const token = tokenOf(tokenValue);
    if (!token) throw unknownLink();
    const [link] = await this.em.getConnection().execute<Array<{ email: string; state: LinkState }>>(
      `select m.email, ${linkStateSql('l')} as state
         from member_sign_in_links l join members m on m.id = l.member_id
        where l.token_hash = ? and m.status = 'active'`,
      [tokenHash(token)],
    );
    if (!link) throw unknownLink();
    if (link.state !== 'live') throw REFUSALS[link.state]();
    return { email: link.email };
  }

  /** Consumes the link and signs the member in on this device. */
  async signInWithLink(tokenValue: string, userAgent: string | undefined, clientIp: string): Promise<SignedIn> {
    await this.countAttempt(clientIp);
    const token = tokenOf(tokenValue);
    if (!token) throw unknownLink();
    return this.em.fork().transactional(async (em) => {
      const [link] = await em.execute<Array<{ id: string; member_id: string; state: LinkState }>>(
        `select l.id, l.member_id, ${linkStateSql('l')} as state
           from member_sign_in_links l join members m on m.id = l.member_id
          where l.token_hash = ? and m.status = 'active' for update of l`,
        [tokenHash(token)],
      );
      if (!link) throw unknownLink();
      if (link.state !== 'live') throw REFUSALS[link.state]();
      await em.execute(`update member_sign_in_links set used_at = now() where id = ?`, [link.id]);
      return { memberId: link.member_id, session: await this.sessions.issue(em, link.member_id, userAgent) };
    });
  }

  /**
   * Signs in with the code of any live sign-in email of the address. A wrong code counts against
   * every live email of the address; the fifth wrong try kills them. An address with no live email
   * gets the same answer as a wrong code.
   */
  async signInWithCode(
    emailInput: string,
    code: string,
    userAgent: string | undefined,
    clientIp: string,
  ): Promise<SignedIn> {
    await this.countAttempt(clientIp);
    const email = emailInput.trim().toLowerCase();
    const outcome = await this.em.fork().transactional(async (em) => {
      const links = await em.execute<Array<{ id: string; member_id: string; code_hash: string }>>(
        `select l.id, l.member_id, l.code_hash
           from member_sign_in_links l join members m on m.id = l.member_id
          where lower(m.email) = ? and m.status = 'active'
            and l.used_at is null and l.expires_at > now() and l.attempts < ?
          for update of l`,
        [email, CODE_ATTEMPTS],
      );
      const match = links.find((link) => {
        const expected = Buffer.from(link.code_hash);
        const given = Buffer.from(codeHash(link.id, code));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
      if (!match) {
        if (links.length > 0) {
          await em.execute(`update member_sign_in_links set attempts = attempts + 1 where id = any(?::uuid[])`, [
            `{${links.map((link) => link.id).join(',')}}`,
          ]);
        }
        return null;
      }
      await em.execute(`update member_sign_in_links set used_at = now() where id = ?`, [match.id]);
      return { memberId: match.member_id, session: await this.sessions.issue(em, match.member_id, userAgent) };
    });
    if (!outcome) throw wrongCode();
    return outcome;
  }
}
