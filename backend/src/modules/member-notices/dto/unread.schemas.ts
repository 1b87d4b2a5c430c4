import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { t, type Schema } from '../../../common/api-schema';

const UNREAD: SchemaObject = t.object(
  {
    unread: {
      ...t.boolean(),
      description: 'For a signed-in member: staff have written or changed something the member has not opened yet.',
    },
  },
  ['unread'],
);

/** A thread or request as a member's list answers it: with its unread mark (absent for a house-password session). */
export function withUnread(item: Schema): SchemaObject {
  return { allOf: [item, UNREAD] };
}
