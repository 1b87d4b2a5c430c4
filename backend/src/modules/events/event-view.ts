import type { Event } from './event.entity';

/** The event's closed lists, for other modules' contracts. */
export { CURRENCIES, EVENT_STATUSES } from './event.entity';

/** An event as other modules and the admin screens see it: plain data, never the entity. */
export interface EventView {
  id: number;
  name: string;
  description: string;
  eventType: Event['eventType'];
  date: string;
  startTime: string;
  endTime: string;
  /** The venue's IANA time zone: the date, the times and the RSVP deadline are on its clock. */
  timeZone: string;
  venue: string;
  venueAddress: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  capacity: number;
  ticketPrice: number;
  currency: Event['currency'];
  isPrivate: boolean;
  dresscode: string | null;
  imageUrl: string | null;
  organizer: string;
  organizerContact: string;
  status: Event['status'];
  offerWindowHours: number;
  /** As set; null means the default, 48 hours before the start (rsvpDeadlineOf). */
  rsvpDeadline: string | null;
  reminderHours: number[];
  createdAt: Date;
  updatedAt: Date;
}

export function eventView(event: Event): EventView {
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    eventType: event.eventType,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    timeZone: event.timeZone,
    venue: event.venue,
    venueAddress: event.venueAddress,
    city: event.city,
    state: event.state,
    country: event.country,
    zipCode: event.zipCode,
    capacity: event.capacity,
    ticketPrice: Number(event.ticketPrice),
    currency: event.currency,
    isPrivate: event.isPrivate,
    dresscode: event.dresscode ?? null,
    imageUrl: event.imageUrl ?? null,
    organizer: event.organizer,
    organizerContact: event.organizerContact,
    status: event.status,
    offerWindowHours: event.offerWindowHours,
    rsvpDeadline: event.rsvpDeadline ?? null,
    reminderHours: [...(event.reminderHours ?? [])],
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
  };
}
