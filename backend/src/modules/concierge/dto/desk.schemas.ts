import { schema, t } from '../../../common/api-schema';
import { MEMBER_TIERS } from '../../members';
import { REQUEST_FIELDS, USER_REQUEST_WITH_HISTORY } from '../../requests';
import { MESSAGE_VIEW } from './threads.schemas';

/** The answer shapes of the staff console's and the members' request routes. */

/** The member behind a request (null: a house-password session, shown as 'Guest session', or the public chat). */
const DESK_MEMBER = {
  ...t.nullable(
    schema('DeskMember', t.object({ id: t.string({ format: 'uuid' }), name: t.string(), tier: t.oneOf(MEMBER_TIERS) })),
  ),
  description: 'The signed-in member who asked (null: a house-password session or the public chat).',
};

const CARD_EXTRA = {
  lastMemberMessageAt: t.nullable(t.dateTime()),
  handoffAt: { ...t.nullable(t.dateTime()), description: 'When the member asked for a person (null: not asked).' },
  waitingSince: {
    ...t.nullable(t.dateTime()),
    description: 'Since when the member has waited for staff; null once answered, or closed.',
  },
  member: DESK_MEMBER,
};

export const STAFF_REQUEST_CARD = schema(
  'StaffRequestCard',
  t.object({
    ...REQUEST_FIELDS,
    ...CARD_EXTRA,
  }),
);

export const STAFF_REQUEST_DETAIL = schema(
  'StaffRequestDetail',
  t.object({
    request: USER_REQUEST_WITH_HISTORY,
    card: STAFF_REQUEST_CARD,
    member: DESK_MEMBER,
    conversation: t.array(MESSAGE_VIEW),
    ratings: t.array(
      t.object({
        threadId: t.string({ format: 'uuid' }),
        messageId: t.string({ format: 'uuid' }),
        content: t.string(),
        helpful: t.boolean(),
        comment: t.nullable(t.string()),
        ratedAt: t.dateTime(),
      }),
    ),
  }),
);

export const DESK_STATS = schema(
  'DeskStats',
  t.object({
    medianFirstResponseSeconds: {
      ...t.nullable(t.number()),
      description: 'Median time from a request to staff’s first response, requests of the last 7 days.',
    },
    answered: t.integer(),
  }),
);
