#!/usr/bin/env node
/**
 * `npm run bench:chat-stream`: what POST /api/chat/stream adds to an upstream model's stream.
 * A local OpenAI-compatible server streams 200 tokens with a fixed delay between them (20 ms by
 * default: about 50 tokens a second, the pace of GPT-4o-class models; BENCH_TOKEN_DELAY_MS=5 for a
 * harsher run). Its first token also comes one such delay after the request (BENCH_FIRST_TOKEN_MS),
 * as no model answers the instant it is asked: what the api does while the model thinks (the
 * thread's write) is then done before the first token, as it is for members;
 * BENCH_FIRST_TOKEN_MS=0 measures a model that answers at once. The upstream keeps an idle
 * connection open as a hosted model's front does (Cloudflare, before OpenAI's API: 400 s), not
 * for Node's default 5 s: at 1 stream each path waits out two other streams between its own, and
 * with 5 s every reply would open a new connection, which replies a few minutes apart to a hosted
 * model do not (BENCH_UPSTREAM_KEEPALIVE_S=5 measures that). Every stream carries its own id in
 * its message, so the upstream (in this process, on the same clock) records when it received that
 * very request and when it wrote its first and last token. For each stream, what a path adds is its
 * time to the first (last) byte minus the upstream's own time for that stream; what our api adds
 * is that figure through the api, less the same figure read directly (the network's share).
 *
 * At 1 stream: BENCH_SINGLE_ROUNDS streams one after another, alternating the two paths. At 100
 * concurrent streams: 100 clients each open a stream, and another as soon as it ends, so 100 are
 * always open; the clients start spread over one stream's length (as members arrive, not all in
 * the same millisecond) and each client's first stream is not counted. Through our api each reply
 * goes to a new thread the server keeps, opened first (not timed) as the chat page opens one on
 * "New conversation", so the reply is written in it as members' replies are, and each of the 100
 * clients has a session of its own.
 *
 * Resume: a client leaves a stream after 20 frames, comes back a reload's time later (150-300 ms,
 * while the frames written meanwhile wait in Redis) and asks for the rest. What is timed is what
 * the server controls: from the reconnect (or, were the client back before it existed, from the
 * moment the upstream wrote the first missing frame's token) to that frame's arrival. Leaving and
 * coming back at once would time the upstream's next token gap instead (20 ms), not the server.
 * The verdict is checked against the aim.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { percentile } from '../lib/percentile.mjs';
import { ensureBuilt, ROOT } from '../lib/prepare.mjs';

const require = createRequire(import.meta.url);
const services = require('../lib/services.cjs');

const TOKENS = Number(process.env.BENCH_TOKENS || 200);
const TOKEN_DELAY_MS = Number(process.env.BENCH_TOKEN_DELAY_MS || 20);
const FIRST_TOKEN_MS = Number(process.env.BENCH_FIRST_TOKEN_MS ?? TOKEN_DELAY_MS);
/** How long the upstream keeps an idle connection open (see above). */
const UPSTREAM_KEEPALIVE_S = Number(process.env.BENCH_UPSTREAM_KEEPALIVE_S || 400);
/** Streams one after another per path at concurrency 1. */
const SINGLE_ROUNDS = Number(process.env.BENCH_SINGLE_ROUNDS || 30);
/** Streams each client opens in turn at higher concurrency (the first one, the ramp, is not counted). */
const STREAMS_PER_CLIENT = Number(process.env.BENCH_STREAMS_PER_CLIENT || 3);
/**
 * The budget for what our api adds to the first byte (p50, p99) at every level, and for a
 * resumed stream's first missing frame (p99): small beside a fast model's first token. The bare
 * proxy is printed for reference.
 */
const AIM = { firstP50: 5, firstP99: 30, resumeP99: 20 };
const RESUMES = Number(process.env.BENCH_RESUMES || 40);
/** Concurrency levels to measure (BENCH_LEVELS=1,100 by default). */
const LEVELS = (process.env.BENCH_LEVELS || '1,100').split(',').map(Number);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function chunk(delta, finish = null) {
  return `data: ${JSON.stringify({ id: 'bench', object: 'chat.completion.chunk', created: 0, model: 'gpt-4o', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

/**
 * The upstream: POST /v1/chat/completions streaming TOKENS tokens, TOKEN_DELAY_MS apart, and
 * noting for each stream id when the request arrived and when its first and last token left.
 */
function startUpstream() {
  const seen = new Map();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (piece) => (raw += piece));
    req.on('end', async () => {
      const timing = { received: performance.now(), first: null, last: null, tokens: [] };
      const id = /\[bench:([a-z0-9]+)\]/.exec(raw)?.[1];
      if (id) seen.set(id, timing);
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.socket?.setNoDelay(true);
      res.write(chunk({ role: 'assistant', content: '' }));
      if (FIRST_TOKEN_MS > 0) await new Promise((r) => setTimeout(r, FIRST_TOKEN_MS));
      for (let i = 0; i < TOKENS; i += 1) {
        if (res.destroyed) return;
        res.write(chunk({ content: `tok${i} ` }));
        timing.tokens.push(performance.now());
        if (i === 0) timing.first = timing.tokens[0];
        await new Promise((r) => setTimeout(r, TOKEN_DELAY_MS));
      }
      res.write(chunk({}, 'stop'));
      timing.last = performance.now();
      res.end('data: [DONE]\n\n');
    });
  });
  server.keepAliveTimeout = UPSTREAM_KEEPALIVE_S * 1000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, server, seen })),
  );
}

/**
 * The baseline: a bare node:http SSE proxy in a process of its own, doing the least a proxy can:
 * forward the request upstream, turn each OpenAI chunk into a `delta` frame, and end with `done`.
 */
const PROXY_SOURCE = `
const http = require('node:http');
const upstreamPort = Number(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (p) => (body += p));
  req.on('end', () => {
    const messages = JSON.parse(body).messages;
    const up = http.request({ host: '127.0.0.1', port: upstreamPort, path: '/v1/chat/completions', method: 'POST', agent,
      headers: { 'Content-Type': 'application/json' } }, (upRes) => {
      res.socket.setNoDelay(true);
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
      let buffer = '';
      let content = '';
      upRes.setEncoding('utf8');
      upRes.on('data', (text) => {
        buffer += text;
        let split;
        while ((split = buffer.indexOf('\\n\\n')) !== -1) {
          const line = buffer.slice(0, split).replace(/^data: /, '');
          buffer = buffer.slice(split + 2);
          if (line === '[DONE]') continue;
          const piece = JSON.parse(line).choices[0].delta.content;
          if (piece) { content += piece; res.write('event: delta\\ndata: ' + JSON.stringify({ content: piece }) + '\\n\\n'); }
        }
      });
      upRes.on('end', () => res.end('event: done\\ndata: ' + JSON.stringify({ message: { role: 'assistant', content } }) + '\\n\\n'));
    });
    res.on('close', () => { if (!res.writableFinished) up.destroy(); });
    up.end(JSON.stringify({ model: 'gpt-4o', stream: true, messages }));
  });
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

function startProxy(upstreamPort) {
  const child = spawn(process.execPath, ['-e', PROXY_SOURCE, String(upstreamPort)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve) => child.once('message', (port) => resolve({ port, child })));
}

/** A reload's pause between leaving a stream and asking for the rest: 150 to 300 ms. */
const RESUME_PAUSE_MS = [150, 300];
/** A stream silent this long has stalled: it counts as dropped (or lost), and the bench goes on. */
const STALL_MS = 30_000;
const stalls = (req) => req.setTimeout(STALL_MS, () => req.destroy(new Error('stalled')));

/**
 * The resume case, a reload: a stream is started through the api and left after its 20th frame;
 * the client stays away for a reload's time (RESUME_PAUSE_MS, so the frames written meanwhile
 * wait in the reply's Redis stream), then asks for the rest (GET with the last frame id).
 *
 * What the server controls is how soon it hands over a frame it already has. So the wait counted
 * is from the later of (a) the reconnect and (b) the moment the upstream wrote the token of the
 * first missing frame (frame n is token n-1; the upstream, in this process, notes when it wrote
 * each token) to the arrival of that frame. After a reload's pause (b) is long past and this is
 * reconnect to first missing frame; were the client back before the upstream had written it, the
 * upstream's own token gap would not be charged to the server. The frames that come after the
 * reconnect, as they are written, are timed too (upstream write to arrival: the live follow path).
 * Each resumed stream is checked for a lost or doubled frame.
 */
async function resumes(port, cookie, count, upstream) {
  const waits = [];
  const follows = [];
  let broken = 0;
  let backlog = 0;
  for (let n = 0; n < count; n += 1) {
    const id = newId();
    const { messageId, lastId } = await new Promise((resolve, reject) => {
      let text = '';
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/chat/stream',
          method: 'POST',
          agent: false,
          headers: { 'Content-Type': 'application/json', Cookie: cookie },
        },
        (res) => {
          res.setEncoding('utf8');
          res.on('data', (piece) => {
            text += piece;
            const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
            if (ids.length >= 20 && /\n\n$/.test(text)) {
              req.destroy();
              resolve({ messageId: res.headers['x-message-id'], lastId: ids[ids.length - 1] });
            }
          });
          res.on('end', () => reject(new Error(`A reply ended before 20 frames (${res.statusCode})`)));
        },
      );
      stalls(req);
      req.on('error', (e) => (req.destroyed && e.message !== 'stalled' ? undefined : reject(e)));
      req.end(JSON.stringify({ threadId: crypto.randomUUID(), message: `A villa in Capri [bench:${id}]` }));
    });
    const [low, high] = RESUME_PAUSE_MS;
    await new Promise((r) => setTimeout(r, low + Math.random() * (high - low)));
    const timing = upstream.seen.get(id);
    const start = performance.now();
    const ok = await new Promise((resolve) => {
      let text = '';
      let seen = 0;
      const resume = http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: `/api/chat/stream/${messageId}?after=${lastId}`,
            agent,
            headers: { Cookie: cookie },
          },
          (res) => {
            res.setEncoding('utf8');
            res.on('data', (piece) => {
              const now = performance.now();
              text += piece;
              const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
              for (const frame of ids.slice(seen)) {
                const written = timing?.tokens[frame - 1];
                if (frame === lastId + 1) {
                  if (written !== undefined && written <= start) backlog += 1;
                  waits.push(now - Math.max(start, written ?? start));
                } else if (written !== undefined && written > start) {
                  follows.push(now - written);
                }
              }
              seen = ids.length;
            });
            res.on('end', () => {
              const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
              resolve(ids.length > 0 && ids.every((v, i) => v === lastId + 1 + i) && text.includes('event: done'));
            });
          },
        )
        .on('error', () => resolve(false));
      stalls(resume);
    });
    upstream.seen.delete(id);
    if (!ok) broken += 1;
  }
  return {
    p50: percentile(waits, 50),
    p99: percentile(waits, 99),
    followP50: percentile(follows, 50),
    followP99: percentile(follows, 99),
    backlog,
    broken,
    count,
  };
}

/** One stream: when it was sent, when its first and last markers arrived, and whether it completed. */
async function measure({ port, path, headers, body, firstMarker, doneMarker }, id) {
  // What the client does before it asks (ours: open the conversation's thread) is not timed.
  const payload = await body(id, headers);
  return new Promise((resolve) => {
    const start = performance.now();
    let first = null;
    let last = null;
    let text = '';
    const result = (ok) => resolve({ id, start, first, last, ok });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', ...headers },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (piece) => {
          text += piece;
          if (first === null && text.includes(firstMarker)) first = performance.now();
          if (last === null && text.includes(doneMarker)) last = performance.now();
        });
        res.on('end', () => result(res.statusCode === 200 && first !== null && last !== null));
        res.on('error', () => result(false));
      },
    );
    stalls(req);
    req.on('error', () => result(false));
    req.end(payload);
  });
}

/**
 * Per stream, the time the path added to the upstream's first and last byte: the client's wait
 * minus the upstream's own time for this stream (request received to token written).
 */
function overheads(results, upstream) {
  return results.map((r) => {
    const up = upstream.seen.get(r.id);
    upstream.seen.delete(r.id);
    if (!r.ok || !up || up.first === null || up.last === null) return { ok: false };
    return {
      ok: true,
      before: up.received - r.start,
      first: r.first - r.start - (up.first - up.received),
      last: r.last - r.start - (up.last - up.received),
    };
  });
}

const newId = () => randomBytes(6).toString('hex');

async function round(concurrency, target, upstream) {
  const ids = Array.from({ length: concurrency }, newId);
  return overheads(await Promise.all(ids.map((id) => measure(target, id))), upstream);
}

/**
 * `concurrency` clients, started spread over one stream's length, each opening STREAMS_PER_CLIENT
 * streams back to back; every stream but each client's first is measured. Through our api each
 * client is a member with a session of its own, as 100 members would be.
 */
async function sustained(concurrency, target, upstream) {
  const spread = TOKENS * TOKEN_DELAY_MS;
  const results = [];
  // Each client is a member of its own (ours: a concierge session of its own, opened one at a
  // time: sign-in is rate limited, a right password clearing the count).
  const targets = [];
  for (let client = 0; client < concurrency; client += 1) {
    targets.push(target.forClient ? await target.forClient() : target);
  }
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      const own = targets[client];
      await new Promise((r) => setTimeout(r, (client * spread) / concurrency));
      for (let n = 0; n < STREAMS_PER_CLIENT; n += 1) {
        const result = await measure(own, newId());
        if (n > 0) results.push(result);
        else upstream.seen.delete(result.id);
      }
    }),
  );
  return overheads(results, upstream);
}

/** Both paths at this concurrency: one stream at a time alternating, or sustained one after the other. */
async function compare(concurrency, direct, ours, bare, upstream) {
  const base = [];
  const api = [];
  const prox = [];
  if (concurrency === 1) {
    for (let r = 0; r < SINGLE_ROUNDS; r += 1) {
      base.push(...(await round(1, direct, upstream)));
      api.push(...(await round(1, ours, upstream)));
      prox.push(...(await round(1, bare, upstream)));
    }
  } else {
    base.push(...(await sustained(concurrency, direct, upstream)));
    api.push(...(await sustained(concurrency, ours, upstream)));
    prox.push(...(await sustained(concurrency, bare, upstream)));
  }
  const ok = (list) => list.filter((o) => o.ok);
  const times = (list, edge) => list.map((o) => o[edge]);
  const network = {
    before: percentile(times(ok(base), 'before'), 50),
    first: percentile(times(ok(base), 'first'), 50),
    last: percentile(times(ok(base), 'last'), 50),
  };
  const less = (o) => ({
    before: o.before - network.before,
    first: o.first - network.first,
    last: o.last - network.last,
  });
  const added = ok(api).map(less);
  const proxyAdded = ok(prox).map(less);
  return {
    network,
    beforeP50: percentile(times(added, 'before'), 50),
    proxyBeforeP50: percentile(times(proxyAdded, 'before'), 50),
    proxyFirstP50: percentile(times(proxyAdded, 'first'), 50),
    proxyFirstP99: percentile(times(proxyAdded, 'first'), 99),
    proxyDropped: prox.length - ok(prox).length,
    firstP50: percentile(times(added, 'first'), 50),
    firstP99: percentile(times(added, 'first'), 99),
    lastP50: percentile(times(added, 'last'), 50),
    lastP99: percentile(times(added, 'last'), 99),
    dropped: api.length - ok(api).length,
    directDropped: base.length - ok(base).length,
    total: api.length,
  };
}

async function main() {
  await ensureBuilt({ only: ['backend'] });
  const upstream = await startUpstream();
  const proxy = await startProxy(upstream.port);
  const pgServer = await services.findPostgres(process.env.DATABASE_URL);
  const redis = await services.findRedis(process.env.REDIS_URL);
  const databaseUrl = services.withDatabase(pgServer.url, 'mf_bench_chat_stream');
  await services.ensureDatabase(databaseUrl, { fresh: true });
  const port = await services.freePort();
  const redisPrefix = `mfbench${randomBytes(3).toString('hex')}`;
  // BENCH_API_FLAGS: more node flags for the api (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof to see where its time goes).
  const apiFlags = (process.env.BENCH_API_FLAGS || '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...services.SERVER_NODE_FLAGS, ...apiFlags, join(ROOT, 'backend/dist/src/main.js')],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        REDIS_PREFIX: redisPrefix,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'silent',
        FRONTEND_DIST: '',
        SMTP_URL: 'smtp://127.0.0.1:1',
        CONCIERGE_PASSWORD: 'bench-concierge-password',
        OPENAI_API_KEY: 'sk-bench',
        OPENAI_BASE_URL: `http://127.0.0.1:${upstream.port}/v1`,
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'bench-admin-password',
        // Every client of the bench is 127.0.0.1: its own limits, far above what it sends.
        RATE_LIMIT_CHAT_PER_SESSION_PER_MINUTE: '1000000',
        RATE_LIMIT_CHAT_PER_ADDRESS_PER_MINUTE: '1000000',
        STREAMS_PER_ADDRESS: '100000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    for (let i = 0; i < 300; i += 1) {
      if (
        await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const signIn = async () => {
      const auth = await fetch(`http://127.0.0.1:${port}/api/concierge/auth`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: 'bench-concierge-password' }),
      });
      if (!auth.ok) throw new Error(`Could not open a concierge session: ${auth.status}`);
      return auth.headers.get('set-cookie').split(';')[0];
    };
    const cookie = await signIn();
    const messages = (id) => [{ role: 'user', content: `A yacht in Monaco next weekend [bench:${id}]` }];
    const direct = {
      port: upstream.port,
      path: '/v1/chat/completions',
      headers: { Authorization: 'Bearer sk-bench' },
      body: async (id) => JSON.stringify({ model: 'gpt-4o', stream: true, messages: messages(id) }),
      firstMarker: 'tok0',
      doneMarker: '[DONE]',
    };
    const ours = {
      port,
      path: '/api/chat/stream',
      headers: { Cookie: cookie },
      // A member's reply goes to a thread the server holds: a new one per stream, opened first as
      // the chat page does on 'New conversation' (not timed), so the thread's transaction is on
      // the measured path.
      body: async (id, headers) => {
        const threadId = crypto.randomUUID();
        const opened = await fetch(`http://127.0.0.1:${port}/api/concierge/threads`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ id: threadId, title: 'A yacht in Monaco' }),
        });
        if (!opened.ok) throw new Error(`Could not open a thread: ${opened.status}`);
        return JSON.stringify({ threadId, userMessageId: crypto.randomUUID(), message: messages(id)[0].content });
      },
      firstMarker: 'event: delta',
      doneMarker: 'event: done',
    };
    ours.forClient = async () => ({ ...ours, headers: { Cookie: await signIn() } });
    const bare = {
      ...ours,
      port: proxy.port,
      path: '/',
      headers: {},
      body: async (id) => JSON.stringify({ messages: messages(id) }),
      forClient: undefined,
    };
    process.stdout.write('Warming up...\n');
    await round(10, ours, upstream);
    await round(10, direct, upstream);
    await round(10, bare, upstream);
    process.stdout.write(
      `\nWhat POST /api/chat/stream (frames through a Redis stream, each reply kept in a new server thread) adds to the upstream's stream, against a bare node:http SSE proxy: ${TOKENS} tokens, ${TOKEN_DELAY_MS} ms apart, idle upstream connections kept ${UPSTREAM_KEEPALIVE_S} s, measured per stream\n`,
    );
    const f = (n) => `${n.toFixed(2).padStart(8)} ms`;
    const misses = [];
    const rows = [];
    for (const concurrency of LEVELS) {
      const r = await compare(concurrency, direct, ours, bare, upstream);
      process.stdout.write(
        `\n  ${concurrency} concurrent stream${concurrency > 1 ? 's, sustained' : ''} (${r.total} measured through each path)\n`,
      );
      process.stdout.write('                    first p50    first p99     last p50     last p99   dropped\n');
      process.stdout.write(
        `    added by api  ${f(r.firstP50)}  ${f(r.firstP99)}  ${f(r.lastP50)}  ${f(r.lastP99)}   ${r.dropped}\n`,
      );
      process.stdout.write(
        `    bare proxy    ${f(r.proxyFirstP50)}  ${f(r.proxyFirstP99)}                              ${r.proxyDropped}\n`,
      );
      process.stdout.write(
        `    of the first byte's p50, before the model had the request: api ${r.beforeP50.toFixed(2)} ms, bare proxy ${r.proxyBeforeP50.toFixed(2)} ms\n`,
      );
      process.stdout.write(
        `    (network share, read directly, p50: first ${r.network.first.toFixed(2)} ms, last ${r.network.last.toFixed(2)} ms; ${r.directDropped} dropped)\n`,
      );
      // A path that adds less than 0.25 ms is counted as 0.25 ms, so a ratio never divides by noise.
      const floor = (v) => Math.max(v, 0.25);
      const ratio50 = floor(r.firstP50) / floor(r.proxyFirstP50);
      const ratio99 = floor(r.firstP99) / floor(r.proxyFirstP99);
      rows.push({ concurrency, r, ratio50, ratio99 });
      if (!(r.firstP50 <= AIM.firstP50)) misses.push(`first byte p50 ${r.firstP50.toFixed(2)} ms at ${concurrency}`);
      if (!(r.firstP99 <= AIM.firstP99)) misses.push(`first byte p99 ${r.firstP99.toFixed(2)} ms at ${concurrency}`);
      if (r.dropped > 0) misses.push(`${r.dropped} stream(s) dropped at ${concurrency}`);
    }
    const resume = await resumes(port, cookie, RESUMES, upstream);
    process.stdout.write(
      `\n  resume after a reload (${resume.count} streams left after 20 frames, back ${RESUME_PAUSE_MS.join('-')} ms later with GET and the last frame id; the first missing frame was already written in ${resume.backlog}): first missing frame p50 ${resume.p50.toFixed(2)} ms, p99 ${resume.p99.toFixed(2)} ms; later frames, upstream write to arrival, p50 ${resume.followP50.toFixed(2)} ms, p99 ${resume.followP99.toFixed(2)} ms; ${resume.broken} with a frame lost or doubled\n`,
    );
    if (!(resume.p99 <= AIM.resumeP99)) misses.push(`resume first frame p99 ${resume.p99.toFixed(2)} ms`);
    if (resume.broken > 0) misses.push(`${resume.broken} resumed stream(s) lost or doubled a frame`);
    process.stdout.write(
      '\n  | streams | ours added first byte p50 / p99 | bare proxy p50 / p99 | ratio p50 / p99 | dropped |\n',
    );
    process.stdout.write('  |---|---|---|---|---|\n');
    for (const { concurrency, r, ratio50, ratio99 } of rows) {
      process.stdout.write(
        `  | ${concurrency} | ${r.firstP50.toFixed(2)} / ${r.firstP99.toFixed(2)} ms | ${r.proxyFirstP50.toFixed(2)} / ${r.proxyFirstP99.toFixed(2)} ms | ${ratio50.toFixed(2)}x / ${ratio99.toFixed(2)}x | ${r.dropped} |\n`,
      );
    }
    process.stdout.write(
      `  | resume | first missing frame p50 ${resume.p50.toFixed(2)} ms, p99 ${resume.p99.toFixed(2)} ms | | | ${resume.broken} |\n`,
    );
    process.stdout.write(
      `\n  budget: our added first byte at most ${AIM.firstP50} ms at p50 and ${AIM.firstP99} ms at p99; no stream dropped; resume first frame p99 <= ${AIM.resumeP99} ms\n`,
    );
    process.stdout.write(
      misses.length ? `  verdict: MISSED: ${misses.join('; ')}\n` : '  verdict: MET at every level\n',
    );
    process.exitCode = misses.length ? 1 : 0;
  } finally {
    child.kill('SIGTERM');
    proxy.child.kill('SIGTERM');
    upstream.server.closeAllConnections();
    upstream.server.close();
    await new Promise((r) => setTimeout(r, 500));
    await services.dropDatabase(databaseUrl).catch(() => undefined);
    await services.deleteRedisKeys(redis.url, redisPrefix).catch(() => undefined);
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
