import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { lockEvent, seatsTaken } from '../invitations/seat-ledger';
import { EventFieldsDto } from './dto/event-fields.dto';
import { pageOf, PageQueryDto } from '../../common/page-query.dto';
import { Event } from './event.entity';
import { EventLifecycle } from './event-lifecycle';

const KEPT_FOR_PAYMENTS =
  'This event has payments on record and cannot be deleted. Set its status to cancelled instead: paid guests are refunded.';

export interface EventView {
  id: number;
  name: string;
  description: string;
  eventType: Event['eventType'];
  date: string;
  startTime: string;
  endTime: string;
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
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
  };
}

function checkPrice(input: EventFieldsDto): void {
  if ((input.currency ?? 'USD') === 'JPY' && !Number.isInteger(input.ticketPrice)) {
    throw AppError.badRequest('Ticket price in JPY must be a whole number', {
      ticketPrice: 'Ticket price in JPY must be a whole number',
    });
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
  } as const;
}

@Injectable()
export class EventsService {
  constructor(
    private readonly em: EntityManager,
    private readonly lifecycle: EventLifecycle,
  ) {}

  async list(query: PageQueryDto): Promise<{ data: EventView[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const [rows, total] = await this.em
      .fork()
      .findAndCount(Event, {}, { orderBy: { date: 'desc', id: 'desc' }, limit, offset });
    return { data: rows.map(eventView), total };
  }

  async findById(id: number): Promise<Event | null> {
    return this.em.fork().findOne(Event, { id });
  }

  async create(input: EventFieldsDto): Promise<EventView> {
    checkPrice(input);
    const em = this.em.fork();
    const event = em.create(Event, fields(input));
    await em.flush();
    return eventView(event);
  }

  /**
   * Replaces the fields. Capacity may not drop below the seats already taken (under the event
   * lock). Cancelling the event tells its subscribers in the same transaction (payments refund).
   */
  async update(id: number, input: EventFieldsDto): Promise<EventView> {
    checkPrice(input);
    return this.em.fork().transactional(async (em) => {
      const event = await lockEvent(em, id);
      if (!event) throw AppError.notFound('Event not found');
      const changed = fields(input);
      const cancelling = event.status !== 'cancelled' && changed.status === 'cancelled';
      const taken = cancelling ? 0 : await seatsTaken(em, id);
      if (input.capacity < taken) {
        throw AppError.conflict(
          `Capacity cannot be lower than the ${taken} ${taken === 1 ? 'seat' : 'seats'} already taken`,
        );
      }
      em.assign(event, changed);
      await em.flush();
      if (cancelling) await this.lifecycle.publishCancelled({ em, event });
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
        const event = await lockEvent(em, id);
        if (!event) throw AppError.notFound('Event not found');
        await this.lifecycle.publishDeleting({ em, event });
        await em.nativeDelete(Event, { id });
      });
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException) throw AppError.conflict(KEPT_FOR_PAYMENTS);
      throw error;
    }
  }
}
