import { schema, t } from '../../../common/api-schema';
import { WAITING_LIST_STATUSES } from '../waiting-list-entry.entity';

const TURN_FIELDS = {
  status: t.oneOf(WAITING_LIST_STATUSES),
  position: t.nullable(t.integer()),
  guestCount: t.integer(),
  guestNames: t.array(t.string()),
  joinedAt: t.dateTime(),
  offeredAt: t.nullable(t.dateTime()),
  offerExpiresAt: t.nullable(t.dateTime()),
};

/** The guest's turn on a full event's waiting list (WaitingListTurnView in waiting-list.service.ts). */
export const WAITING_LIST_TURN = schema('WaitingListTurn', t.object(TURN_FIELDS));

export const WAITING_LIST_ADMIN_ROW = schema(
  'WaitingListAdminRow',
  t.object({
    id: t.string({ format: 'uuid' }),
    ...TURN_FIELDS,
    invitation: t.object({
      id: t.integer(),
      recipientName: t.string(),
      recipientEmail: t.string(),
      maxGuests: t.integer(),
    }),
  }),
);
