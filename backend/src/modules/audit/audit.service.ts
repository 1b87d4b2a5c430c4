import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { currentAuditScope, runAs, type AuditActor } from './audit-scope';

/** What happened, as a caller describes it; who and from where come from the scope (or recordAs). */
export interface AuditRecord {
  /** A dotted name: 'vendor.create', 'payment.refund', 'admin.sign-in-failed'. */
  action: string;
  target?: { type: string; id: string };
  /** A short before/after of the fields changed: `{ status: ['pending', 'active'] }`. No secrets, no bodies. */
  changes?: Record<string, [unknown, unknown]>;
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

  /**
   * Writes a row for an actor named explicitly (a sign-in, before any scope exists; null for a
   * failed attempt with no account), in `tx` when given, else on its own.
   */
  async recordAs(actor: AuditActor | null, ip: string | null, entry: AuditRecord, tx?: EntityManager): Promise<void> {
    await this.insert(tx ?? this.em.fork(), actor, ip, entry);
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
        ip,
        entry.action,
        entry.target?.type ?? null,
        entry.target ? String(entry.target.id) : null,
        JSON.stringify(entry.changes ?? {}),
      ],
      'run',
    );
  }
}
