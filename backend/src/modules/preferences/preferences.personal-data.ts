import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { exportRows, PersonalDataRegistry, type DataSubject, type PersonalDataHolder } from '../data-requests';

/**
 * What the concierge remembers about a member, and whether remembering is paused. Staff notes are
 * the club's working notes about serving the member (written by staff, never shown to the member
 * or the model), not something the member gave us: they are not exported, but they are about the
 * person, so an erasure deletes them with everything else.
 */
@Injectable()
export class PreferencesPersonalData implements PersonalDataHolder, OnModuleInit {
  readonly name = 'preferences';
  readonly description =
    'What your concierge remembers about you (each entry, where it came from, when), and whether remembering is paused.';

  constructor(private readonly registry: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async export(em: EntityManager, subject: DataSubject) {
    if (!subject.memberId) return { remembered: [], memory: null };
    const [entries, settings] = await Promise.all([
      em.execute(
        `select kind, value, sensitive, source, created_at, updated_at from member_preferences
          where member_id = ? order by created_at`,
        [subject.memberId],
      ),
      em.execute(`select paused, updated_at from member_memory_settings where member_id = ?`, [subject.memberId]),
    ]);
    return { remembered: exportRows(entries), memory: exportRows(settings)[0] ?? null };
  }

  async erase(em: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    if (!subject.memberId) return {};
    const count = async (sql: string) =>
      (await em.execute<Array<{ member_id: string }>>(sql, [subject.memberId])).length;
    return {
      remembered: await count(`delete from member_preferences where member_id = ? returning member_id`),
      staffNotes: await count(`delete from member_staff_notes where member_id = ? returning member_id`),
      memorySettings: await count(`delete from member_memory_settings where member_id = ? returning member_id`),
    };
  }
}
