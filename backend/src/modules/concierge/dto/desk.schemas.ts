import { schema, t } from '../../../common/api-schema';
import { REQUEST_FIELDS, USER_REQUEST_WITH_HISTORY } from '../../requests';
import { MESSAGE_VIEW } from './threads.schemas';

/** The answer shapes of the staff console's and the members' request routes. */

const CARD_EXTRA = {
  lastMemberMessageAt: t.nullable(t.dateTime()),
  handoffAt: { ...t.nullable(t.dateTime()), description: 'When the member asked for a person (null: not asked).' },
  waitingSince: {
    ...t.nullable(t.dateTime()),
    description: 'Since when the member has waited for staff; null once answered, or closed.',
  },
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
