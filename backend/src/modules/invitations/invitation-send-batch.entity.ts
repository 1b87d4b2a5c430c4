import { ArrayType, Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One "send all" of an event's invitations (or of invitations made from the waitlist): which
 * invitations it queued, so its progress can be shown. Written and read with SQL in
 * InvitationsService (the ids as one integer array).
 */
@Entity({ tableName: 'invitation_send_batches' })
export class InvitationSendBatch {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string;

  @Property({ type: 'integer' })
  eventId: number;

  @Property({ type: new ArrayType((id) => Number(id)), columnType: 'integer[]' })
  invitationIds: number[];

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date;
}
