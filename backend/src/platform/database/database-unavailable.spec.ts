import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a database that refuses, resets, shuts down or is full', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '08006', '08001', '57P01', '57P03', '53300']) {
      expect([code, isDatabaseUnavailable(withCode(code))]).toEqual([code, true]);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('Knex: Timeout acquiring a connection'), { name: 'KnexTimeoutError' }),
      ),
    ).toBe(true);
  });

  it('looks through the errors that wrap the driver’s (MikroORM’s previous, cause)', () => {
    const driver = withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    expect(isDatabaseUnavailable(Object.assign(new Error('wrapped'), { previous: driver }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: driver }))).toBe(true);
  });

  it('does not take a statement’s own failure for an outage', () => {
    for (const code of ['23505', '23503', '42601', '22P02', '22021', '40001', '08P01']) {
      expect([code, isDatabaseUnavailable(withCode(code))]).toEqual([code, false]);
    }
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
