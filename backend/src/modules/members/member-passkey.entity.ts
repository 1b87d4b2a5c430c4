import { ArrayType, Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A WebAuthn credential a member registered: its id, public key and signature counter. */
@Entity({ tableName: 'member_passkeys' })
@Index({ name: 'member_passkeys_member_idx', properties: ['memberId'] })
export class MemberPasskey {
  [OptionalProps]?: 'createdAt' | 'counter' | 'transports';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  memberId: string;

  /** The credential id, base64url. */
  @Property({ type: 'text', unique: 'member_passkeys_credential_id_key' })
  credentialId: string;

  /** The COSE public key. */
  @Property({ type: 'blob', columnType: 'bytea' })
  publicKey: Buffer;

  @Property({ type: 'bigint', default: 0 })
  counter: number = 0;

  @Property({ type: new ArrayType(), columnType: 'text[]', default: '{}' })
  transports: string[] = [];

  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null;
}
