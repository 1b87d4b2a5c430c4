import { schema, t } from '../../../common/api-schema';

const ATTRIBUTION = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'ref'] as const;

/**
 * POST /api/waitlist's body for the OpenAPI document. The body is read by hand (readJoinWaitlist in
 * join-waitlist.input.ts, no DTO class), so its schema is written here, beside it.
 */
export const JOIN_WAITLIST_BODY = schema(
  'JoinWaitlistBody',
  t.object(
    {
      email: t.string({ format: 'email', maxLength: 254 }),
      fullName: t.string({ maxLength: 200 }),
      phoneNumber: t.string({ maxLength: 40 }),
      consent: t.literal(true),
      bot_check: t.string({ maxLength: 200, description: 'The hidden honeypot: people leave it empty.' }),
      timestamp: t.dateTime(),
      source: t.string({ maxLength: 50 }),
      ...Object.fromEntries(ATTRIBUTION.map((name) => [name, t.string({ maxLength: 200 })])),
    },
    ['fullName', 'phoneNumber', 'bot_check', 'timestamp', 'source', ...ATTRIBUTION],
  ),
);
