import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { REDIS } from '../../common/redis.token';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { MemberSessionsService, type MemberSessionView } from './member-sessions.service';
import { newToken, tokenHash, tokenOf } from './member-tokens';
import { iso, type PasskeyView } from './member-views';
import { relyingParty, type RelyingParty } from './relying-party';
import { describeUserAgent } from './user-agent';
import type { SignedIn } from './member-sign-in.service';

/** How long a ceremony's challenge is good for. */
export const CHALLENGE_SECONDS = 300;

const unavailable = () =>
  AppError.unavailable(
    'Passkeys are not available on this address of the site. Please sign in by email.',
    'PASSKEYS_UNAVAILABLE',
  );

const refused = (message = 'This passkey could not be verified. Please try again, or sign in by email.') =>
  AppError.badRequest(message, undefined, 'PASSKEY_REFUSED');

interface PasskeyColumns {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const passkeyView = (row: PasskeyColumns): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: iso(row.created_at)!,
  lastUsedAt: iso(row.last_used_at),
});

/**
 * Members' passkeys (WebAuthn, @simplewebauthn/server): registration by a signed-in member, and
 * sign-in with a discoverable credential. Each ceremony's challenge is kept in Redis for five
 * minutes and used once: a registration's under the member's session, a sign-in's under a random
 * id the browser holds in a short-lived httpOnly cookie.
 */
@Injectable()
export class MemberPasskeysService {
  private readonly party: RelyingParty | null;

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: MemberSessionsService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.party = relyingParty(config);
  }

  get available(): boolean {
    return this.party !== null;
  }

  private rp(): RelyingParty {
    if (!this.party) throw unavailable();
    return this.party;
  }

  private challengeKey(kind: 'register' | 'sign-in', id: string): string {
    return `${this.config.REDIS_PREFIX}:members:challenge:${kind}:${id}`;
  }

  /** The challenge kept under a key, taken once. */
  private async takeChallenge(key: string): Promise<string | null> {
    const [[, value]] = (await this.redis.multi().get(key).del(key).exec()) as Array<[Error | null, string | null]>;
    return value;
  }

  async list(memberId: string): Promise<PasskeyView[]> {
    const rows = await this.em
      .getConnection()
      .execute<PasskeyColumns[]>(
        `select id, name, created_at, last_used_at from member_passkeys where member_id = ? order by created_at, id`,
        [memberId],
      );
    return rows.map(passkeyView);
  }

  async registrationOptions(view: MemberSessionView): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const rp = this.rp();
    const existing = await this.em
      .getConnection()
      .execute<Array<{ credential_id: string; transports: string[] }>>(
        `select credential_id, transports from member_passkeys where member_id = ?`,
        [view.member.id],
      );
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: view.member.email,
      userDisplayName: view.member.name,
      userID: new TextEncoder().encode(view.member.id),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        transports: row.transports as AuthenticatorTransportFuture[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: CHALLENGE_SECONDS * 1000,
    });
    await this.redis.set(this.challengeKey('register', view.sessionId), options.challenge, 'EX', CHALLENGE_SECONDS);
    return options;
  }

  async register(
    view: MemberSessionView,
    response: Record<string, unknown>,
    name: string | undefined,
    userAgent: string | undefined,
  ): Promise<PasskeyView> {
    const rp = this.rp();
    const challenge = await this.takeChallenge(this.challengeKey('register', view.sessionId));
    if (!challenge) throw refused('The passkey request has expired. Please try again.');
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch {
      throw refused();
    }
    if (!verification.verified || !verification.registrationInfo) throw refused();
    const { credential } = verification.registrationInfo;
    const device = describeUserAgent(userAgent);
    const [row] = await this.em.getConnection().execute<PasskeyColumns[]>(
      `insert into member_passkeys (id, member_id, credential_id, public_key, counter, transports, name)
       values (?, ?, ?, ?, ?, ?::text[], ?)
       on conflict (credential_id) do nothing
       returning id, name, created_at, last_used_at`,
      [
        randomUUID(),
        view.member.id,
        credential.id,
        Buffer.from(credential.publicKey),
        credential.counter,
        `{${(credential.transports ?? []).join(',')}}`,
        name || `${device.browser} on ${device.system}`,
      ],
    );
    if (!row) throw AppError.conflict('This passkey is registered already.');
    return passkeyView(row);
  }

  async rename(memberId: string, passkeyId: string, name: string): Promise<PasskeyView> {
    const [row] = await this.em
      .getConnection()
      .execute<PasskeyColumns[]>(
        `update member_passkeys set name = ? where id = ? and member_id = ? returning id, name, created_at, last_used_at`,
        [name, passkeyId, memberId],
      );
    if (!row) throw AppError.notFound('Passkey not found');
    return passkeyView(row);
  }

  async remove(memberId: string, passkeyId: string): Promise<void> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ id: string }>>(`delete from member_passkeys where id = ? and member_id = ? returning id`, [
        passkeyId,
        memberId,
      ]);
    if (rows.length === 0) throw AppError.notFound('Passkey not found');
  }

  /** Options for signing in with any passkey of this site, and the id the challenge is kept under. */
  async authenticationOptions(): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
    const rp = this.rp();
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'preferred',
      timeout: CHALLENGE_SECONDS * 1000,
    });
    const challengeId = newToken();
    await this.redis.set(
      this.challengeKey('sign-in', tokenHash(challengeId)),
      options.challenge,
      'EX',
      CHALLENGE_SECONDS,
    );
    return { challengeId, options };
  }

  /** Verifies a passkey's signature over the challenge, and signs its member in on this device. */
  async authenticate(
    challengeCookie: unknown,
    response: Record<string, unknown>,
    userAgent: string | undefined,
  ): Promise<SignedIn> {
    const rp = this.rp();
    const challengeId = tokenOf(challengeCookie);
    const challenge = challengeId
      ? await this.takeChallenge(this.challengeKey('sign-in', tokenHash(challengeId)))
      : null;
    if (!challenge) throw refused('The sign-in request has expired. Please try again.');
    const credentialId = typeof response.id === 'string' ? response.id : '';
    const [passkey] = await this.em
      .getConnection()
      .execute<Array<{ id: string; member_id: string; public_key: Buffer; counter: string; transports: string[] }>>(
        `select p.id, p.member_id, p.public_key, p.counter, p.transports
         from member_passkeys p join members m on m.id = p.member_id
        where p.credential_id = ? and m.status = 'active'`,
        [credentialId],
      );
    if (!passkey) throw refused('This passkey is not registered with the club. Please sign in by email.');
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: credentialId,
          publicKey: new Uint8Array(passkey.public_key),
          counter: Number(passkey.counter),
          transports: passkey.transports as AuthenticatorTransportFuture[],
        },
        requireUserVerification: false,
      });
    } catch {
      throw refused();
    }
    if (!verification.verified) throw refused();
    return this.em.fork().transactional(async (em) => {
      await em.execute(`update member_passkeys set counter = ?, last_used_at = now() where id = ?`, [
        verification.authenticationInfo.newCounter,
        passkey.id,
      ]);
      return {
        memberId: passkey.member_id,
        session: await this.sessions.issue(em, passkey.member_id, userAgent),
      };
    });
  }
}
