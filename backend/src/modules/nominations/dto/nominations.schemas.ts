import { schema, t } from '../../../common/api-schema';

/** The answers of the nominations routes, named once for the OpenAPI document. */

export const NOMINATION_LINK = schema(
  'NominationLink',
  t.object({
    code: t.string(),
    url: { ...t.string(), description: 'The link to share: the landing page with the code as `ref`.' },
    createdAt: t.dateTime(),
  }),
);

export const NOMINATION_SENT = schema(
  'NominationSent',
  t.object({
    id: t.string({ format: 'uuid' }),
    name: t.string(),
    email: t.string(),
    sentAt: t.dateTime(),
    signedUp: {
      ...t.boolean(),
      description: 'The person asked to join through this member and confirmed their address (a credited nomination).',
    },
  }),
);

export const MEMBER_NOMINATIONS = schema(
  'MemberNominations',
  t.object({
    links: t.array(NOMINATION_LINK),
    sent: t.array(NOMINATION_SENT),
    throughLinks: {
      ...t.integer(),
      description: 'Confirmed sign-ups credited to the member that no email of theirs named (shared links).',
    },
  }),
);

export const NOMINEE = schema(
  'Nominee',
  t.object({
    entryId: t.string({ format: 'uuid' }),
    name: t.nullable(t.string()),
    email: t.string(),
    signedUpAt: t.dateTime(),
    confirmed: t.boolean(),
    byEmail: { ...t.boolean(), description: 'The member nominated this address by email (else: a shared link).' },
    reasons: { ...t.array(t.string()), description: 'Why a nomination is suspect; empty when credited.' },
  }),
);

export const STAFF_NOMINATIONS = schema(
  'StaffMemberNominations',
  t.object({
    credited: t.array(NOMINEE),
    suspect: t.array(NOMINEE),
    emailed: { ...t.integer(), description: 'People the member nominated by email.' },
    activeLinks: t.integer(),
  }),
);
