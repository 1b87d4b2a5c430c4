import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One staff action in the audit log. Written only by AuditService with SQL inside the caller's
 * transaction; the table refuses UPDATE, DELETE and TRUNCATE (see the migration's trigger), so
 * this entity is for reading.
 */
@Entity({ tableName: 'audit_log' })
@Index({ name: 'audit_log_at_idx', expression: 'create index audit_log_at_idx on audit_log (at desc, id desc)' })
@Index({
  name: 'audit_log_actor_idx',
  expression: 'create index audit_log_actor_idx on audit_log (actor_id, at desc, id desc)',
})
@Index({
  name: 'audit_log_action_idx',
  expression: 'create index audit_log_action_idx on audit_log (action, at desc, id desc)',
})
@Index({
  name: 'audit_log_target_idx',
  expression: 'create index audit_log_target_idx on audit_log (target_type, target_id, at desc, id desc)',
})
export class AuditEntry {
  [OptionalProps]?: 'at' | 'changes';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  at: Date;

  @Property({ type: 'uuid', nullable: true })
  actorId: string | null;

  @Property({ type: 'text', nullable: true })
  actorName: string | null;

  @Property({ type: 'text', nullable: true })
  actorRole: string | null;

  @Property({ type: 'text', nullable: true })
  clientIp: string | null;

  @Property({ type: 'text' })
  action: string;

  @Property({ type: 'text', nullable: true })
  targetType: string | null;

  @Property({ type: 'text', nullable: true })
  targetId: string | null;

  @Property({ type: 'jsonb', defaultRaw: `'{}'` })
  changes: Record<string, [unknown, unknown]>;
}
