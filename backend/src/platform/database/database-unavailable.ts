/** The fields read off an error and the errors it wraps (`cause`; MikroORM's `previous`). */
interface Cause {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: Cause;
  previous?: Cause;
}

/** Socket errors: the database's address refuses, resets or does not answer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own words for "not now": class 08 (connection exception) but for 08P01, shutting
 * down or starting up (57P01 to 57P03), too many connections (53300). 08P01, a protocol
 * violation, is the server refusing a statement it cannot read (a NUL inside the SQL text): an
 * error of ours, never an outage.
 */
const SQLSTATE_UNAVAILABLE = /^(08(000|001|003|004|006|007)|57P0[123]|53300)$/;

/** pg's messages for a connection that ended under it, which carry no code. */
const ENDED = /^Connection (terminated|ended) unexpectedly|^Connection terminated$/;

/**
 * True for the errors that mean PostgreSQL cannot be reached right now, whichever layer raised
 * them (pg, knex's pool, MikroORM's DriverException, which keeps the driver's code), and not for
 * the database's answers to a statement (a constraint, a syntax error).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Read by shape, not `instanceof Error`: the socket's errors come from Node's own realm.
  let current = error as Cause | undefined;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 4; depth += 1) {
    const { code, name, message } = current;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
    if (name === 'KnexTimeoutError' || (typeof message === 'string' && ENDED.test(message))) return true;
    current = current.cause ?? current.previous;
  }
  return false;
}
