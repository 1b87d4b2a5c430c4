import type { JobName, JobPayloads } from './job-payloads';

/** An SQL expression yielding a value of type T: the text is PostgreSQL's, the type the compiler's. */
export interface SqlValue<T> {
  readonly sql: string;
  /** Never set: carries T, so an expression of another type does not fit a payload field. */
  readonly valueType?: T;
}

export function sqlValue<T>(sql: string): SqlValue<T> {
  return { sql };
}

/** One SQL expression per field of a job's payload, every field present and none else. */
export type SqlPayload<N extends JobName> = { readonly [K in keyof JobPayloads[N]]-?: SqlValue<JobPayloads[N][K]> };

/**
 * The outbox rows of a statement that writes its side effects itself (one round trip for a hot
 * path, e.g. the waitlist sign-up): one `name` job per row of `rows`, on the queue `queue` (an SQL
 * expression, usually a parameter filled with jobQueue(name)). Built from the job map's types, so
 * renaming the job or changing its payload fails to compile, as with OutboxService.add.
 */
export function outboxInsertSql<N extends JobName>(
  name: N,
  payload: SqlPayload<N>,
  from: { queue: string; rows: string },
): string {
  const fields = Object.entries(payload as Record<string, SqlValue<unknown>>)
    .map(([field, value]) => `${quote(field)}, ${value.sql}`)
    .join(', ');
  return (
    `insert into outbox_messages (id, queue, job_name, payload, delay_ms, created_at)\n` +
    `     select gen_random_uuid(), ${from.queue}, ${quote(name)}, jsonb_build_object(${fields}), 0, now()\n` +
    `       from ${from.rows}`
  );
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
