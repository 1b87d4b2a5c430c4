import { schema, t } from '../../../common/api-schema';
import { MEMBER_STATUSES, MEMBER_TIERS } from '../member.entity';

/** The answers of the members' routes, named once for the OpenAPI document. */

const tier = t.oneOf(MEMBER_TIERS);
const status = t.oneOf(MEMBER_STATUSES);
const uuid = t.string({ format: 'uuid' });

export const MEMBER_ROW = schema(
  'MemberRow',
  t.object({
    id: uuid,
    name: t.string(),
    email: t.string(),
    phone: t.nullable(t.string()),
    tier,
    status,
    joinedAt: t.nullable(t.dateTime()),
    lastSeenAt: t.nullable(t.dateTime()),
    offer: t.nullable(
      t.object({
        state: t.oneOf(['pending', 'used', 'expired', 'revoked']),
        sentAt: t.dateTime(),
        expiresAt: t.dateTime(),
      }),
    ),
  }),
);

export const MEMBER_PAGE = t.object({ items: t.array(MEMBER_ROW), total: t.integer() });

export const OFFER_OUTCOME = schema(
  'MembershipOfferOutcome',
  t.object({
    offered: t.integer(),
    skipped: t.array(t.object({ email: t.string(), reason: t.oneOf(['ALREADY_MEMBER', 'ALREADY_OFFERED']) })),
  }),
);

export const MEMBERSHIP_OFFER = schema(
  'MembershipOffer',
  t.object({ name: t.string(), email: t.string(), tier, expiresAt: t.dateTime() }),
);

export const PASSKEY = schema(
  'MemberPasskey',
  t.object({ id: uuid, name: t.string(), createdAt: t.dateTime(), lastUsedAt: t.nullable(t.dateTime()) }),
);

export const MEMBER_SELF = schema(
  'MemberSelf',
  t.object({
    id: uuid,
    name: t.string(),
    email: t.string(),
    phone: t.nullable(t.string()),
    tier,
    status,
    joinedAt: t.nullable(t.dateTime()),
    passkeys: t.array(PASSKEY),
  }),
);

export const SIGNED_IN = t.object({ member: MEMBER_SELF });

export const MEMBER_DEVICE = schema(
  'MemberDevice',
  t.object({
    id: uuid,
    browser: t.string(),
    system: t.string(),
    createdAt: t.dateTime(),
    lastSeenAt: t.dateTime(),
    current: t.boolean(),
  }),
);

/** WebAuthn options as @simplewebauthn/server writes them (PublicKeyCredential*OptionsJSON). */
export const WEBAUTHN_OPTIONS = {
  ...t.object({ challenge: t.string() }),
  additionalProperties: true,
  description: 'Options for the browser’s WebAuthn call (@simplewebauthn/browser takes them as they are).',
};
