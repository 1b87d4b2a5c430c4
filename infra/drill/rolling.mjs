#!/usr/bin/env node
/**
 * `npm run drill:rolling` (issue 32, section 3): a rolling deploy under load, on this machine.
 * Two api processes behind a local nginx (the house config, infra/nginx.conf) and two workers, on
 * a fresh database and a Redis database and prefix of their own, migrated once by migrate.js and
 * started with MIGRATE_ON_START=0 as replicas are. While members stream concierge replies, sign-ups
 * arrive (5 a second) and an invitation run is sent, each api is stopped with SIGTERM and started
 * again in turn, then each worker, then one worker is killed with SIGKILL (and started again).
 *
 * The aims: every accepted sign-up stored once and welcomed by one email; every invitation sent
 * once (the SMTP sink here counts per recipient), none twice; an email the SIGKILL cut mid-send
 * reads 'unknown' (the server may have taken it: the app never sends it again on its own, so it
 * cannot go twice; staff decide) and is counted apart, never as lost; every reply completes with `done`, its frame ids
 * 1..n with none lost or doubled and its deltas joined equal to the final message (a reader told to
 * reconnect, or whose connection dropped, resumes from its last frame id through nginx, as the
 * concierge page does); no 502 or 503 from nginx (counted by the clients and in nginx's access log);
 * every process stopped with SIGTERM exits by itself within the grace. Exit code 1 when one misses.
 *
 *   npm run drill:rolling                   the full drill (DRILL_SECONDS of load, 60 by default)
 *   npm run drill:rolling -- --short        one restart of each kind, lighter load (npm test -- drill)
 *   npm run drill:rolling -- --json         the report as JSON on stdout (progress on stderr)
 *   npm run drill:rolling -- --json=FILE    the table on stdout, the JSON written to FILE
 *
 * BENCH_KEEP_DATABASE=1 keeps the database (and the temp folder with every process's log).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, ROOT } from '../lib/prepare.mjs';
import {
  readEventStream,
  services,
  sleep,
  startNginx,
  startServer,
  startSmtpSink,
  table,
  waitReady,
  writeNginxConfig,
} from './support.mjs';

const argv = process.argv.slice(2);
const SHORT = argv.includes('--short');
const jsonArg = argv.find((a) => a === '--json' || a.startsWith('--json='));
const JSON_STDOUT = jsonArg === '--json';
const JSON_FILE = jsonArg?.startsWith('--json=') ? jsonArg.slice('--json='.length) : null;

const PLAN = SHORT
  ? {
      form: 'short',
      seconds: 30,
      sessions: 6,
      invitations: 100,
      steps: [
        { kind: 'api', index: 0, signal: 'SIGTERM' },
        { kind: 'worker', index: 0, signal: 'SIGTERM' },
        { kind: 'worker', index: 1, signal: 'SIGKILL' },
      ],
    }
  : {
      form: 'full',
      seconds: Number(process.env.DRILL_SECONDS || 60),
      sessions: 20,
      invitations: 300,
      steps: [
        { kind: 'api', index: 0, signal: 'SIGTERM' },
        { kind: 'api', index: 1, signal: 'SIGTERM' },
        { kind: 'worker', index: 0, signal: 'SIGTERM' },
        { kind: 'worker', index: 1, signal: 'SIGTERM' },
        { kind: 'worker', index: 0, signal: 'SIGKILL' },
      ],
    };
const SIGN_UPS_PER_SECOND = 5;
const GRACE_MS = 15_000;
/** The offline concierge's pause between pieces: a reply lasts a few seconds, so restarts land mid-reply. */
const PIECE_DELAY_MS = 40;
/** A relay a few milliseconds away: a worker stopped mid-run has sends in flight. */
const SMTP_DELAY_MS = Number(process.env.DRILL_SMTP_DELAY_MS || 20);
/** A reader resumes a reply at most this many times before it is counted as broken. */
const MAX_RESUMES = 10;
/**
 * A reply's frames come every PIECE_DELAY_MS: a stream that sends none for this long is stuck (its
 * writer went away without a last frame), and is counted as broken rather than waited on.
 */
const STALL_MS = 20_000;
const CONCIERGE_PASSWORD = 'drill-concierge-password';
const ADMIN = { username: 'admin', password: 'drill-admin-password' };
const ADMIN_AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

const out = JSON_STDOUT ? process.stderr : process.stdout;
const started = Date.now();
const say = (message) => out.write(`[drill ${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s] ${message}\n`);

/** Everything the clients saw through nginx. */
const seen = { statuses: new Map(), connectionErrors: 0, fiveOhs: [] };

/** A request through nginx, its status counted (502 and 503 noted with their path and time). */
async function through(base, path, init = {}) {
  try {
    const response = await fetch(`${base}${path}`, { ...init, signal: init.signal ?? AbortSignal.timeout(60_000) });
    seen.statuses.set(response.status, (seen.statuses.get(response.status) ?? 0) + 1);
    if (response.status === 502 || response.status === 503) {
      seen.fiveOhs.push({ status: response.status, path: path.replace(/\?.*$/, ''), at: Date.now() - started });
    }
    return response;
  } catch (error) {
    seen.connectionErrors += 1;
    throw error;
  }
}

async function adminCall(base, method, path, body) {
  const response = await through(base, `/api${path}`, {
    method,
    headers: { authorization: ADMIN_AUTH, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.error ?? ''}`);
  return json.data;
}

// --- Members streaming concierge replies -------------------------------------------------------

const MESSAGES = [
  'A table for four at a Michelin restaurant in Monaco on Saturday evening',
  'A yacht for the Monaco Grand Prix weekend, for ten guests',
  'A villa in Capri for a week in July, with a chef',
  'A private jet from Geneva to Nice tomorrow morning for two',
  'Tickets for the opera in Milan next month, the best box available',
];

/**
 * One reply as the concierge page reads it: POST /api/chat/stream, then, on a `reconnect` frame or
 * a dropped connection, GET /api/chat/stream/:id?after=<last frame id> through nginx (to whichever
 * api answers), until `done` or `error`. Every frame is kept, to check the reply afterwards.
 */
async function streamOneReply(base, cookie, threadId, text, replies) {
  const reply = {
    id: null,
    frameIds: [],
    deltas: '',
    done: null,
    error: null,
    reconnectFrames: 0,
    drops: 0,
    resumes: 0,
    upstreams: [],
    /** Being read: its last upstream is the api writing it to this reader. */
    reading: true,
  };
  const upstreamOf = (response) =>
    (response.headers.get('x-drill-upstream') ?? '').split(',').pop().trim() || 'unknown';
  // Each connection has a watchdog, pushed back by every frame.
  let watchdog = null;
  const open = (path, init) => {
    const controller = new AbortController();
    watchdog = { controller, stalled: false, timer: null };
    const current = watchdog;
    current.poke = () => {
      clearTimeout(current.timer);
      current.timer = setTimeout(() => {
        current.stalled = true;
        controller.abort();
      }, STALL_MS);
    };
    current.poke();
    return through(base, path, { ...init, signal: controller.signal });
  };
  let response = await open('/api/chat/stream', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ threadId, userMessageId: randomUUID(), message: text }),
  }).catch(() => null);
  if (!response || !response.ok) {
    // Not started: nothing to resume (the refusal itself is counted by `through`).
    await response?.body?.cancel().catch(() => undefined);
    return { started: false, status: response?.status ?? 'connection error' };
  }
  replies.push(reply);
  reply.id = response.headers.get('x-message-id');
  reply.upstreams.push(upstreamOf(response));
  for (;;) {
    let told = false;
    try {
      await readEventStream(response.body, (frame) => {
        watchdog.poke();
        if (frame.event === 'reconnect') {
          told = true;
          reply.reconnectFrames += 1;
          return;
        }
        if (frame.id !== null) reply.frameIds.push(frame.id);
        const data = JSON.parse(frame.data || '{}');
        if (frame.event === 'delta') reply.deltas += data.content ?? '';
        else if (frame.event === 'done') reply.done = data.message ?? {};
        else if (frame.event === 'error') reply.error = data.error ?? 'error';
      });
    } catch {
      // The connection dropped (counted below, as an end no frame announced is), or stalled.
    }
    clearTimeout(watchdog.timer);
    if (watchdog.stalled && !reply.done && !reply.error) {
      reply.error = `stalled: no frame for ${STALL_MS / 1000} s after frame ${reply.frameIds.at(-1) ?? 0} (${upstreamOf(response)})`;
    }
    if (reply.done || reply.error) break;
    if (!told) reply.drops += 1;
    if (!reply.id || reply.resumes >= MAX_RESUMES) {
      reply.error = reply.id ? 'too many resumes' : 'no X-Message-Id to resume with';
      break;
    }
    reply.resumes += 1;
    const after = reply.frameIds.length ? reply.frameIds[reply.frameIds.length - 1] : 0;
    response = null;
    for (let attempt = 0; attempt < 20 && !response; attempt += 1) {
      const tried = await open(`/api/chat/stream/${reply.id}?after=${after}`, { headers: { cookie } }).catch(
        () => null,
      );
      if (tried?.ok) response = tried;
      else {
        await tried?.body?.cancel().catch(() => undefined);
        await sleep(200);
      }
    }
    if (!response) {
      clearTimeout(watchdog.timer);
      reply.error = 'could not resume';
      break;
    }
    reply.upstreams.push(upstreamOf(response));
  }
  reply.reading = false;
  return { started: true };
}

/** A member: a house-password session, streaming one reply after another, four per thread. */
async function member(base, index, state) {
  let cookie = null;
  for (let attempt = 0; attempt < 20 && !cookie; attempt += 1) {
    const response = await through(base, '/api/concierge/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: CONCIERGE_PASSWORD }),
    }).catch(() => null);
    if (response?.ok) cookie = response.headers.get('set-cookie').split(';')[0];
    else await sleep(250);
  }
  if (!cookie) throw new Error(`Member ${index} could not open a concierge session`);
  let threadId = null;
  for (let n = 0; !state.stopping; n += 1) {
    if (n % 4 === 0) {
      const id = randomUUID();
      const opened = await through(base, '/api/concierge/threads', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ id, title: `Drill member ${index}` }),
      }).catch(() => null);
      await opened?.body?.cancel().catch(() => undefined);
      if (!opened?.ok) {
        state.threadRefusals += 1;
        await sleep(250);
        n -= 1;
        continue;
      }
      threadId = id;
    }
    const result = await streamOneReply(base, cookie, threadId, MESSAGES[(index + n) % MESSAGES.length], state.replies);
    if (!result.started) {
      state.refusedStarts.push(result.status);
      await sleep(250);
    }
  }
}

/** Checks each reply: `done`, frame ids 1..n once each, the deltas joined equal to the final message. */
function checkReplies(replies) {
  const summary = {
    started: replies.length,
    completed: 0,
    incomplete: 0,
    errors: [],
    lostFrames: 0,
    doubledFrames: 0,
    contentMismatches: 0,
    told: 0,
    dropped: 0,
    resumed: 0,
    resumedOnOther: 0,
    resumedButBroken: 0,
    broken: [],
  };
  for (const r of replies) {
    const distinct = new Set(r.frameIds);
    const highest = r.frameIds.length ? Math.max(...r.frameIds) : 0;
    summary.doubledFrames += r.frameIds.length - distinct.size;
    summary.lostFrames += highest - distinct.size;
    const inOrder = r.frameIds.every((id, i) => id === i + 1);
    const complete = r.done !== null && !r.error && inOrder;
    if (complete) summary.completed += 1;
    else {
      summary.incomplete += 1;
      const why = r.error ?? (r.done ? 'frames out of order' : 'ended without done');
      summary.errors.push(why);
      summary.broken.push({ messageId: r.id, why, frames: r.frameIds.length, upstreams: r.upstreams });
    }
    if (r.done && r.done.content !== r.deltas) summary.contentMismatches += 1;
    if (r.reconnectFrames > 0) summary.told += 1;
    if (r.drops > 0) summary.dropped += 1;
    if (r.resumes > 0) {
      summary.resumed += 1;
      if (r.upstreams.slice(1).some((u) => u !== r.upstreams[0])) summary.resumedOnOther += 1;
      if (!complete) summary.resumedButBroken += 1;
    }
  }
  summary.errors = [...new Set(summary.errors)];
  return summary;
}

// --- Sign-ups ----------------------------------------------------------------------------------

/** 5 sign-ups a second, each with an email of its own; the accepted ones (200) are kept. */
function startSignUps(base, runId) {
  const state = { sent: 0, accepted: [], refused: [], statuses: new Map(), pending: new Set() };
  const timer = setInterval(() => {
    const n = (state.sent += 1);
    const email = `drill-${runId}-${n}@signup.example.com`;
    const request = through(base, '/api/waitlist', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, fullName: `Drill Guest ${n}`, consent: true, source: 'drill' }),
    })
      .then(async (response) => {
        await response.body?.cancel().catch(() => undefined);
        state.statuses.set(response.status, (state.statuses.get(response.status) ?? 0) + 1);
        if (response.status === 200) state.accepted.push(email);
        else state.refused.push(email);
      })
      .catch(() => state.refused.push(email))
      .finally(() => state.pending.delete(request));
    state.pending.add(request);
  }, 1000 / SIGN_UPS_PER_SECOND);
  return {
    state,
    stop: async () => {
      clearInterval(timer);
      await Promise.all([...state.pending]);
    },
  };
}

// --- The drill ---------------------------------------------------------------------------------

async function main() {
  await ensureBuilt({ only: ['backend'] });
  const runId = randomBytes(3).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'mf-drill-'));
  const pg = await services.findPostgres(process.env.DATABASE_URL);
  const redis = await services.findRedis(process.env.REDIS_URL);
  const databaseUrl = services.withDatabase(pg.url, `mf_bench_drill_${runId}`);
  // Its own Redis database (3: the tests use 1 and 2) and prefix, so nothing touches anyone's keys.
  const redisUrl = new URL(redis.url);
  redisUrl.pathname = '/3';
  const redisPrefix = `mfdrill${runId}`;
  const sink = await startSmtpSink({ delayMs: SMTP_DELAY_MS });
  const processes = { api: [], worker: [], nginx: null };
  let failed = false;
  const cleanUp = async () => {
    const all = [...processes.api, ...processes.worker].filter(Boolean);
    for (const p of all) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    processes.nginx?.kill('SIGQUIT');
    await Promise.race([Promise.all(all.map((p) => p.exited)), sleep(GRACE_MS + 2000)]);
    for (const p of all) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    processes.nginx?.kill('SIGKILL');
    await sink.close();
    if (process.env.BENCH_KEEP_DATABASE === '1') {
      say(`kept: database ${services.hidden(databaseUrl)}, logs in ${dir}`);
    } else {
      await services.dropDatabase(databaseUrl).catch(() => undefined);
      await services.deleteRedisKeys(redisUrl.toString(), redisPrefix).catch(() => undefined);
      if (!failed) rmSync(dir, { recursive: true, force: true });
      else say(`the processes' logs are kept in ${dir}`);
    }
  };
  // Stopped (Ctrl-C) or crashed: the processes, nginx and the database go all the same.
  const interrupted = (reason) => {
    failed = true;
    if (reason instanceof Error) process.stderr.write(`${reason.stack}\n`);
    cleanUp().finally(() => process.exit(reason instanceof Error ? 1 : 130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  process.once('uncaughtException', interrupted);

  try {
    await services.ensureDatabase(databaseUrl, { fresh: true });
    const apiPorts = [await services.freePort(), await services.freePort()];
    const nginxPort = await services.freePort();
    const base = `http://127.0.0.1:${nginxPort}`;
    const env = {
      NODE_ENV: 'production',
      SKIP_DOTENV: '1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '5',
      REDIS_URL: redisUrl.toString(),
      REDIS_PREFIX: redisPrefix,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      FRONTEND_DIST: '',
      STORAGE_DIR: join(dir, 'media'),
      APP_URL: base,
      SMTP_URL: sink.url,
      CONCIERGE_PASSWORD,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      OPENAI_API_KEY: '',
      OFFLINE_REPLY_PIECE_DELAY_MS: String(PIECE_DELAY_MS),
      // Replicas: migrations are their own step (below); nginx is the only proxy in front.
      MIGRATE_ON_START: '0',
      SHUTDOWN_DELAY_MS: '0',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      TRUST_PROXY: '1',
      // Every client is 127.0.0.1: limits far above what the drill sends.
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
      RATE_LIMIT_CHAT_PER_SESSION_PER_MINUTE: '1000000',
      RATE_LIMIT_CHAT_PER_ADDRESS_PER_MINUTE: '1000000',
      STREAMS_PER_SESSION: '1000',
      STREAMS_PER_ADDRESS: '100000',
      // Two workers on one machine: no /metrics port for either (they would both take 9464).
      METRICS_PORT: '0',
    };

    say(`migrating ${services.hidden(databaseUrl)} (migrate.js, once)`);
    const migrate = startServer({ name: 'migrate', script: 'backend/dist/src/migrate.js', env, dir });
    const migrated = await migrate.exited;
    if (migrated.code !== 0) throw new Error(`migrate.js failed (${migrate.log})`);

    const generation = { api: [0, 0], worker: [0, 0] };
    const startApi = (i) =>
      (processes.api[i] = startServer({
        name: `api${i}-${generation.api[i]++}`,
        script: 'backend/dist/src/main.js',
        env: { ...env, PORT: String(apiPorts[i]) },
        dir,
      }));
    const startWorker = (i) =>
      (processes.worker[i] = startServer({
        name: `worker${i}-${generation.worker[i]++}`,
        script: 'backend/dist/src/worker.js',
        env,
        dir,
      }));
    say(`starting api on ${apiPorts.join(' and ')}, two workers, nginx on ${nginxPort}`);
    startApi(0);
    startApi(1);
    startWorker(0);
    startWorker(1);
    await Promise.all(apiPorts.map((port) => waitReady(port)));
    const config = writeNginxConfig({ dir, port: nginxPort, apiPorts, root: join(ROOT, 'frontend', 'dist') });
    processes.nginx = await startNginx({ dir, config, port: nginxPort });
    // A worker is up once it has said so in its log.
    const workerUp = async (p) => {
      for (let i = 0; i < 1200; i += 1) {
        if (existsSync(p.log) && readFileSync(p.log, 'utf8').includes('worker started')) return;
        if (p.child.exitCode !== null) throw new Error(`${p.name} stopped at start (${p.log})`);
        await sleep(100);
      }
      throw new Error(`${p.name} did not start (${p.log})`);
    };
    await Promise.all(processes.worker.map(workerUp));

    // The invitation run's guests, waiting on the waitlist under a campaign of their own (the
    // sign-ups of the drill have none, so they are not invited).
    const campaign = `drill-${runId}`;
    await services.pgQuery(
      databaseUrl,
      `insert into waitlist_entries (id, email, full_name, consent, source, utm_campaign, created_at)
       select gen_random_uuid(), 'guest-' || n || '@invited.example.com', 'Guest ' || n, true, 'landing', $2,
              now() - make_interval(secs => n)
         from generate_series(1, $1::int) as n`,
      [PLAN.invitations, campaign],
    );
    const guests = Array.from({ length: PLAN.invitations }, (_, i) => `guest-${i + 1}@invited.example.com`);
    const event = await adminCall(base, 'POST', '/admin/events', {
      name: 'The Riviera Launch',
      description: 'An evening on the terrace to open the season.',
      eventType: 'launch_party',
      date: '2037-12-12',
      startTime: '19:00',
      endTime: '23:00',
      venue: 'Hôtel de Paris',
      venueAddress: 'Place du Casino',
      city: 'Monte-Carlo',
      state: 'Monaco',
      country: 'Monaco',
      zipCode: '98000',
      capacity: 5000,
      ticketPrice: 0,
      currency: 'EUR',
      isPrivate: true,
      dresscode: 'Black tie',
      organizer: 'Maison Fortuna',
      organizerContact: 'events@maisonfortuna.local',
      status: 'published',
    });

    // The load.
    say(
      `load: ${PLAN.sessions} members streaming replies, ${SIGN_UPS_PER_SECOND} sign-ups a second, for ${PLAN.seconds} s at least`,
    );
    const chat = { stopping: false, replies: [], refusedStarts: [], threadRefusals: 0 };
    const members = Array.from({ length: PLAN.sessions }, (_, i) => sleep(i * 150).then(() => member(base, i, chat)));
    const signUps = startSignUps(base, runId);
    const loadStarted = Date.now();
    await sleep(5000);

    // The restarts, one after another; the invitation run is asked for just before the first
    // worker's, so workers stop and die in the middle of it.
    const restarts = [];
    let invitationRun = null;
    for (const step of PLAN.steps) {
      if (step.kind === 'worker' && !invitationRun) {
        say(`invitation run: ${PLAN.invitations} guests of the waitlist invited to event ${event.id}`);
        invitationRun = await adminCall(base, 'POST', '/admin/invitations/from-waitlist', {
          eventId: event.id,
          allMatching: true,
          utmCampaign: campaign,
          maxGuests: 2,
        });
        await sleep(300);
      }
      const current = processes[step.kind][step.index];
      if (step.kind === 'api') {
        // An api is stopped while it writes replies to readers (the point of the drill), not in a
        // lull between them: up to 10 s for one to be open on it.
        const address = `127.0.0.1:${apiPorts[step.index]}`;
        const busy = () => chat.replies.some((r) => r.reading && r.upstreams.at(-1) === address);
        for (const until = Date.now() + 10_000; !busy() && Date.now() < until;) await sleep(50);
      }
      say(`${step.signal} ${current.name}`);
      const signalled = Date.now();
      current.child.kill(step.signal);
      const ended = await Promise.race([current.exited, sleep(GRACE_MS + 10_000).then(() => null)]);
      const exitMs = Date.now() - signalled;
      if (!ended) current.child.kill('SIGKILL');
      const next = step.kind === 'api' ? startApi(step.index) : startWorker(step.index);
      if (step.kind === 'api') await waitReady(apiPorts[step.index]);
      else await workerUp(next);
      const restartMs = Date.now() - signalled;
      say(
        `  ${current.name} ended in ${exitMs} ms (${ended ? (ended.signal ?? `code ${ended.code}`) : 'still running: killed'}); ${next.name} ready ${restartMs} ms after the signal`,
      );
      restarts.push({
        process: current.name,
        signal: step.signal,
        exitMs,
        exit: ended ? (ended.signal ?? ended.code) : 'timeout',
        readyAfterMs: restartMs,
        // SIGTERM: it must end by itself within the grace (an api with code 0; a worker by the
        // signal Nest raises again after its shutdown hooks, or code 0). SIGKILL is a crash.
        clean:
          step.signal === 'SIGKILL' ||
          (ended !== null && exitMs <= GRACE_MS + 2000 && (ended.code === 0 || ended.signal === 'SIGTERM')),
      });
      // Give nginx time to take the restarted api back (fail_timeout) before the next one stops.
      await sleep(2500);
    }
    const left = PLAN.seconds * 1000 - (Date.now() - loadStarted);
    if (left > 0) await sleep(left);
    say('load over: members finish the replies they are reading');
    chat.stopping = true;
    await signUps.stop();
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    const membersDone = await Promise.race([
      Promise.allSettled(members).then(() => true),
      sleep(60_000).then(() => false),
    ]);
    if (!membersDone) say('some replies were still open 60 s after the load: counted as incomplete');

    // Emails: wait until each expected recipient has its email, or its send reads 'unknown' (a
    // worker died mid-send: the app never sends it again on its own, so it could not go out twice).
    const accepted = signUps.state.accepted;
    const expected = [...accepted, ...guests];
    const deliveries = async () => {
      const { rows } = await services.pgQuery(
        databaseUrl,
        `select key, recipient, case when status = 'sending' and lease_expires_at < now() then 'unknown' else status end as status
           from email_deliveries where recipient = any($1::text[])`,
        [expected],
      );
      return rows;
    };
    const settle = async (timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const rows = await deliveries();
        const settled = new Set(rows.filter((r) => ['unknown', 'failed'].includes(r.status)).map((r) => r.recipient));
        const waiting = expected.filter((e) => sink.count(e) === 0 && !settled.has(e));
        if (waiting.length === 0 || Date.now() > deadline) return { rows, waiting };
        await sleep(500);
      }
    };
    say(`waiting for ${accepted.length} welcome emails and ${guests.length} invitations`);
    let { rows, waiting } = await settle(120_000);
    // A send the SIGKILL cut reads 'unknown': the mail server may or may not have taken it, and
    // the app never sends it again on its own (an administrator decides, seeing it). So the aim
    // is that no email goes twice, and each one goes once unless the kill cut it mid-send.
    const unknownKeys = new Set(rows.filter((r) => r.status === 'unknown').map((r) => r.recipient));
    // A late double would come within a moment of the rest.
    await sleep(2000);
    rows = await deliveries();

    // Sign-ups: each accepted one stored exactly once.
    const { rows: stored } = await services.pgQuery(
      databaseUrl,
      `select email, count(*)::int as n from waitlist_entries where email like $1 group by email`,
      [`drill-${runId}-%`],
    );
    const storedCount = new Map(stored.map((r) => [r.email, r.n]));
    const acceptedStoredOnce = accepted.filter((e) => storedCount.get(e) === 1).length;
    const refusedButStored = signUps.state.refused.filter((e) => storedCount.has(e)).length;
    const welcomeOnce = accepted.filter((e) => sink.count(e) === 1).length;
    const welcomeTwice = accepted.filter((e) => sink.count(e) > 1).length;
    const welcomeNone = accepted.filter((e) => sink.count(e) === 0);
    const unknownWelcome = rows.filter((r) => r.key.startsWith('waitlist.welcome:') && r.status === 'unknown').length;
    const welcomeLost = welcomeNone.filter((e) => !unknownKeys.has(e)).length;
    const invitedOnce = guests.filter((e) => sink.count(e) === 1).length;
    const invitedTwice = guests.filter((e) => sink.count(e) > 1).length;
    const invitedNone = guests.filter((e) => sink.count(e) === 0).length;
    const unknownInvitations = rows.filter(
      (r) => r.key.startsWith('invitation.send:') && r.status === 'unknown',
    ).length;
    const invitedLost = guests.filter((e) => sink.count(e) === 0 && !unknownKeys.has(e)).length;

    const replies = checkReplies(chat.replies);

    // nginx's own account: every answer of 502, 503 or 504 it gave. A connection an api refused
    // while stopping reads `502, 200` in the upstream statuses: passed on to the other api, which
    // answered; those are counted apart (they are the drain working, not an error a client saw).
    const access = readFileSync(join(dir, 'nginx-access.log'), 'utf8').trim().split('\n').filter(Boolean);
    const parsed = access.map((line) => {
      const [, status = '', upstreamStatus = ''] = /^\S+ (\d+) "[^"]*" \S+(?:, \S+)* (.*)$/.exec(line) ?? [];
      return { status, upstreamStatus };
    });
    const nginxFiveOhs = parsed.filter((l) => ['502', '503', '504'].includes(l.status));
    const passedOn = parsed.filter(
      (l) => !['502', '503', '504'].includes(l.status) && l.upstreamStatus.includes(','),
    ).length;
    const clientFiveOhs = seen.fiveOhs.length;

    const report = {
      form: PLAN.form,
      loadSeconds: Number(loadSeconds.toFixed(1)),
      sessions: PLAN.sessions,
      restarts,
      signUps: {
        sent: signUps.state.sent,
        accepted: accepted.length,
        refused: signUps.state.refused.length,
        statuses: Object.fromEntries(signUps.state.statuses),
        acceptedStoredOnce,
        refusedButStored,
        welcomeOnce,
        welcomeTwice,
        welcomeNone: welcomeNone.length,
        welcomeInterrupted: unknownWelcome,
        welcomeLost,
      },
      invitations: {
        asked: PLAN.invitations,
        created: invitationRun?.created ?? 0,
        sentOnce: invitedOnce,
        sentTwice: invitedTwice,
        notSent: invitedNone,
        interrupted: unknownInvitations,
        lost: invitedLost,
      },
      replies: {
        ...replies,
        refusedStarts: chat.refusedStarts.length,
        threadRefusals: chat.threadRefusals,
      },
      nginx: {
        clientFiveOhs,
        clientFiveOhPaths: seen.fiveOhs,
        accessLogFiveOhs: nginxFiveOhs.length,
        accessLogLines: access.length,
        passedToTheOtherApi: passedOn,
        connectionErrors: seen.connectionErrors,
        statuses: Object.fromEntries(seen.statuses),
      },
      emailsStillWaiting: waiting.length,
      smtpConnectionsReset: sink.resets,
    };
    const aims = [
      {
        name: 'sign-ups: every accepted one stored exactly once',
        measured: `${acceptedStoredOnce} of ${accepted.length}`,
        aim: 'all, > 0',
        met: accepted.length > 0 && acceptedStoredOnce === accepted.length,
      },
      {
        name: 'sign-ups: one welcome email each, none twice',
        measured: `${welcomeOnce} of ${accepted.length} once, ${welcomeTwice} twice, ${welcomeLost} lost (${unknownWelcome} cut mid-send by the SIGKILL: 'unknown' to staff)`,
        aim: 'all once but those cut; 0 twice, 0 lost',
        met: accepted.length > 0 && welcomeTwice === 0 && welcomeLost === 0,
      },
      {
        name: `invitations: ${PLAN.invitations} sent once each, none twice`,
        measured: `${invitedOnce} of ${invitationRun?.created ?? 0} once, ${invitedTwice} twice, ${invitedLost} lost (${unknownInvitations} cut mid-send by the SIGKILL: 'unknown' to staff)`,
        aim: 'all once but those cut; 0 twice, 0 lost',
        met: (invitationRun?.created ?? 0) === PLAN.invitations && invitedTwice === 0 && invitedLost === 0,
      },
      {
        name: 'replies: every one completes with done, text intact',
        measured: `${replies.completed} of ${replies.started} (${replies.contentMismatches} text mismatches)`,
        aim: 'all',
        met: replies.started > 0 && replies.completed === replies.started && replies.contentMismatches === 0,
      },
      {
        name: 'replies: frames lost / doubled',
        measured: `${replies.lostFrames} / ${replies.doubledFrames}`,
        aim: '0 / 0',
        met: replies.lostFrames === 0 && replies.doubledFrames === 0,
      },
      {
        name: 'replies: resumed on the other replica',
        measured: `${replies.resumedOnOther} of ${replies.resumed} resumed (${replies.told} told to reconnect, ${replies.dropped} dropped)`,
        aim: '> 0, all complete',
        met: replies.resumedOnOther > 0 && replies.resumedButBroken === 0,
      },
      {
        name: 'nginx 502/503: clients / access log',
        measured: `${clientFiveOhs} / ${nginxFiveOhs.length}${seen.connectionErrors ? ` (${seen.connectionErrors} connection errors)` : ''}`,
        aim: '0 / 0',
        met: clientFiveOhs === 0 && nginxFiveOhs.length === 0 && seen.connectionErrors === 0,
      },
      {
        name: 'SIGTERM: each process ends by itself within the grace',
        measured: restarts
          .filter((r) => r.signal === 'SIGTERM')
          .map((r) => `${r.process.replace(/-\d+$/, '')} ${(r.exitMs / 1000).toFixed(1)} s`)
          .join(', '),
        aim: `<= ${GRACE_MS / 1000} s`,
        met: restarts.every((r) => r.clean),
      },
    ];
    report.aims = aims;
    failed = aims.some((a) => !a.met);

    const rows2 = aims.map((a) => [a.name, a.measured, a.aim, a.met ? 'ok' : 'MISSED']);
    const text = [
      '',
      `Rolling-restart drill (${PLAN.form}): ${PLAN.sessions} members streaming, ${SIGN_UPS_PER_SECOND} sign-ups/s, ${PLAN.invitations} invitations, ${loadSeconds.toFixed(0)} s of load`,
      `  restarts: ${restarts.map((r) => `${r.signal} ${r.process} (ended ${(r.exitMs / 1000).toFixed(1)} s, back ${(r.readyAfterMs / 1000).toFixed(1)} s)`).join('; ')}`,
      `  sign-ups sent ${report.signUps.sent}, accepted ${accepted.length}, refused ${report.signUps.refused}; replies ${replies.started} (${replies.told} told to reconnect, ${replies.dropped} dropped, ${replies.resumed} resumed)`,
      `  nginx answers: ${[...seen.statuses].map(([s, n]) => `${s} x${n}`).join(', ')}${seen.connectionErrors ? `; ${seen.connectionErrors} connection errors` : ''}; ${passedOn} requests refused by a stopping api and passed to the other`,
      ...replies.broken.map(
        (b) => `  broken reply ${b.messageId}: ${b.why} (${b.frames} frames; read from ${b.upstreams.join(' then ')})`,
      ),
      ...(seen.fiveOhs.length
        ? [
            `  502/503 seen: ${seen.fiveOhs.map((f) => `${f.status} ${f.path} at ${(f.at / 1000).toFixed(1)} s`).join(', ')}`,
          ]
        : []),
      '',
      table(rows2),
      '',
      failed ? 'verdict: MISSED' : 'verdict: every aim met',
      '',
    ].join('\n');
    if (JSON_STDOUT) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else process.stdout.write(text);
    if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify(report, null, 2));
    if (JSON_STDOUT) process.stderr.write(text);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    process.removeListener('uncaughtException', interrupted);
    await cleanUp();
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
