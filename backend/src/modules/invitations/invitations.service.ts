import { ForeignKeyConstraintViolationException, LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { AuditService, created, removed } from '../audit';
import { pgTextArray } from '../../common/pg-array';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { effectiveDeliverySql, EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { pageOf, type PageQueryDto } from '../../common/page-query.dto';
import { type WaitlistFilter, WaitlistService } from '../waitlist';
import { EventLifecycle, EventsService, type EventView } from '../events';
import { seatsTaken } from './seat-ledger';
import { CreateInvitationDto } from './dto/create-invitation.dto';
import { Invitation, type InvitationStatus } from './invitation.entity';
import { Rsvp } from './rsvp.entity';

/**
 * Where the invitation email stands, as the admin table shows it. 'unknown': its sending was
 * interrupted, and it may have been delivered; the administrator decides whether to send again.
 */
export type DeliveryStatus = 'queued' | 'sending' | 'retrying' | 'sent' | 'failed' | 'bounced' | 'unknown';

export interface InvitationRow {
  id: number;
  eventId: number;
  recipientName: string;
  recipientEmail: string;
  recipientPhone: string | null;
  maxGuests: number;
  specialNotes: string | null;
  status: InvitationStatus;
  sentAt: Date | null;
  invitationCode: string;
  createdAt: Date;
  event: { id: number; name: string; date: string };
  deliveryStatus: DeliveryStatus | null;
  lastError: string | null;
}

export interface BatchProgress {
  id: string;
  eventId: number;
  total: number;
  queued: number;
  sent: number;
  /** Failed for good, bounced ones included. */
  failed: number;
  /** Refused by the recipient's mail server (a hard bounce): counted in `failed` too. */
  bounced: number;
  /** Interrupted sends: they may have been delivered. */
  unknown: number;
  done: boolean;
}

/** 128 random bits, URL-safe: the invitation link cannot be guessed. */
export function newInvitationCode(): string {
  return randomBytes(16).toString('base64url');
}

export const invitationKey = (id: number) => `invitation.send:${id}`;
/** One confirmation per confirmed state of the RSVP: a changed answer gets its own email. */
export const rsvpConfirmationKey = (rsvpId: string, version: number) => `rsvp.confirmation:${rsvpId}:${version}`;

const delivery = effectiveDeliverySql('d');

/** What inviting from the waitlist did: `existing` emails already had an invitation to the event. */
export interface WaitlistInviteResult {
  matched: number;
  created: number;
  existing: number;
  /** A few of the emails that already had one, for the administrator to read. */
  existingEmails: string[];
  /** The batch the progress bar follows; null when nothing new was sent. */
  batch: BatchProgress | null;
}

/** Waitlist rows read, invitations written and emails queued per statement. */
const WAITLIST_INVITE_BATCH = 1000;
const duplicateMessage = (email: string) => `${email} already has an invitation to this event`;

const EVENT_CANCELLED = 'This event has been cancelled';
const KEPT_FOR_PAYMENT =
  "This invitation has a payment on record and cannot be deleted. To release the guest's place, refund the payment under Responses, Payments.";

@Injectable()
export class InvitationsService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly emails: EmailDeliveryService,
    private readonly lifecycle: EventLifecycle,
    private readonly events: EventsService,
    private readonly waitlist: WaitlistService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    this.lifecycle.onDeleting(({ em, event }) => this.removeForDeletedEvent(em, event.id));
    // Capacity may not drop below the seats already taken (the event's row is locked).
    this.lifecycle.onCapacityChanging(async ({ em, event, capacity }) => {
      const taken = await seatsTaken(em, event.id);
      if (capacity < taken) {
        throw AppError.conflict(
          `Capacity cannot be lower than the ${taken} ${taken === 1 ? 'seat' : 'seats'} already taken`,
        );
      }
    });
  }

  /**
   * An event is being deleted (its row locked): its RSVPs and invitations go first, unless a
   * guest is attending. An RSVP with a payment cannot go: the database refuses, and the whole
   * delete with it.
   */
  private async removeForDeletedEvent(em: EntityManager, eventId: number): Promise<void> {
    const [{ attending }] = await em.execute<Array<{ attending: number }>>(
      `select count(*)::int as attending from rsvps where event_id = ? and status = 'attending'`,
      [eventId],
    );
    if (attending > 0) {
      throw AppError.conflict(
        `${attending === 1 ? 'A guest is' : `${attending} guests are`} attending this event, so it cannot be deleted. Set its status to cancelled instead: paid guests are refunded.`,
        'EVENT_HAS_GUESTS',
      );
    }
    await em.execute('delete from rsvps where event_id = ?', [eventId]);
    await em.execute('delete from invitations where event_id = ?', [eventId]);
  }

  /** 'retrying' while the queue will try again; 'failed' once it will not; 'unknown' for an interrupted send. */
  private deliveryStatus(
    status: string | null,
    attempts: number | null,
    final: boolean | null,
    bounced: boolean | null,
  ): DeliveryStatus | null {
    if (!status || status === 'skipped') return null;
    if (status === 'failed' && bounced) return 'bounced';
    if (status === 'failed') return final || (attempts ?? 0) >= this.config.QUEUE_ATTEMPTS ? 'failed' : 'retrying';
    return status as DeliveryStatus;
  }

  async list(
    query: PageQueryDto & { eventId?: number; id?: number },
  ): Promise<{ data: InvitationRow[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const conn = this.em.getConnection();
    const eventId = query.eventId ?? null;
    const id = query.id ?? null;
    // An invitation's event always exists (its foreign key): the events and the deliveries of the
    // page are read from their owners, one query each.
    const rows = await conn.execute<Array<Record<string, unknown>>>(
      `select i.*
         from invitations i
        where (?::int is null or i.event_id = ?) and (?::int is null or i.id = ?)
        order by i.created_at desc, i.id desc
        limit ? offset ?`,
      [eventId, eventId, id, id, limit, offset],
    );
    const [events, deliveries] = await Promise.all([
      this.events.summaries(rows.map((r) => r.event_id as number)),
      this.emails.effectiveByKey(rows.map((r) => invitationKey(r.id as number))),
    ]);
    const [{ total }] = await conn.execute<Array<{ total: number }>>(
      `select count(*)::int as total from invitations
        where (?::int is null or event_id = ?) and (?::int is null or id = ?)`,
      [eventId, eventId, id, id],
    );
    const data = rows.map((r) => {
      const event = events.get(r.event_id as number);
      const sending = deliveries.get(invitationKey(r.id as number));
      const deliveryStatus = this.deliveryStatus(
        sending?.status ?? null,
        sending?.attempts ?? null,
        sending?.final ?? null,
        sending?.bounced ?? null,
      );
      return {
        id: r.id as number,
        eventId: r.event_id as number,
        recipientName: r.recipient_name as string,
        recipientEmail: r.recipient_email as string,
        recipientPhone: (r.recipient_phone as string | null) ?? null,
        maxGuests: r.max_guests as number,
        specialNotes: (r.special_notes as string | null) ?? null,
        status: r.status as InvitationStatus,
        sentAt: (r.sent_at as Date | null) ?? null,
        invitationCode: r.invitation_code as string,
        createdAt: r.created_at as Date,
        event: { id: r.event_id as number, name: event?.name as string, date: event?.date as string },
        deliveryStatus,
        lastError: deliveryStatus === 'sent' ? null : (sending?.error ?? null),
      };
    });
    return { data, total: Number(total) };
  }

  async row(id: number): Promise<InvitationRow> {
    const {
      data: [row],
    } = await this.list({ id, pageSize: 1 });
    if (!row) throw AppError.notFound('Invitation not found');
    return row;
  }

  async create(input: CreateInvitationDto): Promise<InvitationRow> {
    const em = this.em.fork();
    const event = await this.events.find(em, input.eventId);
    if (!event) throw AppError.badRequest('Event is required', { eventId: 'Event is required' });
    const recipientEmail = input.recipientEmail.toLowerCase();
    let invitation: Invitation;
    try {
      invitation = await em.transactional(async (tx) => {
        const added = tx.create(Invitation, {
          eventId: event.id,
          recipientName: input.recipientName,
          recipientEmail,
          recipientPhone: input.recipientPhone ?? null,
          maxGuests: input.maxGuests ?? 1,
          specialNotes: input.specialNotes ?? null,
          invitationCode: newInvitationCode(),
        });
        await tx.flush();
        await this.audit.record(tx, {
          action: 'invitation.create',
          target: { type: 'invitation', id: String(added.id) },
          changes: created(added, ['eventId', 'recipientEmail', 'maxGuests']),
        });
        return added;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        const message = duplicateMessage(recipientEmail);
        throw new AppError('conflict', message, { recipientEmail: message });
      }
      throw error;
    }
    return this.row(invitation.id);
  }

  /** Deletes the invitation and the guest's answer, unless a payment (a financial record) hangs off it. */
  async delete(id: number): Promise<void> {
    try {
      await this.em.fork().transactional(async (em) => {
        const invitation = await em.findOne(Invitation, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!invitation) throw AppError.notFound('Invitation not found');
        await em.execute('delete from rsvps where invitation_id = ?', [id]);
        await em.nativeDelete(Invitation, { id });
        await this.audit.record(em, {
          action: 'invitation.delete',
          target: { type: 'invitation', id: String(id) },
          changes: removed(invitation, ['eventId', 'recipientEmail', 'status']),
        });
      });
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException)
        throw AppError.conflict(KEPT_FOR_PAYMENT, 'INVITATION_HAS_PAYMENTS');
      throw error;
    }
  }

  /**
   * Queues the invitation email (an outbox row, in this transaction). Only a pending invitation
   * is sent; one whose email is already on its way is refused. One whose email failed, or whose
   * send was interrupted (it may have been delivered: the admin was shown so), is sent again
   * under the same delivery key: the claim on that key still lets only one worker send it.
   */
  private async queueSend(em: EntityManager, invitation: Invitation): Promise<void> {
    const key = invitationKey(invitation.id);
    const [existing] = await em.execute<Array<{ status: string }>>(
      `select ${delivery.status} as status from email_deliveries d where key = ? for update`,
      [key],
    );
    if (existing && !['failed', 'skipped', 'unknown'].includes(existing.status)) {
      throw AppError.conflict(
        existing.status === 'sent' ? 'This invitation has already been sent' : 'This invitation is already being sent',
      );
    }
    if (existing) await this.emails.allowResend(em, key);
    await this.emails.queue(
      em,
      { key, kind: 'invitation.send', recipient: invitation.recipientEmail },
      'invitation.send',
      { invitationId: invitation.id },
    );
  }

  async send(id: number): Promise<InvitationRow> {
    await this.em.fork().transactional(async (em) => {
      const invitation = await em.findOne(Invitation, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!invitation) throw AppError.notFound('Invitation not found');
      if (invitation.status !== 'pending') throw AppError.conflict('Only pending invitations can be sent');
      const event = await this.events.find(em, invitation.eventId);
      if (event?.status === 'cancelled') throw AppError.conflict(EVENT_CANCELLED);
      await this.queueSend(em, invitation);
      await this.audit.record(em, { action: 'invitation.send', target: { type: 'invitation', id: String(id) } });
    });
    return this.row(id);
  }

  /** Queues every pending invitation of the event not already on its way; answers the batch to follow. */
  async sendPending(eventId: number): Promise<BatchProgress> {
    const batchId = await this.em.fork().transactional(async (em) => {
      const event = await this.events.find(em, eventId);
      if (!event) throw AppError.notFound('Event not found');
      if (event.status === 'cancelled') throw AppError.conflict(EVENT_CANCELLED);
      const pending = await em.find(
        Invitation,
        { eventId, status: 'pending' },
        { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
      );
      const busy = await this.emails.keysWithStatus(
        em,
        pending.map((i) => invitationKey(i.id)),
        ['queued', 'sending', 'sent'],
      );
      const toSend = pending.filter((i) => !busy.has(invitationKey(i.id)));
      if (toSend.length === 0) throw AppError.conflict('There are no pending invitations to send for this event');
      for (const invitation of toSend) await this.queueSend(em, invitation);
      const id = randomUUID();
      await em.execute(`insert into invitation_send_batches (id, event_id, invitation_ids) values (?, ?, ?::int[])`, [
        id,
        eventId,
        `{${toSend.map((i) => i.id).join(',')}}`,
      ]);
      await this.audit.record(em, {
        action: 'invitation.send-pending',
        target: { type: 'event', id: String(eventId) },
        changes: { queued: [null, toSend.length] },
      });
      return id;
    });
    return this.batchProgress(batchId);
  }

  /**
   * Invites every waitlist entry a filter covers (chosen rows, a search, a source, a campaign,
   * sign-up dates) to an event, in one transaction: one invitation per email per event (the unique
   * index answers for it, so two administrators inviting at once cannot duplicate one either);
   * emails that already have one are counted and named, not invited twice. The new invitations'
   * emails are queued (outbox) in the same transaction, and one send batch follows them all.
   * The waitlist is read in keyset batches and each batch written by one statement: 10,000 rows
   * never sit in memory at once.
   */
  async inviteFromWaitlist(input: {
    eventId: number;
    maxGuests: number;
    note: string | null;
    filter: WaitlistFilter;
  }): Promise<WaitlistInviteResult> {
    const event = await this.events.findById(input.eventId);
    if (!event) throw AppError.badRequest('Event is required', { eventId: 'Event is required' });
    if (event.status === 'cancelled') throw AppError.conflict(EVENT_CANCELLED);
    if (event.status === 'completed') throw AppError.conflict('This event has already taken place');
    const outcome = await this.em.fork().transactional(async (em) => {
      let matched = 0;
      const existingEmails: string[] = [];
      const created: number[] = [];
      for await (const entries of this.waitlist.iterateMatching(input.filter, WAITLIST_INVITE_BATCH)) {
        matched += entries.length;
        const rows = await em.execute<Array<{ id: number; recipient_email: string }>>(
          `insert into invitations (event_id, recipient_name, recipient_email, recipient_phone, max_guests,
                                    special_notes, status, invitation_code, created_at, updated_at)
           select ?, name, email, phone, ?, ?, 'pending', code, now(), now()
             from unnest(?::text[], ?::text[], ?::text[], ?::text[]) as t(email, name, phone, code)
           on conflict (event_id, lower(recipient_email)) where not legacy_duplicate do nothing
           returning id, recipient_email`,
          [
            event.id,
            input.maxGuests,
            input.note,
            pgTextArray(entries.map((e) => e.email.toLowerCase())),
            // The invitation greets the person by name; an entry without one by its email's name.
            pgTextArray(entries.map((e) => e.fullName?.trim() || e.email.split('@')[0])),
            pgTextArray(entries.map((e) => e.phone)),
            pgTextArray(entries.map(() => newInvitationCode())),
          ],
        );
        if (rows.length < entries.length && existingEmails.length < 20) {
          const added = new Set(rows.map((r) => r.recipient_email));
          for (const e of entries) {
            if (existingEmails.length >= 20) break;
            if (!added.has(e.email.toLowerCase())) existingEmails.push(e.email.toLowerCase());
          }
        }
        await this.emails.queueMany(
          em,
          'invitation.send',
          rows.map((r) => ({
            key: invitationKey(r.id),
            recipient: r.recipient_email,
            payload: { invitationId: r.id },
          })),
          'invitation.send',
        );
        for (const r of rows) created.push(r.id);
      }
      if (matched === 0) throw AppError.badRequest('No waitlist entries match this selection');
      await this.audit.record(em, {
        action: 'invitation.from-waitlist',
        target: { type: 'event', id: String(event.id) },
        changes: { matched: [null, matched], created: [null, created.length] },
      });
      let batchId: string | null = null;
      if (created.length > 0) {
        batchId = randomUUID();
        await em.execute(`insert into invitation_send_batches (id, event_id, invitation_ids) values (?, ?, ?::int[])`, [
          batchId,
          event.id,
          `{${created.join(',')}}`,
        ]);
      }
      return { matched, created: created.length, existingEmails, batchId };
    });
    return {
      matched: outcome.matched,
      created: outcome.created,
      existing: outcome.matched - outcome.created,
      existingEmails: outcome.existingEmails,
      batch: outcome.batchId ? await this.batchProgress(outcome.batchId) : null,
    };
  }

  async batchProgress(batchId: string): Promise<BatchProgress> {
    const conn = this.em.getConnection();
    const [batch] = await conn.execute<Array<{ id: string; event_id: number; invitation_ids: number[] }>>(
      `select id, event_id, invitation_ids from invitation_send_batches where id = ?`,
      [batchId],
    );
    if (!batch) throw AppError.notFound('Batch not found');
    const deliveries = await this.emails.effectiveByKey(batch.invitation_ids.map(invitationKey));
    let sent = 0;
    let failed = 0;
    let unknown = 0;
    let bounced = 0;
    for (const invitationId of batch.invitation_ids) {
      const d = deliveries.get(invitationKey(invitationId));
      const status = this.deliveryStatus(d?.status ?? null, d?.attempts ?? null, d?.final ?? null, d?.bounced ?? null);
      if (status === 'sent') sent += 1;
      else if (status === 'unknown') unknown += 1;
      else if (status === 'bounced') {
        bounced += 1;
        failed += 1;
      } else if (status === 'failed' || status === null) failed += 1;
    }
    const total = batch.invitation_ids.length;
    const queued = total - sent - failed - unknown;
    return { id: batch.id, eventId: batch.event_id, total, queued, sent, failed, bounced, unknown, done: queued === 0 };
  }

  async findWithEvent(invitationId: number): Promise<{ invitation: Invitation; event: EventView } | null> {
    const em = this.em.fork();
    const invitation = await em.findOne(Invitation, { id: invitationId });
    if (!invitation) return null;
    const event = await this.events.find(em, invitation.eventId);
    return event ? { invitation, event } : null;
  }

  async findRsvpWithInvitation(
    rsvpId: string,
  ): Promise<{ rsvp: Rsvp; invitation: Invitation; event: EventView } | null> {
    const em = this.em.fork();
    const rsvp = await em.findOne(Rsvp, { id: rsvpId });
    if (!rsvp) return null;
    const invitation = await em.findOne(Invitation, { id: rsvp.invitationId });
    const event = await this.events.find(em, rsvp.eventId);
    return invitation && event ? { rsvp, invitation, event } : null;
  }

  /** Called once the SMTP server has accepted the invitation: pending becomes sent; a guest's answer is kept. */
  async markSent(invitationId: number): Promise<void> {
    await this.em.getConnection().execute(
      `update invitations set status = case when status = 'pending' then 'sent' else status end,
              sent_at = coalesce(sent_at, now()), updated_at = now()
        where id = ?`,
      [invitationId],
    );
  }

  /**
   * The RSVP's confirmed details are new (it just became attending, or its guests changed): a
   * new version, with its own confirmation email (details and .ics), queued in the caller's
   * transaction. Free RSVPs call it when answered; the payments module once a payment succeeds.
   * The caller holds the event's lock (lockEvent) and the RSVP's, so versions never interleave.
   */
  async confirmRsvp(em: EntityManager, rsvp: Rsvp, recipientEmail: string): Promise<void> {
    rsvp.confirmationVersion += 1;
    await em.flush();
    await this.emails.queue(
      em,
      {
        key: rsvpConfirmationKey(rsvp.id, rsvp.confirmationVersion),
        kind: 'rsvp.confirmation',
        recipient: recipientEmail,
      },
      'rsvp.confirmation',
      { rsvpId: rsvp.id, version: rsvp.confirmationVersion },
    );
  }
}
