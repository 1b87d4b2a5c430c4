import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { exportRows, PersonalDataRegistry, type DataSubject, type PersonalDataHolder } from '../data-requests';

/**
 * What staff told a member about their requests (the notices batched into emails), and which news
 * the member has read. An erasure deletes them: they are the member's correspondence.
 */
@Injectable()
export class MemberNoticesPersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'notices';
  readonly description =
    'The news our team sent you about your requests (replies, options, changes of status), and what you have read.';

  constructor(private readonly registry: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  private async requestIds(em: EntityManager, subject: DataSubject): Promise<string[]> {
    const ids = new Set(subject.refs.request ?? []);
    if (subject.memberId) {
      const rows = await em.execute<Array<{ request_id: string }>>(
        `select request_id from member_notice_batches where member_id = ?`,
        [subject.memberId],
      );
      for (const row of rows) ids.add(row.request_id);
    }
    return [...ids];
  }

  async export(em: EntityManager, subject: DataSubject) {
    const ids = await this.requestIds(em, subject);
    const [items, reads] = await Promise.all([
      ids.length === 0
        ? []
        : em.execute(
            `select kind, author, text, emailed, created_at from member_notice_items
              where request_id = any(?::uuid[]) order by created_at`,
            [`{${ids.join(',')}}`],
          ),
      subject.memberId
        ? em.execute(`select subject, news_at, read_at from member_reads where member_id = ? order by news_at`, [
            subject.memberId,
          ])
        : [],
    ]);
    return { notices: exportRows(items), reads: exportRows(reads) };
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const ids = await this.requestIds(em, subject);
    const items =
      ids.length === 0
        ? []
        : await em.execute<Array<{ id: string }>>(
            `delete from member_notice_items where request_id = any(?::uuid[]) returning id`,
            [`{${ids.join(',')}}`],
          );
    if (!subject.memberId) return { notices: items.length };
    const batches = await em.execute<Array<{ request_id: string }>>(
      `delete from member_notice_batches where member_id = ? returning request_id`,
      [subject.memberId],
    );
    const reads = await em.execute<Array<{ member_id: string }>>(
      `delete from member_reads where member_id = ? returning member_id`,
      [subject.memberId],
    );
    return { notices: items.length, batches: batches.length, reads: reads.length };
  }
}
