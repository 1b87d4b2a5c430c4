import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { exportRows, PersonalDataRegistry, type DataSubject, type PersonalDataHolder } from '../data-requests';

/** A member's threads are owned by `member:<id>` on every device. */
const ownerOf = (memberId: string) => `member:${memberId}`;

/**
 * A member's conversations with the concierge: every thread and message (theirs, the concierge's
 * and the desk's replies). Visitors' and house-password sessions' threads name nobody. An erasure
 * deletes the member's threads with their messages.
 */
@Injectable()
export class ConciergePersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'conversations';
  readonly description =
    'Your conversations with your concierge: each thread, and every message in it with its time (and your ratings).';

  constructor(private readonly registry: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async export(em: EntityManager, subject: DataSubject) {
    if (!subject.memberId) return { threads: [] };
    const threads = await em.execute<Array<{ id: string; title: string; created_at: Date; updated_at: Date }>>(
      `select id, title, created_at, updated_at from concierge_threads where session_id = ? order by created_at`,
      [ownerOf(subject.memberId)],
    );
    if (threads.length === 0) return { threads: [] };
    const messages = await em.execute<Array<Record<string, unknown> & { thread_id: string }>>(
      `select thread_id, role, author_name, content, attachment, rating_helpful, rating_comment, created_at
         from concierge_messages where thread_id = any(?::uuid[]) order by thread_id, seq`,
      [`{${threads.map((t) => t.id).join(',')}}`],
    );
    return {
      threads: threads.map((thread) => ({
        title: thread.title,
        startedAt: new Date(thread.created_at).toISOString(),
        lastMessageAt: new Date(thread.updated_at).toISOString(),
        messages: exportRows(
          messages.filter((m) => m.thread_id === thread.id),
          ['thread_id'],
        ),
      })),
    };
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    if (!subject.memberId) return {};
    const [{ messages }] = await em.execute<Array<{ messages: number }>>(
      `select count(*)::int as messages from concierge_messages m join concierge_threads t on t.id = m.thread_id
        where t.session_id = ?`,
      [ownerOf(subject.memberId)],
    );
    const threads = await em.execute<Array<{ id: string }>>(
      `delete from concierge_threads where session_id = ? returning id`,
      [ownerOf(subject.memberId)],
    );
    return { threads: threads.length, messages };
  }
}
