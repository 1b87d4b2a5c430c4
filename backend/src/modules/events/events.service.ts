import { ForeignKeyConstraintViolationException, LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { AuditService, changesBetween, created, removed } from '../audit';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { EventFieldsDto } from './dto/event-fields.dto';
import { pageOf, PageQueryDto } from '../../common/page-query.dto';
import { Event } from './event.entity';
import { eventView, type EventView } from './event-view';

export { eventView, type EventView };
import { EventLifecycle } from './event-lifecycle';
import { DEFAULT_REMINDER_HOURS, eventStartsAt, rsvpDeadlineOf } from './event-schedule';

const KEPT_FOR_PAYMENTS =
  'This event has payments on record and cannot be deleted. Set its status to cancelled instead: paid guests are refunded.';

/** The checks that read the fields together; `timeZone` is the zone the event will be in. */
function checkFields(input: EventFieldsDto, timeZone: string): void {
  if ((input.currency ?? 'USD') === 'JPY' && !Number.isInteger(input.ticketPrice)) {
    throw AppError.badRequest('Ticket price in JPY must be a whole number', {
      ticketPrice: 'Ticket price in JPY must be a whole number',
    });
  }
  const schedule = { ...fields(input), timeZone };
  if (input.rsvpDeadline && Number.isNaN(rsvpDeadlineOf(schedule).getTime())) {
    const message = 'RSVP deadline must be a date and time like 2026-12-10T19:00';
    throw AppError.badRequest(message, { rsvpDeadline: message });
  }
  if (input.rsvpDeadline && rsvpDeadlineOf(schedule) > eventStartsAt(schedule)) {
    const message = 'RSVP deadline must be before the event starts';
    throw AppError.badRequest(message, { rsvpDeadline: message });
  }
}

function fields(input: EventFieldsDto) {
  return {
    name: input.name,
    description: input.description,
    eventType: input.eventType ?? 'launch_party',
    date: input.date,
    startTime: input.startTime,
    endTime: input.endTime,
    // Left out: a new event takes DEFAULT_EVENT_TIME_ZONE, a changed one keeps its own.
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    venue: input.venue,
    venueAddress: input.venueAddress,
    city: input.city,
    state: input.state,
    country: input.country,
    zipCode: input.zipCode,
    capacity: input.capacity,
    ticketPrice: input.ticketPrice.toFixed(2),
    currency: input.currency ?? 'USD',
    isPrivate: input.isPrivate ?? true,
    dresscode: input.dresscode ?? null,
    imageUrl: input.imageUrl ?? null,
    organizer: input.organizer,
    organizerContact: input.organizerContact,
    status: input.status ?? 'draft',
    // Left out or null: a new event's window is 24 hours, a changed one keeps its own.
    ...(input.offerWindowHours != null ? { offerWindowHours: input.offerWindowHours } : {}),
    rsvpDeadline: input.rsvpDeadline ?? null,
    reminderHours: [...(input.reminderHours ?? DEFAULT_REMINDER_HOURS)].sort((a, b) => b - a),
  } as const;
}

@Injectable()
export class EventsService {
  constructor(
    private readonly em: EntityManager,
    private readonly lifecycle: EventLifecycle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  /** What a new event starts with where the administrator leaves a field out. */
  defaults(): { timeZone: string } {
    return { timeZone: this.config.DEFAULT_EVENT_TIME_ZONE };
  }

  async list(query: PageQueryDto): Promise<{ data: EventView[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const [rows, total] = await this.em
      .fork()
      .findAndCount(Event, {}, { orderBy: { date: 'desc', id: 'desc' }, limit, offset });
    return { data: rows.map(eventView), total };
  }

  async findById(id: number): Promise<EventView | null> {
    const event = await this.em.fork().findOne(Event, { id });
    return event && eventView(event);
  }

  /** The event as it stands in the caller's transaction (or unit of work), read afresh. */
  async find(em: EntityManager, id: number): Promise<EventView | null> {
    const event = await em.findOne(Event, { id }, { refresh: true });
    return event && eventView(event);
  }

  /** The events of these ids, as name and date (for lists of what hangs off events). */
  async summaries(ids: number[]): Promise<Map<number, { id: number; name: string; date: string; currency: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ id: number; name: string; date: string; currency: string }>>(
        `select id, name, to_char(date, 'YYYY-MM-DD') as date, currency from events where id = any(?::int[])`,
        [`{${[...new Set(ids)].join(',')}}`],
      );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** The events of these ids with their ticket price (as Postgres writes it) and currency, in one query. */
  async priced(
    ids: number[],
  ): Promise<
    Map<number, { id: number; name: string; date: string; ticketPrice: string; currency: EventView['currency'] }>
  > {
    if (ids.length === 0) return new Map();
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ id: number; name: string; date: string; ticketPrice: string; currency: EventView['currency'] }>>(
        `select id, name, date, ticket_price as "ticketPrice", currency from events where id = any(?::int[])`,
        [`{${[...new Set(ids)].join(',')}}`],
      );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /**
   * Locks the event's row (SELECT ... FOR UPDATE) until the caller's transaction ends; null when
   * it does not exist. Every change that can take an event's seats runs in one transaction that
   * calls this first, so such changes on one event happen one at a time and never oversell.
   */
  async lock(em: EntityManager, id: number): Promise<EventView | null> {
    if (!em.isInTransaction()) throw new Error('lock must run inside a transaction');
    const event = await em.findOne(Event, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    return event && eventView(event);
  }

  async create(input: EventFieldsDto): Promise<EventView> {
    const timeZone = input.timeZone ?? this.defaults().timeZone;
    checkFields(input, timeZone);
    return this.em.fork().transactional(async (em) => {
      const event = em.create(Event, { ...fields(input), timeZone });
      await em.flush();
      await this.lifecycle.publishSaved({ em, event: eventView(event), previous: null });
      await this.audit.record(em, {
        action: 'event.create',
        target: { type: 'event', id: String(event.id) },
        changes: created(event, ['name', 'date', 'status', 'capacity']),
      });
      return eventView(event);
    });
  }

  /**
   * Replaces the fields. Capacity may not drop below the seats already taken (under the event
   * lock). Cancelling the event tells its subscribers in the same transaction (payments refund).
   */
  async update(id: number, input: EventFieldsDto): Promise<EventView> {
    return this.em.fork().transactional(async (em) => {
      const event = await em.findOne(Event, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!event) throw AppError.notFound('Event not found');
      checkFields(input, input.timeZone ?? event.timeZone);
      const previous = eventView(event);
      const changed = fields(input);
      const cancelling = event.status !== 'cancelled' && changed.status === 'cancelled';
      // Whoever holds seats (invitations) refuses a capacity below them.
      if (!cancelling)
        await this.lifecycle.publishCapacityChanging({ em, event: eventView(event), capacity: input.capacity });
      const before = { ...event };
      em.assign(event, changed);
      await em.flush();
      await this.audit.record(em, {
        action: cancelling ? 'event.cancel' : 'event.update',
        target: { type: 'event', id: String(id) },
        changes: changesBetween<Event>(before, event, Object.keys(changed) as Array<keyof Event & string>),
      });
      if (cancelling) await this.lifecycle.publishCancelled({ em, event: eventView(event) });
      else await this.lifecycle.publishSaved({ em, event: eventView(event), previous });
      return eventView(event);
    });
  }

  /**
   * Deletes an event nobody is attending and nobody has paid for, with its invitations and
   * RSVPs (removed by their module first). The keys restrict, so a payment anywhere under the
   * event stops the delete in the database too: the answer is a 409 either way.
   */
  async delete(id: number): Promise<void> {
    try {
      await this.em.fork().transactional(async (em) => {
        const event = await this.lock(em, id);
        if (!event) throw AppError.notFound('Event not found');
        await this.lifecycle.publishDeleting({ em, event });
        await em.nativeDelete(Event, { id });
        await this.audit.record(em, {
          action: 'event.delete',
          target: { type: 'event', id: String(id) },
          changes: removed(event, ['name', 'date', 'status']),
        });
      });
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException)
        throw AppError.conflict(KEPT_FOR_PAYMENTS, 'EVENT_HAS_PAYMENTS');
      throw error;
    }
  }
}
