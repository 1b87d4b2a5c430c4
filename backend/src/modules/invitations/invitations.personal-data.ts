import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { pgTextArray } from '../../common/pg-array';
import {
  ERASED,
  exportRows,
  PersonalDataRegistry,
  subjectAddresses,
  type DataSubject,
  type PersonalDataHolder,
} from '../data-requests';
import { EventsService } from '../events';

interface InvitationRow extends Record<string, unknown> {
  id: number;
  event_id: number;
  recipient_name: string;
}

/**
 * Invitations to the club's events sent to the person, their answers (RSVPs, with the names of the
 * guests they bring and any dietary needs), places on an event's waiting list, and arrivals at the
 * door. An erasure keeps each invitation and answer as a record (a payment points at it, and the
 * seats it held stay counted) but takes the person out: names read 'erased', the address becomes
 * an undeliverable stand-in, phone, notes, dietary needs and requests go, and the invitation's code
 * is replaced so the old link opens nothing.
 */
@Injectable()
export class InvitationsPersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'invitations';
  readonly description =
    'Your invitations to our events, your answers (with your guests’ names and any dietary needs), waiting-list places, and your arrival at the door.';

  constructor(
    private readonly registry: PersonalDataRegistry,
    private readonly events: EventsService,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  private invitations(em: EntityManager, subject: DataSubject) {
    return em.execute<InvitationRow[]>(
      `select id, event_id, recipient_name, recipient_email, recipient_phone, max_guests, special_notes, status,
              sent_at, created_at from invitations where lower(recipient_email) = any(?::text[]) order by created_at`,
      [pgTextArray(subjectAddresses(subject))],
    );
  }

  private rsvps(em: EntityManager, invitationIds: number[]) {
    return em.execute<Array<Record<string, unknown> & { id: string; invitation_id: number; guest_names: string[] }>>(
      `select id, invitation_id, status, guest_count, guest_names, dietary_restrictions, special_requests,
              responded_at, created_at, updated_at from rsvps where invitation_id = any(?::int[]) order by created_at`,
      [`{${invitationIds.join(',')}}`],
    );
  }

  async identify(em: EntityManager, subject: DataSubject) {
    const invitations = await this.invitations(em, subject);
    if (invitations.length === 0) return {};
    const rsvps = await this.rsvps(
      em,
      invitations.map((i) => i.id),
    );
    return { names: invitations.map((i) => i.recipient_name), refs: { rsvp: rsvps.map((r) => r.id) } };
  }

  async export(em: EntityManager, subject: DataSubject) {
    const invitations = await this.invitations(em, subject);
    if (invitations.length === 0) return { invitations: [] };
    const ids = invitations.map((i) => i.id);
    const [rsvps, waiting, arrivals, events] = await Promise.all([
      this.rsvps(em, ids),
      em.execute<Array<Record<string, unknown> & { invitation_id: number }>>(
        `select invitation_id, guest_count, guest_names, dietary_restrictions, special_requests, status, offered_at,
                closed_at, created_at from waiting_list_entries where invitation_id = any(?::int[]) order by created_at`,
        [`{${ids.join(',')}}`],
      ),
      em.execute<Array<Record<string, unknown> & { rsvp_id: string }>>(
        `select c.rsvp_id, c.arrived, c.checked_in_at from rsvp_check_ins c join rsvps r on r.id = c.rsvp_id
          where r.invitation_id = any(?::int[])`,
        [`{${ids.join(',')}}`],
      ),
      this.events.summaries([...new Set(invitations.map((i) => i.event_id))]),
    ]);
    return {
      invitations: invitations.map((invitation) => {
        const answer = rsvps.find((r) => r.invitation_id === invitation.id);
        const event = events.get(invitation.event_id);
        return {
          event: event ? { name: event.name, date: event.date } : null,
          ...exportRows([invitation], ['id', 'event_id'])[0],
          answer: answer ? exportRows([answer], ['id', 'invitation_id'])[0] : null,
          arrival: answer
            ? (exportRows(
                arrivals.filter((a) => a.rsvp_id === answer.id),
                ['rsvp_id'],
              )[0] ?? null)
            : null,
          waitingList: exportRows(
            waiting.filter((w) => w.invitation_id === invitation.id),
            ['invitation_id'],
          ),
        };
      }),
    };
  }

  async addresses(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<Array<{ email: string }>>(
      `select distinct recipient_email as email from invitations where recipient_email not like 'erased-%'`,
    );
    return rows.map((r) => r.email);
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const invitations = await this.invitations(em, subject);
    if (invitations.length === 0) return {};
    const ids = invitations.map((i) => i.id);
    await em.execute(
      `update invitations i set recipient_name = ?, recipient_email = 'erased-invitation-' || i.id || '@erased.invalid',
              recipient_phone = null, special_notes = null, invitation_code = r.code, updated_at = now()
         from jsonb_to_recordset(?::jsonb) as r(id int, code text) where i.id = r.id`,
      [ERASED, JSON.stringify(ids.map((id) => ({ id, code: randomBytes(24).toString('base64url') })))],
    );
    // Each guest's name becomes 'erased': the count of names stays the party's size.
    const rsvps = await em.execute<Array<{ id: string }>>(
      `update rsvps set guest_names = coalesce((select jsonb_agg(?::text) from jsonb_array_elements(guest_names)), '[]'::jsonb),
              dietary_restrictions = null, special_requests = null, updated_at = now()
        where invitation_id = any(?::int[]) returning id`,
      [ERASED, `{${ids.join(',')}}`],
    );
    const waiting = await em.execute<Array<{ id: string }>>(
      `update waiting_list_entries
          set guest_names = coalesce((select jsonb_agg(?::text) from jsonb_array_elements(guest_names)), '[]'::jsonb),
              dietary_restrictions = null, special_requests = null, updated_at = now()
        where invitation_id = any(?::int[]) returning id`,
      [ERASED, `{${ids.join(',')}}`],
    );
    return { invitations: ids.length, answers: rsvps.length, waitingList: waiting.length };
  }
}
