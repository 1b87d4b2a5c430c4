import { Check, Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export const EVENT_TYPES = ['launch_party', 'gala', 'exhibition', 'dinner', 'conference'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF'] as const;
export const EVENT_STATUSES = ['draft', 'published', 'completed', 'cancelled'] as const;

export type EventType = (typeof EVENT_TYPES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** A launch party (or gala, dinner...) that guests are invited to. Integer ids, as the spec's eventId >= 1. */
@Entity({ tableName: 'events' })
@Index({ name: 'events_date_idx', expression: 'create index events_date_idx on events (date desc, id desc)' })
@Check({ name: 'events_capacity_check', expression: 'capacity >= 1' })
@Check({ name: 'events_ticket_price_check', expression: 'ticket_price >= 0' })
@Check({ name: 'events_offer_window_hours_check', expression: 'offer_window_hours >= 1 and offer_window_hours <= 720' })
export class Event {
  [OptionalProps]?:
    | 'eventType'
    | 'currency'
    | 'isPrivate'
    | 'status'
    | 'ticketPrice'
    | 'offerWindowHours'
    | 'reminderHours'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'text' })
  description: string;

  @Enum({ items: [...EVENT_TYPES] })
  eventType: EventType = 'launch_party';

  /** Calendar day 'YYYY-MM-DD', local to the venue. */
  @Property({ type: 'string', columnType: 'date' })
  date: string;

  /** 'HH:mm', local to the venue. */
  @Property({ type: 'text' })
  startTime: string;

  @Property({ type: 'text' })
  endTime: string;

  /** The venue's IANA time zone ('Europe/Monaco'): the date, the times and the RSVP deadline are on its clock. */
  @Property({ type: 'text' })
  timeZone: string;

  @Property({ type: 'text' })
  venue: string;

  @Property({ type: 'text' })
  venueAddress: string;

  @Property({ type: 'text' })
  city: string;

  @Property({ type: 'text' })
  state: string;

  @Property({ type: 'text' })
  country: string;

  @Property({ type: 'text' })
  zipCode: string;

  @Property({ type: 'integer' })
  capacity: number;

  /** Exact decimal in major units, as PostgreSQL returns numeric(12,2) ('250.00'); never a float. */
  @Property({ type: 'decimal', columnType: 'numeric(12,2)', precision: 12, scale: 2, default: 0 })
  ticketPrice: string = '0.00';

  @Enum({ items: [...CURRENCIES] })
  currency: Currency = 'USD';

  @Property({ type: 'boolean' })
  isPrivate: boolean = true;

  @Property({ type: 'text', nullable: true })
  dresscode?: string | null;

  @Property({ type: 'text', nullable: true })
  imageUrl?: string | null;

  @Property({ type: 'text' })
  organizer: string;

  @Property({ type: 'text' })
  organizerContact: string;

  @Enum({ items: [...EVENT_STATUSES] })
  status: EventStatus = 'draft';

  /** How long a seat freed for the next guest on the waiting list is held for them. */
  @Property({ type: 'integer', default: 24 })
  offerWindowHours: number = 24;
  /**
   * Until when guests may change their answer: 'YYYY-MM-DDTHH:mm', local to the venue like the
   * date and times. Null: 48 hours before the start (see event-schedule.ts).
   */
  @Property({ type: 'text', nullable: true })
  rsvpDeadline?: string | null;

  /** How many hours before the start attending guests are reminded, latest last. */
  @Property({ type: 'json', default: [168, 24] })
  reminderHours: number[] = [168, 24];

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
