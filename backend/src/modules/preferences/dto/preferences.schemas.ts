import { schema, t } from '../../../common/api-schema';
import { PREFERENCE_KINDS, PREFERENCE_SOURCES } from '../preference-kinds';

/** The answers of the preferences routes, named once for the OpenAPI document. */

const uuid = t.string({ format: 'uuid' });

export const PREFERENCE = schema(
  'MemberPreference',
  t.object({
    id: uuid,
    kind: t.oneOf(PREFERENCE_KINDS),
    value: t.string(),
    sensitive: { ...t.boolean(), description: 'Allergies and health: kept only when the member said yes.' },
    source: t.oneOf(PREFERENCE_SOURCES),
    sourceMessageId: { ...t.nullable(uuid), description: 'The chat message it came from (source chat).' },
    staffName: { ...t.nullable(t.string()), description: 'The staff person who wrote it (source staff).' },
    createdAt: t.dateTime(),
    updatedAt: t.dateTime(),
  }),
);

export const MEMBER_MEMORY = schema(
  'MemberMemory',
  t.object({
    paused: { ...t.boolean(), description: 'Remembering paused: nothing new is kept from the chat.' },
    entries: t.array(PREFERENCE),
  }),
);

export const STAFF_NOTE = schema(
  'MemberStaffNote',
  t.object({ id: uuid, text: t.string(), authorName: t.string(), createdAt: t.dateTime() }),
);

export const MEMBER_PROFILE = schema(
  'MemberProfile',
  t.object({
    paused: t.boolean(),
    entries: t.array(PREFERENCE),
    notes: { ...t.array(STAFF_NOTE), description: 'Staff-only notes: never shown to the member or the model.' },
  }),
);
