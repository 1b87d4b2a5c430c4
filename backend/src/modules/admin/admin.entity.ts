import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** An administrator. The password is stored only as an argon2id hash. */
@Entity({ tableName: 'admins' })
export class Admin {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text', unique: 'admins_username_key' })
  username: string;

  @Property({ type: 'text' })
  passwordHash: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
