import { Entity, Enum, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export const INVITATION_STATUSES = ['pending', 'sent', 'accepted', 'declined', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A personal invitation to one event. The code in its link is random (128 bits), never guessable. */
@Entity({ tableName: 'invitations' })
export class Invitation {
  [OptionalProps]?: 'maxGuests' | 'status' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  eventId: number;

  @Property({ type: 'text' })
  recipientName: string;

  @Property({ type: 'text' })
  recipientEmail: string;

  @Property({ type: 'text', nullable: true })
  recipientPhone?: string | null;

  @Property({ type: 'integer' })
  maxGuests: number = 1;

  @Property({ type: 'text', nullable: true })
  specialNotes?: string | null;

  @Enum({ items: [...INVITATION_STATUSES] })
  status: InvitationStatus = 'pending';

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;

  @Property({ type: 'text', unique: true })
  invitationCode: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
