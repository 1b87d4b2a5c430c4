import { ArrayType, Entity, Enum, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { STAFF_ROLES, STAFF_STATUSES, type StaffRole, type StaffStatus } from './staff-roles';

/**
 * A staff account (the table keeps its first name, `admins`). The password is stored only as an
 * argon2id hash; the role says what the account may do (staff-roles.ts).
 */
@Entity({ tableName: 'admins' })
export class Admin {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'status' | 'doorEventIds';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text', unique: 'admins_username_key' })
  username: string;

  /** The name members and colleagues see (desk replies are signed with it). */
  @Property({ type: 'text' })
  displayName: string;

  @Property({ type: 'text' })
  passwordHash: string;

  @Enum({ items: [...STAFF_ROLES] })
  role: StaffRole;

  @Enum({ items: [...STAFF_STATUSES], default: 'active' })
  status: StaffStatus = 'active';

  /** The events a door account may check guests in at (event ids are integers). */
  @Property({ type: new ArrayType((id) => Number(id)), columnType: 'integer[]', defaultRaw: `'{}'` })
  doorEventIds: number[] = [];

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
