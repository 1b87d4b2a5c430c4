import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import type { ProfileEntry } from '../../platform/ai/types';
import { AuditService } from '../audit';
import { MembersService } from '../members';
import { ConsentService } from '../privacy';
import { LONGEST_VALUE } from './dto/preference.dto';
import { MemberMemorySettings } from './member-memory-settings.entity';
import { MemberPreference } from './member-preference.entity';
import { MemberStaffNote } from './member-staff-note.entity';
import {
  isSensitiveKind,
  PREFERENCE_KIND_LABELS,
  PREFERENCE_KINDS,
  type PreferenceKind,
  type PreferenceSource,
} from './preference-kinds';

/** One remembered entry as the member and staff read it. */
export interface PreferenceView {
  id: string;
  kind: PreferenceKind;
  value: string;
  sensitive: boolean;
  source: PreferenceSource;
  /** The member's chat message it came from (source 'chat'). */
  sourceMessageId: string | null;
  /** Who wrote it (source 'staff'): the staff person's display name. */
  staffName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StaffNoteView {
  id: string;
  text: string;
  authorName: string;
  createdAt: string;
}

/** What remember() is asked to keep. */
export interface RememberInput {
  kind: PreferenceKind;
  value: string;
  /** Marks the entry sensitive; allergies and health always are. */
  sensitive?: boolean;
  source: PreferenceSource;
  sourceMessageId?: string | null;
  staffName?: string | null;
}

/** A member keeps at most this many entries: enough for a life, not a place to store a book. */
const MOST_ENTRIES = 200;

const KIND_ORDER = new Map<string, number>(PREFERENCE_KINDS.map((kind, index) => [kind, index]));

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function viewOf(row: MemberPreference): PreferenceView {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    sensitive: row.sensitive,
    source: row.source,
    sourceMessageId: row.sourceMessageId ?? null,
    staffName: row.sourceStaffName ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function noteOf(row: MemberStaffNote): StaffNoteView {
  return { id: row.id, text: row.text, authorName: row.authorName, createdAt: row.createdAt.toISOString() };
}

/** In the order of the kinds, then oldest first within a kind. */
function ordered(rows: MemberPreference[]): MemberPreference[] {
  return [...rows].sort(
    (a, b) =>
      (KIND_ORDER.get(a.kind) ?? 99) - (KIND_ORDER.get(b.kind) ?? 99) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.id.localeCompare(b.id),
  );
}

/**
 * What the club remembers about each member: kept from the chat (unless the member has paused
 * remembering), written by staff or by the member; read by the member, by staff and (all but the
 * staff's notes) by the concierge's model. The member may change or forget any of it.
 */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
    private readonly members: MembersService,
    private readonly consent: ConsentService,
  ) {}

  /** Every entry of a member, by kind. */
  async list(memberId: string): Promise<PreferenceView[]> {
    const rows = await this.em.fork().find(MemberPreference, { memberId });
    return ordered(rows).map(viewOf);
  }

  /**
   * What the concierge's model is told about the member: every entry, whether or not remembering
   * is paused (pausing stops new remembering; what is kept is still used). Never the staff's notes.
   */
  async forModel(memberId: string): Promise<ProfileEntry[]> {
    return (await this.list(memberId)).map((entry) => ({
      kind: entry.kind,
      label: PREFERENCE_KIND_LABELS[entry.kind],
      value: entry.value,
    }));
  }

  async isPaused(memberId: string): Promise<boolean> {
    const settings = await this.em.fork().findOne(MemberMemorySettings, { memberId });
    return settings?.paused ?? false;
  }

  /**
   * Pauses or resumes remembering. A change is on record in the consent ledger, in the same
   * transaction: 'concierge-memory' withdrawn (paused) or granted (resumed), source 'account'.
   * Asking again for what is already so writes nothing.
   */
  async setPaused(memberId: string, paused: boolean): Promise<void> {
    const member = await this.members.contact(memberId);
    await this.em.fork().transactional(async (tx) => {
      const [before] = await tx.execute<Array<{ paused: boolean }>>(
        'select paused from member_memory_settings where member_id = ? for update',
        [memberId],
      );
      await tx.execute(
        `insert into member_memory_settings (member_id, paused, updated_at) values (?, ?, now())
         on conflict (member_id) do update set paused = excluded.paused, updated_at = now()`,
        [memberId, paused],
      );
      if ((before?.paused ?? false) === paused || !member) return;
      await this.consent.record(tx, [
        {
          email: member.email,
          subjectType: 'member',
          subjectId: memberId,
          purpose: 'concierge-memory',
          action: paused ? 'withdrawn' : 'granted',
          source: 'account',
          wordingVersion: 'account-memory-v1',
        },
      ]);
    });
  }

  /**
   * Keeps an entry for a member, in `tx` when given. From the chat while remembering is paused,
   * nothing is kept (null). The same value of the same kind is kept once: the entry already kept
   * is answered.
   */
  async remember(memberId: string, input: RememberInput, tx?: EntityManager): Promise<PreferenceView | null> {
    // From the chat the words are the model's or the parser's: kept as short as a member's own.
    const value = input.value.trim().slice(0, LONGEST_VALUE);
    if (!value) throw AppError.badRequest('Please say what we should remember', { value: 'Value is required' });
    const work = async (em: EntityManager): Promise<PreferenceView | null> => {
      if (input.source === 'chat') {
        const settings = await em.findOne(MemberMemorySettings, { memberId });
        if (settings?.paused) return null;
      }
      const kept = await em.find(MemberPreference, { memberId });
      const existing = kept.find((row) => row.kind === input.kind && same(row.value, value));
      if (existing) return viewOf(existing);
      if (kept.length >= MOST_ENTRIES) {
        throw AppError.conflict(`We keep up to ${MOST_ENTRIES} things for each member: please forget one first.`);
      }
      const row = em.create(MemberPreference, {
        memberId,
        kind: input.kind,
        value,
        sensitive: input.sensitive === true || isSensitiveKind(input.kind),
        source: input.source,
        sourceMessageId: input.sourceMessageId ?? null,
        sourceStaffName: input.source === 'staff' ? (input.staffName ?? null) : null,
      });
      await em.flush();
      return viewOf(row);
    };
    return tx ? work(tx) : this.em.fork().transactional(work);
  }

  /** The member changes an entry's words; it is theirs now, wherever it came from. */
  async update(memberId: string, id: string, value: string): Promise<PreferenceView> {
    const em = this.em.fork();
    const row = await em.findOne(MemberPreference, { id, memberId });
    if (!row) throw AppError.notFound('We hold nothing of that kind for you');
    row.value = value.trim();
    await em.flush();
    return viewOf(row);
  }

  /** Forgets one entry; false when the member had no such entry. */
  async forget(memberId: string, id: string): Promise<boolean> {
    const removed = await this.em.fork().nativeDelete(MemberPreference, { id, memberId });
    return removed > 0;
  }

  /** Forgets every entry of the member (the staff's notes are the house's, not the member's). */
  async forgetAll(memberId: string): Promise<number> {
    return this.em.fork().nativeDelete(MemberPreference, { memberId });
  }

  /** The member's entries and whether remembering is paused, as 'What we remember' shows them. */
  async forMember(memberId: string): Promise<{ paused: boolean; entries: PreferenceView[] }> {
    const [paused, entries] = await Promise.all([this.isPaused(memberId), this.list(memberId)]);
    return { paused, entries };
  }

  /** The profile staff see beside a member's request: entries, the pause, and the staff's own notes. */
  async staffProfile(
    memberId: string,
  ): Promise<{ paused: boolean; entries: PreferenceView[]; notes: StaffNoteView[] }> {
    await this.memberExists(memberId);
    const [{ paused, entries }, notes] = await Promise.all([
      this.forMember(memberId),
      this.em.fork().find(MemberStaffNote, { memberId }, { orderBy: { createdAt: 'desc', id: 'asc' } }),
    ]);
    return { paused, entries, notes: notes.map(noteOf) };
  }

  /** A staff person adds to the member's profile, signed with their display name; audited. */
  async addByStaff(memberId: string, kind: PreferenceKind, value: string, staffName: string): Promise<PreferenceView> {
    await this.memberExists(memberId);
    return this.em.fork().transactional(async (em) => {
      const view = (await this.remember(memberId, { kind, value, source: 'staff', staffName }, em))!;
      // The value may be about health: the log keeps the kind, never the words.
      await this.audit.record(em, {
        action: 'member.preference-add',
        target: { type: 'member', id: memberId },
        changes: { kind: [null, kind] },
      });
      return view;
    });
  }

  /** A staff-only note about the member; audited (without its text). */
  async addNote(memberId: string, text: string, authorName: string): Promise<StaffNoteView> {
    await this.memberExists(memberId);
    return this.em.fork().transactional(async (em) => {
      const row = em.create(MemberStaffNote, { memberId, text: text.trim(), authorName });
      await em.flush();
      await this.audit.record(em, {
        action: 'member.note-add',
        target: { type: 'member', id: memberId },
        changes: { note: [null, row.id] },
      });
      return noteOf(row);
    });
  }

  private async memberExists(memberId: string): Promise<void> {
    const found = await this.members.describe([memberId]);
    if (!found.has(memberId)) throw AppError.notFound('Member not found');
  }
}
