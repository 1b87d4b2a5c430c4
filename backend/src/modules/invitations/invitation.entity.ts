import { Check, Entity, Enum, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

export const INVITATION_STATUSES = ['pending', 'sent', 'accepted', 'declined', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A personal invitation to one event. The code in its link is random (128 bits), never guessable. */
@Entity({ tableName: 'invitations' })
@Index({
  name: 'invitations_event_idx',
  expression: 'create index invitations_event_idx on invitations (event_id, created_at desc)',
})
@Unique({
  name: 'invitations_event_email_unique',
  expression: `create unique index invitations_event_email_unique on invitations (event_id, lower(recipient_email))
    where not legacy_duplicate`,
})
@Check({ name: 'invitations_max_guests_check', expression: 'max_guests >= 1' })
export class Invitation {
  [OptionalProps]?: 'maxGuests' | 'status' | 'legacyDuplicate' | 'createdAt' | 'updatedAt';

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

  @Property({ type: 'text', unique: 'invitations_invitation_code_key' })
  invitationCode: string;

  /**
   * A second invitation for the same email and event, made before one per email per event was
   * enforced: kept, and left out of the unique index.
   */
  @Property({ type: 'boolean', default: false })
  legacyDuplicate: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
