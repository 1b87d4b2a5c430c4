import { schema, t } from '../../../common/api-schema';
import { STAFF_RIGHTS, STAFF_ROLES, STAFF_STATUSES } from '../staff-roles';

/** A staff account as owners see it in the Staff tab (never its password hash). */
export const STAFF_ACCOUNT = schema(
  'StaffAccount',
  t.object({
    id: t.string({ format: 'uuid' }),
    username: t.string(),
    displayName: t.string(),
    role: t.oneOf(STAFF_ROLES),
    status: t.oneOf(STAFF_STATUSES),
    doorEventIds: t.array(t.integer()),
    createdAt: t.dateTime(),
    updatedAt: t.dateTime(),
  }),
);

/** Who is signed in, and what their role lets them do (the dashboard shows only those tabs). */
export const STAFF_SELF = schema(
  'StaffSelf',
  t.object({
    id: t.string({ format: 'uuid' }),
    username: t.string(),
    displayName: t.string(),
    role: t.oneOf(STAFF_ROLES),
    rights: t.array(t.oneOf(STAFF_RIGHTS)),
    doorEventIds: t.array(t.integer()),
  }),
);
