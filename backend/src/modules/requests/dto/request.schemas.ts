import { schema, t } from '../../../common/api-schema';
import { MESSAGE_CATEGORIES } from '../../../platform/ai/types';
import { REQUEST_STATUSES } from '../user-request.entity';

/** The answer shape of the user-request routes (UserRequestView in requests.service.ts). */
export const USER_REQUEST = schema(
  'UserRequest',
  t.object({
    id: t.string({ format: 'uuid' }),
    sessionId: t.string(),
    text: t.string(),
    status: t.oneOf(REQUEST_STATUSES),
    closedReason: t.nullable(t.oneOf(['member', 'staff', 'superseded'])),
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
        }),
      ),
    ),
    createdAt: t.dateTime(),
    updatedAt: t.dateTime(),
  }),
);
