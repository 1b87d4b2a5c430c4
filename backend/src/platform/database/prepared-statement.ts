import type { EntityManager } from '@mikro-orm/postgresql';

/** The part of a pg client this module uses (knex's pool holds pg clients). */
interface PgClient {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

interface KnexPoolClient {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(connection: PgClient): Promise<void>;
}

/**
 * A statement PostgreSQL parses and plans once per connection, then only executes: `text` is
 * sent with `name` the first time a pooled connection runs it, and by name alone afterwards.
 * For a hot write that is most of the database's work per call (the sign-up's three-insert
 * statement; bench:waitlist and the README say how much). Placeholders are pg's `$1`, `$2`, ...; the connection comes from the ORM's
 * own pool, and goes back to it whatever the outcome.
 */
export class PreparedStatement<R> {
  constructor(
    readonly name: string,
    readonly text: string,
  ) {}

  async run(em: EntityManager, values: unknown[]): Promise<R[]> {
    const client = em.getConnection().getKnex().client as unknown as KnexPoolClient;
    const connection = await client.acquireConnection();
    try {
      const { rows } = await connection.query<R>({ name: this.name, text: this.text, values });
      return rows;
    } finally {
      await client.releaseConnection(connection);
    }
  }
}
