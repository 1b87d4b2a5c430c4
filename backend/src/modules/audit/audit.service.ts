import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Writable } from 'node:stream';
import { csvCell } from '../../common/csv-cell';
import { pageOf } from '../../common/page-query.dto';
import { pgTextArray } from '../../common/pg-array';
import { UUID } from '../../common/uuid';
import { currentAuditScope, runAs, type AuditActor } from './audit-scope';

/** What happened, as a caller describes it; who and from where come from the scope (or recordAs). */
export interface AuditRecord {
  /** A dotted name: 'vendor.create', 'payment.refund', 'admin.sign-in-failed'. */
  action: string;
  target?: { type: string; id: string };
  /** A short before/after of the fields changed: `{ status: ['pending', 'active'] }`. No secrets, no bodies. */
  changes?: Record<string, [unknown, unknown]>;
}

/** A row of the audit log as the admin reads it. */
export interface AuditItem {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  clientIp: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  changes: Record<string, [unknown, unknown]>;
}

/** Which rows a page or the CSV covers (AuditFilterDto, validated). */
interface AuditFilter {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** UTC days, both ends included. */
  from?: string;
  to?: string;
}

interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  client_ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  changes: Record<string, [unknown, unknown]>;
}

const EXPORT_BATCH = 1000;

function itemOf(row: AuditRow): AuditItem {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actorId: row.actor_id,
    actorName: row.actor_name,
    actorRole: row.actor_role,
    clientIp: row.client_ip,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    changes: row.changes ?? {},
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter as SQL conditions, each served by an index of the migration (with `at desc, id desc`). */
function where(filter: AuditFilter): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.actor) {
    if (UUID.test(filter.actor)) {
      conditions.push('actor_id = ?');
      params.push(filter.actor);
    } else {
      conditions.push('actor_name ilike ?');
      params.push(`%${escapeLike(filter.actor)}%`);
    }
  }
  if (filter.action) {
    conditions.push('(action = ? or action like ?)');
    params.push(filter.action, `${escapeLike(filter.action)}.%`);
  }
  if (filter.targetType) {
    conditions.push('target_type = ?');
    params.push(filter.targetType);
  }
  if (filter.targetId) {
    conditions.push('target_id = ?');
    params.push(filter.targetId);
  }
  if (filter.from) {
    conditions.push(`at >= (?::date)::timestamp at time zone 'UTC'`);
    params.push(filter.from);
  }
  if (filter.to) {
    conditions.push(`at < (?::date + 1)::timestamp at time zone 'UTC'`);
    params.push(filter.to);
  }
  return { sql: conditions.length ? `where ${conditions.join(' and ')}` : '', params };
}

const INSERT = `insert into audit_log (actor_id, actor_name, actor_role, client_ip, action, target_type, target_id, changes)
  values (?, ?, ?, ?, ?, ?, ?, ?::jsonb)`;

/**
 * The audit log: one row per state-changing staff action, written with the change in the same
 * transaction (a change that rolls back leaves no row). The table is append-only in the database.
 */
@Injectable()
export class AuditService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Writes a row inside the transaction `tx` (the EntityManager `em.transactional` hands over),
   * naming the actor and client address of the current staff request (AuditScopeInterceptor).
   * Outside any scope the row names no one: a change the system made itself.
   */
  async record(tx: EntityManager, entry: AuditRecord): Promise<void> {
    const scope = currentAuditScope();
    await this.insert(tx, scope?.actor ?? null, scope?.ip ?? null, entry);
  }

  /** An action with no row of its own to change (a download link issued): its audit row alone, in the scope's name. */
  async recordAlone(entry: AuditRecord): Promise<void> {
    await this.record(this.em.fork(), entry);
  }

  /**
   * Writes a row for an actor named explicitly (a sign-in, before any scope exists; null for a
   * failed attempt with no account), in `tx` when given, else on its own.
   */
  async recordAs(actor: AuditActor | null, ip: string | null, entry: AuditRecord, tx?: EntityManager): Promise<void> {
    await this.insert(tx ?? this.em.fork(), actor, ip, entry);
  }

  /** A page of the log, newest first. */
  async list(
    query: AuditFilter & { page?: number; pageSize?: number },
  ): Promise<{ items: AuditItem[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const filter = where(query);
    const connection = this.em.fork().getConnection();
    const [rows, [{ total }]] = await Promise.all([
      connection.execute<AuditRow[]>(
        `select * from audit_log ${filter.sql} order by at desc, id desc limit ? offset ?`,
        [...filter.params, limit, offset],
      ),
      connection.execute<Array<{ total: number }>>(
        `select count(*)::int as total from audit_log ${filter.sql}`,
        filter.params,
      ),
    ]);
    return { items: rows.map(itemOf), total };
  }

  /** The rows a filter covers as CSV, newest first, read in keyset batches and written as they come. */
  async exportCsv(filter: AuditFilter, out: Writable): Promise<void> {
    const write = (chunk: string) =>
      out.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve));
    const header = ['When (UTC)', 'Person', 'Role', 'Client address', 'Action', 'Target type', 'Target', 'Changes'];
    await write('\uFEFF' + header.map(csvCell).join(',') + '\r\n');
    const connection = this.em.fork().getConnection();
    const base = where(filter);
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      if (out.destroyed) return;
      const keyset: string = after ? `${base.sql ? `${base.sql} and` : 'where'} (at, id) < (?, ?)` : base.sql;
      const rows: AuditRow[] = await connection.execute<AuditRow[]>(
        `select * from audit_log ${keyset} order by at desc, id desc limit ?`,
        [...base.params, ...(after ? [after.at, after.id] : []), EXPORT_BATCH],
      );
      if (rows.length === 0) break;
      const lines = rows.map((row) =>
        [
          new Date(row.at).toISOString(),
          row.actor_name ?? '',
          row.actor_role ?? '',
          row.client_ip ?? '',
          row.action,
          row.target_type ?? '',
          row.target_id ?? '',
          Object.keys(row.changes ?? {}).length ? JSON.stringify(row.changes) : '',
        ]
          .map(csvCell)
          .join(','),
      );
      await write(lines.join('\r\n') + '\r\n');
      const last = rows[rows.length - 1];
      after = { at: last.at, id: last.id };
      if (rows.length < EXPORT_BATCH) break;
    }
  }

  /**
   * An erasure, in its transaction `tx`: every string in a row's short before/after that quotes one
   * of `literals` (a person's names and addresses, any case) has it replaced by 'erased'. The only
   * change the log allows: the migration's trigger lets an UPDATE of `changes` alone through while
   * `maison.erasure` is on, which is set here for these statements only. Answers the rows changed.
   */
  async redact(tx: EntityManager, literals: string[]): Promise<number> {
    const quoted = literals.filter((literal) => literal.length >= 3);
    if (quoted.length === 0) return 0;
    const patterns = quoted.map((literal) => `%${escapeLike(literal)}%`);
    const rows = await tx.execute<Array<{ id: string; changes: unknown }>>(
      `select id, changes from audit_log where changes::text ilike any(?::text[]) for update`,
      [pgTextArray(patterns)],
    );
    if (rows.length === 0) return 0;
    // Whole words only: a name is not taken out of a longer word.
    const alternatives = quoted.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    const matcher = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'giu');
    const scrub = (value: unknown): unknown => {
      if (typeof value === 'string') return value.replace(matcher, 'erased');
      if (Array.isArray(value)) return value.map(scrub);
      if (value && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item)]));
      }
      return value;
    };
    await tx.execute(`set local maison.erasure = 'on'`);
    await tx.execute(
      `update audit_log a set changes = r.changes
         from jsonb_to_recordset(?::jsonb) as r(id bigint, changes jsonb) where a.id = r.id`,
      [JSON.stringify(rows.map((row) => ({ id: row.id, changes: scrub(row.changes) })))],
    );
    await tx.execute(`set local maison.erasure = 'off'`);
    return rows.length;
  }

  /** Runs `fn` with this actor and address as the scope record() reads. */
  runAs<T>(actor: AuditActor | null, ip: string | null, fn: () => T): T {
    return runAs(actor, ip, fn);
  }

  private async insert(
    em: EntityManager,
    actor: AuditActor | null,
    ip: string | null,
    entry: AuditRecord,
  ): Promise<void> {
    await em.execute(
      INSERT,
      [
        actor?.id ?? null,
        actor ? (actor.displayName ?? actor.username) : null,
        actor?.role ?? null,
        // An IPv4 client on a dual-stack socket reads as '::ffff:192.0.2.1': the log keeps the address.
        ip?.replace(/^::ffff:(?=\d+\.)/, '') ?? null,
        entry.action,
        entry.target?.type ?? null,
        entry.target ? String(entry.target.id) : null,
        JSON.stringify(entry.changes ?? {}),
      ],
      'run',
    );
  }
}
