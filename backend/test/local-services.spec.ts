import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOwnPostgres } from './support/own-postgres';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const services = require('../../infra/lib/services.cjs');

/** Runs `fn` with some environment variables changed, then puts them back. */
async function withEnv<T>(changes: Record<string, string | undefined>, fn: () => Promise<T> | T): Promise<T> {
  const saved = Object.fromEntries(Object.keys(changes).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(changes);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

describe('finding local services (infra/lib/services.cjs)', () => {
  let postgres: Awaited<ReturnType<typeof startOwnPostgres>>;
  const databases = () =>
    services
      .pgQuery(postgres.url, 'select datname from pg_database order by datname')
      .then((r: { rows: Array<{ datname: string }> }) => r.rows.map((row) => row.datname));

  beforeAll(async () => {
    postgres = await startOwnPostgres(await services.freePort());
    await services.pgQuery(postgres.url, 'create database maison_fortuna');
  }, 60_000);
  afterAll(() => postgres?.remove());

  it('never drops a database that is not a test, e2e or bench one', async () => {
    const real = services.withDatabase(postgres.url, 'maison_fortuna');
    await expect(services.ensureDatabase(real, { fresh: true })).rejects.toThrow(
      'Refusing to drop database "maison_fortuna": only test, e2e and bench databases (mf_test_*, mf_e2e_*, mf_bench_*) are ever dropped',
    );
    await expect(services.dropDatabase(real)).rejects.toThrow(/Refusing to drop database "maison_fortuna"/);
    expect(await databases()).toContain('maison_fortuna');

    const disposable = services.withDatabase(postgres.url, 'mf_e2e_123_abc');
    await services.ensureDatabase(disposable, { fresh: true });
    await services.ensureDatabase(disposable, { fresh: true });
    await services.dropDatabase(disposable);
    expect(await databases()).not.toContain('mf_e2e_123_abc');
  });

  it('uses an existing database without the maintenance database, as a managed service requires', async () => {
    const admin = services.withDatabase(postgres.url, 'maison_fortuna');
    await services.pgQuery(postgres.url, "create role app login password 'app-password' nocreatedb");
    await services.pgQuery(postgres.url, 'revoke connect on database postgres from public');
    await services.pgQuery(admin, 'grant connect on database maison_fortuna to app');
    const asApp = (database: string) =>
      `postgres://app:app-password@127.0.0.1:${new URL(postgres.url).port}/${database}`;

    await expect(services.ensureDatabase(asApp('maison_fortuna'))).resolves.toBeUndefined();
    expect((await services.findPostgres(asApp('maison_fortuna'))).kind).toBe('configured');
    // A missing database is created through the maintenance database, which this role may not use.
    await expect(services.ensureDatabase(asApp('maison_other'))).rejects.toThrow(
      /permission denied for database "postgres"/,
    );
    await services.pgQuery(postgres.url, 'grant connect on database postgres to public');
  });

  it('puts the test database on the server of DATABASE_URL, and Redis on its own database number', async () => {
    const redisServer = new URL(process.env.REDIS_URL as string);
    redisServer.pathname = '/0';
    const expectedRedis = new URL(redisServer);
    expectedRedis.pathname = '/1';
    const found = await withEnv(
      {
        SKIP_DOTENV: '1',
        TEST_DATABASE_URL: undefined,
        TEST_REDIS_URL: undefined,
        DATABASE_URL: services.withDatabase(postgres.url, 'maison_fortuna'),
        REDIS_URL: redisServer.toString(),
      },
      () => services.findTestServices({ database: 'mf_test_servers', redisDb: 1 }),
    );
    expect(found.databaseUrl).toBe(services.withDatabase(postgres.url, 'mf_test_servers'));
    expect(found.redisUrl).toBe(expectedRedis.toString());
    expect(await databases()).toContain('mf_test_servers');
    await services.dropDatabase(found.databaseUrl);
  });

  describe('.env', () => {
    let dir: string;
    let file: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'mf-dotenv-'));
      file = join(dir, '.env');
      writeFileSync(
        file,
        'MF_DOTENV_A=from-file\nMF_DOTENV_B=from-file\nMF_DOTENV_C=from-file\n# MF_DOTENV_D=commented\n',
      );
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('fills in only what the environment does not set, even to empty', async () => {
      await withEnv(
        { MF_DOTENV_A: undefined, MF_DOTENV_B: '', MF_DOTENV_C: 'from-env', MF_DOTENV_D: undefined },
        () => {
          services.loadDotEnv(file);
          expect(process.env.MF_DOTENV_A).toBe('from-file');
          expect(process.env.MF_DOTENV_B).toBe('');
          expect(process.env.MF_DOTENV_C).toBe('from-env');
          expect(process.env.MF_DOTENV_D).toBeUndefined();
        },
      );
    });

    it('is ignored entirely with SKIP_DOTENV=1', async () => {
      await withEnv({ SKIP_DOTENV: '1', MF_DOTENV_A: undefined }, () => {
        services.loadDotEnv(file);
        expect(process.env.MF_DOTENV_A).toBeUndefined();
      });
    });
  });
});
