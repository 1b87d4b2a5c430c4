import { schema, t } from '../../../common/api-schema';
import { CURRENCIES, EVENT_STATUSES } from '../../events';
import { INVITATION_STATUSES } from '../invitation.entity';
import { RSVP_STATUSES } from '../rsvp.entity';

/** The answer shapes of the invitation and RSVP routes, for the OpenAPI document. */

const DELIVERY_STATUSES = ['queued', 'sending', 'retrying', 'sent', 'failed', 'bounced', 'unknown'] as const;

export const INVITATION_ROW = schema(
  'InvitationRow',
  t.object({
    id: t.integer(),
    eventId: t.integer(),
    recipientName: t.string(),
    recipientEmail: t.string(),
    recipientPhone: t.nullable(t.string()),
    maxGuests: t.integer(),
    specialNotes: t.nullable(t.string()),
    status: t.oneOf(INVITATION_STATUSES),
    sentAt: t.nullable(t.dateTime()),
    invitationCode: t.string(),
    createdAt: t.dateTime(),
    event: t.object({ id: t.integer(), name: t.string(), date: t.date() }),
    deliveryStatus: t.nullable({
      ...t.oneOf(DELIVERY_STATUSES),
      description:
        "'unknown': the send was interrupted and may have been delivered; nothing resends it unless asked. " +
        "'bounced': the recipient's mail server refused the address (SMTP 5xx); it may be sent again.",
    }),
    lastError: t.nullable(t.string()),
  }),
);

export const BATCH_PROGRESS = schema(
  'BatchProgress',
  t.object({
    id: t.string({ format: 'uuid' }),
    eventId: t.integer(),
    total: t.integer(),
    queued: t.integer(),
    sent: t.integer(),
    failed: { ...t.integer(), description: 'Failed for good, bounced ones included.' },
    bounced: t.integer(),
    unknown: t.integer(),
    done: t.boolean(),
  }),
);

const RSVP_FIELDS = {
  id: t.string({ format: 'uuid' }),
  status: t.oneOf(RSVP_STATUSES),
  guestCount: t.integer(),
  guestNames: t.array(t.string()),
  dietaryRestrictions: t.nullable(t.string()),
  specialRequests: t.nullable(t.string()),
  respondedAt: t.dateTime(),
  holdExpiresAt: t.nullable(t.dateTime()),
  raiseTo: {
    ...t.nullable(t.integer()),
    description: 'A paid guest asked for more guests: the count awaiting payment of the difference.',
  },
};

export const RSVP_VIEW = schema('RsvpView', t.object(RSVP_FIELDS));

export const RSVP_ADMIN_ROW = schema(
  'RsvpAdminRow',
  t.object({
    ...RSVP_FIELDS,
    createdAt: t.dateTime(),
    invitation: t.object({
      id: t.integer(),
      recipientName: t.string(),
      recipientEmail: t.string(),
      recipientPhone: t.nullable(t.string()),
      maxGuests: t.integer(),
      status: t.oneOf(INVITATION_STATUSES),
      invitationCode: t.string(),
    }),
    event: t.object({
      id: t.integer(),
      name: t.string(),
      date: t.date(),
      ticketPrice: t.number(),
      currency: t.oneOf(CURRENCIES),
    }),
  }),
);

/** What a guest may see of an event (publicEventView in rsvps.service.ts). */
export const PUBLIC_EVENT = schema(
  'PublicEvent',
  t.object({
    id: t.integer(),
    name: t.string(),
    description: t.string(),
    eventType: t.string(),
    date: t.date(),
    startTime: t.string(),
    endTime: t.string(),
    timeZone: {
      ...t.string({ example: 'Europe/Monaco' }),
      description: "The venue's IANA time zone: the date, the times and the deadline are on its clock.",
    },
    time: t.string({ description: "The start and end times as people read them, with the zone's short name." }),
    location: t.string(),
    address: t.string(),
    city: t.string(),
    state: t.string(),
    country: t.string(),
    ticketPrice: t.number(),
    currency: t.string(),
    dresscode: t.nullable(t.string()),
    imageUrl: t.nullable(t.string()),
    organizer: t.string(),
    status: t.oneOf(EVENT_STATUSES),
  }),
);

export const INVITATION_VIEW = schema(
  'InvitationView',
  t.object({
    event: PUBLIC_EVENT,
    invitation: t.object({
      recipientName: t.string(),
      maxGuests: t.integer(),
      status: t.oneOf(INVITATION_STATUSES),
      specialNotes: t.nullable(t.string()),
    }),
    rsvp: t.nullable(RSVP_VIEW),
    pass: t.nullable(
      t.object({
        token: t.string({ description: 'The signed door pass the QR code carries.' }),
        svg: t.string({ description: 'The QR code as an SVG document.' }),
      }),
    ),
    changes: t.object({
      deadline: { ...t.dateTime(), description: 'Until when the guest may answer or change the answer.' },
      open: t.boolean(),
      checkedIn: { ...t.boolean(), description: 'Some of the party has been checked in: the answer is closed.' },
      refusal: {
        ...t.nullable(t.string()),
        description:
          'What a change of the answer is refused with now (checked in, or past the deadline); null while open.',
      },
      host: t.object({ name: t.string(), contact: t.string() }),
    }),
  }),
);

export const RSVP_ANSWER = schema('RsvpAnswer', t.object({ rsvp: RSVP_VIEW, next: t.oneOf(['payment', 'thank-you']) }));

/** What 'Invite to event' from the Waitlist tab did. */
export const WAITLIST_INVITE_RESULT = schema(
  'WaitlistInviteResult',
  t.object({
    matched: t.integer(),
    created: t.integer(),
    existing: { ...t.integer(), description: 'Matching addresses already invited to this event, not invited again.' },
    existingEmails: t.array(t.string()),
    batch: t.nullable(BATCH_PROGRESS),
  }),
);

/** One attending party as the door sees it. */
export const DOOR_PARTY = schema(
  'DoorParty',
  t.object({
    rsvpId: t.string({ format: 'uuid' }),
    name: t.string(),
    partySize: t.integer(),
    guestNames: t.array(t.string()),
    dietaryRestrictions: t.nullable(t.string()),
    specialRequests: t.nullable(t.string()),
    checkIn: t.nullable(t.object({ arrived: t.integer(), checkedInAt: t.dateTime() })),
  }),
);

export const DOOR_COUNTS = schema(
  'DoorCounts',
  t.object({
    expectedGuests: t.integer(),
    arrivedGuests: t.integer(),
    expectedParties: t.integer(),
    arrivedParties: t.integer(),
  }),
);

export const CHECK_IN_OUTCOME = schema(
  'CheckInOutcome',
  t.object({
    outcome: {
      ...t.oneOf(['checked-in', 'already']),
      description: "'already': the pass was checked in before; nothing changed.",
    },
    party: DOOR_PARTY,
  }),
);
