import { schema, t } from '../../../common/api-schema';
import { MESSAGE_STATUSES } from '../threads/thread.entity';

/** The answer shapes of the threads routes, for the OpenAPI document. */

const THREAD_FIELDS = {
  id: t.string({ format: 'uuid' }),
  title: t.string(),
  createdAt: t.dateTime(),
  updatedAt: t.dateTime(),
};

export const THREAD_SUMMARY = schema('ThreadSummary', t.object(THREAD_FIELDS));

export const MESSAGE_VIEW = schema(
  'ThreadMessage',
  t.object({
    id: t.string({ format: 'uuid' }),
    role: t.oneOf(['user', 'assistant']),
    content: t.string(),
    status: {
      ...t.oneOf(MESSAGE_STATUSES),
      description: "'stopped': the member pressed Stop; the content is what was written until then.",
    },
    createdAt: t.dateTime(),
    rating: t.nullable(t.object({ helpful: t.boolean(), comment: t.nullable(t.string()) })),
  }),
);

export const THREAD_VIEW = schema('ThreadView', t.object({ ...THREAD_FIELDS, messages: t.array(MESSAGE_VIEW) }));
