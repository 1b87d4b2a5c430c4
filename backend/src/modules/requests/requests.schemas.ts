import { schema, t } from '../../common/api-schema';
import { MESSAGE_CATEGORIES, OCCASIONS } from '../../platform/ai/types';
import { CLOSED_REASONS, REQUEST_STATUSES } from './request-lifecycle';

/** The answer shapes of the user-request routes (UserRequestView in requests.service.ts). */

export const REQUEST_OPTION = schema(
  'RequestOption',
  t.object(
    {
      id: t.string(),
      title: t.string(),
      price: t.number(),
      currency: t.string(),
      description: t.nullable(t.string()),
      cancellationTerms: t.nullable(t.string()),
      validUntil: t.nullable(t.dateTime()),
      startsAt: t.nullable(t.dateTime()),
      supplierToConfirm: t.boolean(),
      refundableUntil: t.nullable(t.dateTime()),
    },
    // Options proposed before these existed have none of them.
    ['description', 'cancellationTerms', 'validUntil', 'startsAt', 'supplierToConfirm', 'refundableUntil'],
  ),
);

export const REQUEST_FIELDS = {
  id: t.string({ format: 'uuid' }),
  sessionId: t.string(),
  threadId: t.nullable(t.string({ format: 'uuid' })),
  text: t.string(),
  status: t.oneOf(REQUEST_STATUSES),
  closedReason: t.nullable(t.oneOf(CLOSED_REASONS)),
  mergedInto: {
    ...t.nullable(
      t.object({
        id: t.string({ format: 'uuid' }),
        summary: t.string({ description: "Its place and dates ('Lisbon, June 15'), else its first words." }),
      }),
    ),
    description: 'The request this one was folded into, when its closed reason is merged.',
  },
  parsedEntities: t.nullable(
    schema(
      'ParsedEntities',
      t.object({
        mainCategory: t.oneOf(MESSAGE_CATEGORIES),
        location: t.nullable(t.string()),
        timeline: t.nullable(t.string()),
        urgency: t.oneOf(['low', 'medium', 'high']),
        budget: t.nullable(t.string()),
        preferences: t.array(t.string()),
        partySize: t.nullable(t.integer()),
        origin: t.nullable(t.string()),
        destination: t.nullable(t.string()),
        occasion: t.nullable(t.oneOf(OCCASIONS)),
        dietary: t.array(t.string()),
        dates: {
          ...t.nullable(t.object({ from: t.date(), to: t.date() })),
          description: "The timeline's dates, when known; `timeline` keeps the member's words.",
        },
      }),
    ),
  ),
  options: t.array(REQUEST_OPTION),
  acceptedOptionId: t.nullable(t.string()),
  firstResponseAt: t.nullable(t.dateTime()),
  createdAt: t.dateTime(),
  updatedAt: t.dateTime(),
};

export const USER_REQUEST = schema('UserRequest', t.object(REQUEST_FIELDS));

export const REQUEST_HISTORY_ENTRY = schema(
  'RequestHistoryEntry',
  t.object({
    status: t.oneOf(REQUEST_STATUSES),
    actor: t.oneOf(['member', 'staff', 'concierge']),
    actorName: t.nullable(t.string()),
    note: t.nullable(t.string()),
    at: t.dateTime(),
  }),
);

/** A request with every change of its status (who, when, note). */
export const USER_REQUEST_WITH_HISTORY = schema(
  'UserRequestWithHistory',
  t.object({ ...REQUEST_FIELDS, history: t.array(REQUEST_HISTORY_ENTRY) }),
);
