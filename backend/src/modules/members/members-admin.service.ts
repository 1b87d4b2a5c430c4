import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { pageOf } from '../../common/page-query.dto';
import { AuditService } from '../audit';
import type { ListMembersQuery, UpdateMemberDto } from './dto/member-admin.dto';
import type { MemberStatus, MemberTier } from './member.entity';
import { MemberSessionsService } from './member-sessions.service';
import { MEMBER_ROW_SQL, memberRow, type MemberRow, type MemberRowColumns } from './member-views';

/** The Members tab: the list, and a member's tier and suspension. */
@Injectable()
export class MembersAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: MemberSessionsService,
    private readonly audit: AuditService,
  ) {}

  async list(query: ListMembersQuery): Promise<{ items: MemberRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.search) {
      where.push(`strpos(lower(m.name || ' ' || m.email || ' ' || coalesce(m.phone, '')), ?) > 0`);
      params.push(query.search.toLowerCase());
    }
    if (query.status) {
      where.push('m.status = ?');
      params.push(query.status);
    }
    if (query.tier) {
      where.push('m.tier = ?');
      params.push(query.tier);
    }
    const condition = where.length > 0 ? `where ${where.join(' and ')}` : '';
    const { limit, offset } = pageOf(query);
    const connection = this.em.getConnection();
    const [rows, [{ total }]] = await Promise.all([
      connection.execute<MemberRowColumns[]>(
        `${MEMBER_ROW_SQL} ${condition} order by m.created_at desc, m.id desc limit ? offset ?`,
        [...params, limit, offset],
      ),
      connection.execute<Array<{ total: number }>>(`select count(*)::int as total from members m ${condition}`, params),
    ]);
    return { items: rows.map(memberRow), total };
  }

  async row(memberId: string): Promise<MemberRow> {
    const [row] = await this.em
      .getConnection()
      .execute<MemberRowColumns[]>(`${MEMBER_ROW_SQL} where m.id = ?`, [memberId]);
    if (!row) throw AppError.notFound('Member not found');
    return memberRow(row);
  }

  /**
   * Changes a member's tier, or suspends them (every session ends at once, on every api process)
   * or lifts the suspension. A member who has not accepted their offer cannot be made active here.
   */
  async update(memberId: string, change: UpdateMemberDto): Promise<MemberRow> {
    const ended = await this.em.fork().transactional(async (em) => {
      const [member] = await em.execute<Array<{ tier: MemberTier; status: MemberStatus; joined_at: Date | null }>>(
        `select tier, status, joined_at from members where id = ? for update`,
        [memberId],
      );
      if (!member) throw AppError.notFound('Member not found');
      const changes: Record<string, [unknown, unknown]> = {};
      if (change.tier && change.tier !== member.tier) changes.tier = [member.tier, change.tier];
      if (change.status && change.status !== member.status) {
        if (change.status === 'active' && !member.joined_at) {
          throw AppError.conflict('This member has not accepted their offer yet: they become active when they do.');
        }
        changes.status = [member.status, change.status];
      }
      if (Object.keys(changes).length === 0) return [];
      await em.execute(`update members set tier = ?, status = ?, updated_at = now() where id = ?`, [
        change.tier ?? member.tier,
        change.status ?? member.status,
        memberId,
      ]);
      await this.audit.record(em, { action: 'member.update', target: { type: 'member', id: memberId }, changes });
      return change.status === 'suspended' ? this.sessions.endAll(memberId, em) : [];
    });
    await this.sessions.announce(ended);
    return this.row(memberId);
  }
}
