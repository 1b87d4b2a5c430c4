import { schema, t } from '../../../common/api-schema';
import { CURRENCIES, EVENT_STATUSES, EVENT_TYPES } from '../event.entity';

/** The answer shapes of the events routes, for the OpenAPI document (EventView in events.service.ts). */
export const EVENT_VIEW = schema(
  'EventView',
  t.object({
    id: t.integer(),
    name: t.string(),
    description: t.string(),
    eventType: t.oneOf(EVENT_TYPES),
    date: t.date(),
    startTime: t.string({ example: '19:00' }),
    endTime: t.string({ example: '23:00' }),
    timeZone: {
      ...t.string({ example: 'Europe/Monaco' }),
      description: "The venue's IANA time zone: the date, the times and the RSVP deadline are on its clock.",
    },
    venue: t.string(),
    venueAddress: t.string(),
    city: t.string(),
    state: t.string(),
    country: t.string(),
    zipCode: t.string(),
    capacity: t.integer(),
    ticketPrice: t.number(),
    currency: t.oneOf(CURRENCIES),
    isPrivate: t.boolean(),
    dresscode: t.nullable(t.string()),
    imageUrl: t.nullable(t.string()),
    organizer: t.string(),
    organizerContact: t.string(),
    status: t.oneOf(EVENT_STATUSES),
    offerWindowHours: t.integer(),
    rsvpDeadline: {
      ...t.nullable(t.string({ example: '2026-12-10T19:00' })),
      description: 'Until when guests may change their answer, local to the venue; null: 48 hours before the start.',
    },
    reminderHours: {
      ...t.array(t.integer()),
      description: 'Hours before the start at which attending guests are reminded.',
    },
    createdAt: t.dateTime(),
    updatedAt: t.dateTime(),
  }),
);

/** What a new event starts with where the administrator leaves a field out. */
export const EVENT_DEFAULTS = schema(
  'EventDefaults',
  t.object({
    timeZone: { ...t.string({ example: 'Europe/Monaco' }), description: 'DEFAULT_EVENT_TIME_ZONE.' },
  }),
);
