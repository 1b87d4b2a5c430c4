import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  ERASED,
  exportRows,
  literalsOf,
  PersonalDataRegistry,
  scrubJson,
  scrubText,
  type DataSubject,
  type PersonalDataHolder,
} from '../data-requests';

const ownerOf = (memberId: string) => `member:${memberId}`;

/**
 * A member's requests to the concierge (what they asked, what was understood, the options proposed)
 * and each request's history. An erasure keeps the request as a record of work done (a booking paid
 * through it points at it) but takes the person out: their words become 'erased', what was parsed
 * from them goes, the owner becomes nobody, and their names are taken out of the options and notes.
 */
@Injectable()
export class RequestsPersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'requests';
  readonly description =
    'Your requests to the concierge: what you asked, what we understood, the options we proposed, and each step taken.';

  constructor(private readonly registry: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  private async ids(em: EntityManager, subject: DataSubject): Promise<string[]> {
    if (!subject.memberId) return [];
    const rows = await em.execute<Array<{ id: string }>>(`select id from user_requests where session_id = ?`, [
      ownerOf(subject.memberId),
    ]);
    return rows.map((r) => r.id);
  }

  async identify(em: EntityManager, subject: DataSubject) {
    return { refs: { request: await this.ids(em, subject) } };
  }

  async export(em: EntityManager, subject: DataSubject) {
    const ids = await this.ids(em, subject);
    if (ids.length === 0) return { requests: [] };
    const [requests, history] = await Promise.all([
      em.execute<Array<Record<string, unknown> & { id: string }>>(
        `select id, text, status, parsed_entities, options, accepted_option_id, closed_reason, created_at, updated_at
           from user_requests where id = any(?::uuid[]) order by created_at`,
        [`{${ids.join(',')}}`],
      ),
      em.execute<Array<Record<string, unknown> & { request_id: string }>>(
        `select request_id, status, actor, actor_name, note, created_at from user_request_history
          where request_id = any(?::uuid[]) order by created_at, id`,
        [`{${ids.join(',')}}`],
      ),
    ]);
    return {
      requests: requests.map((request) => ({
        ...exportRows([request], ['id'])[0],
        history: exportRows(
          history.filter((h) => h.request_id === request.id),
          ['request_id'],
        ),
      })),
    };
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const ids = await this.ids(em, subject);
    if (ids.length === 0) return {};
    const literals = literalsOf(subject);
    const requests = await em.execute<Array<{ id: string; options: unknown }>>(
      `select id, options from user_requests where id = any(?::uuid[])`,
      [`{${ids.join(',')}}`],
    );
    await em.execute(
      `update user_requests u set text = ?, parsed_entities = null, session_id = ?, thread_id = null,
              options = r.options, updated_at = now()
         from jsonb_to_recordset(?::jsonb) as r(id uuid, options jsonb) where u.id = r.id`,
      [ERASED, ERASED, JSON.stringify(requests.map((r) => ({ id: r.id, options: scrubJson(r.options, literals) })))],
    );
    const history = await em.execute<Array<{ id: string; note: string | null; actor_name: string | null }>>(
      `select id, note, actor_name from user_request_history where request_id = any(?::uuid[])`,
      [`{${ids.join(',')}}`],
    );
    const scrub = (text: string | null) => (text === null ? null : scrubText(text, literals));
    const notes = history.filter((h) => scrub(h.note) !== h.note || scrub(h.actor_name) !== h.actor_name);
    if (notes.length > 0) {
      await em.execute(
        `update user_request_history h set note = r.note, actor_name = r.actor_name
           from jsonb_to_recordset(?::jsonb) as r(id uuid, note text, actor_name text) where h.id = r.id`,
        [JSON.stringify(notes.map((h) => ({ id: h.id, note: scrub(h.note), actor_name: scrub(h.actor_name) })))],
      );
    }
    return { requests: requests.length, notes: notes.length };
  }
}
