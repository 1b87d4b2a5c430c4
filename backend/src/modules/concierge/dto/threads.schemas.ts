import { schema, t } from '../../../common/api-schema';
import { STEP_STATUSES } from '../../../platform/ai/types';
import { REQUEST_OPTION } from '../../requests';
import { MESSAGE_STATUSES } from '../threads/thread.entity';

/** The answer shapes of the threads routes, for the OpenAPI document. */

const THREAD_FIELDS = {
  id: t.string({ format: 'uuid' }),
  title: t.string(),
  createdAt: t.dateTime(),
  updatedAt: t.dateTime(),
};

export const THREAD_SUMMARY = schema('ThreadSummary', t.object(THREAD_FIELDS));

/** Something the concierge looked up or did while writing a reply (a member's reply only). */
export const REPLY_STEP = schema(
  'ReplyStep',
  t.object(
    {
      id: t.string(),
      tool: t.string(),
      label: t.string(),
      status: {
        ...t.oneOf(STEP_STATUSES),
        description:
          "'ask': nothing is changed until the member answers Yes ('accepted') or No ('declined'); 'failed': the tool did not answer.",
      },
      detail: t.string(),
      memory: t.object({ preferenceId: t.string({ format: 'uuid' }), kind: t.string(), value: t.string() }, [
        'preferenceId',
      ]),
    },
    ['detail', 'memory'],
  ),
);

export const MESSAGE_VIEW = schema(
  'ThreadMessage',
  t.object(
    {
      id: t.string({ format: 'uuid' }),
      role: {
        ...t.oneOf(['user', 'assistant', 'concierge']),
        description: "'concierge': a named human concierge of the staff (see author), not the AI.",
      },
      content: t.string(),
      status: {
        ...t.oneOf(MESSAGE_STATUSES),
        description: "'stopped': the member pressed Stop; the content is what was written until then.",
      },
      createdAt: t.dateTime(),
      rating: t.nullable(t.object({ helpful: t.boolean(), comment: t.nullable(t.string()) })),
      author: t.nullable(t.string()),
      attachment: t.nullable(
        schema(
          'MessageAttachment',
          t.object({
            type: t.oneOf(['options']),
            requestId: t.string({ format: 'uuid' }),
            options: t.array(REQUEST_OPTION),
          }),
        ),
      ),
      steps: { ...t.array(REPLY_STEP), description: 'What the concierge looked up or did while writing this reply.' },
    },
    ['steps'],
  ),
);

export const THREAD_VIEW = schema('ThreadView', t.object({ ...THREAD_FIELDS, messages: t.array(MESSAGE_VIEW) }));
