#!/usr/bin/env node
/**
 * `npm run bench:chat-stream`: what POST /api/chat/stream adds to an upstream model's stream.
 * A local OpenAI-compatible server streams 200 tokens with a fixed delay between them; we read it
 * directly and through our built api (backend/dist) with a concierge session, at 1 and at 100
 * concurrent streams, and compare first-token and last-token times (p50/p99) and dropped streams.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBuilt, ROOT } from '../lib/prepare.mjs';

const require = createRequire(import.meta.url);
const services = require('../lib/services.cjs');

const TOKENS = Number(process.env.BENCH_TOKENS || 200);
const TOKEN_DELAY_MS = Number(process.env.BENCH_TOKEN_DELAY_MS || 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function chunk(delta, finish = null) {
  return `data: ${JSON.stringify({ id: 'bench', object: 'chat.completion.chunk', created: 0, model: 'gpt-4o', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

/** The upstream: POST /v1/chat/completions streaming TOKENS tokens, TOKEN_DELAY_MS apart. */
function startUpstream() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.socket?.setNoDelay(true);
      res.write(chunk({ role: 'assistant', content: '' }));
      for (let i = 0; i < TOKENS; i += 1) {
        if (res.destroyed) return;
        res.write(chunk({ content: `tok${i} ` }));
        await new Promise((r) => setTimeout(r, TOKEN_DELAY_MS));
      }
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, server })));
}

/** One stream: ms to the first content token, ms to the end, and whether it completed. */
function measure({ port, path, headers, body, firstMarker, doneMarker }) {
  return new Promise((resolve) => {
    const start = performance.now();
    let first = null;
    let text = '';
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'Content-Type': 'application/json', ...headers } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (piece) => {
          text += piece;
          if (first === null && text.includes(firstMarker)) first = performance.now() - start;
        });
        res.on('end', () => resolve({ first, last: performance.now() - start, ok: res.statusCode === 200 && text.includes(doneMarker) }));
        res.on('error', () => resolve({ first, last: null, ok: false }));
      },
    );
    req.on('error', () => resolve({ first, last: null, ok: false }));
    req.end(body);
  });
}

function percentile(values, p) {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run(concurrency, target) {
  const results = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    results.push(...(await Promise.all(Array.from({ length: concurrency }, () => measure(target)))));
  }
  return results;
}

function summary(results) {
  const ok = results.filter((r) => r.ok);
  return {
    firstP50: percentile(ok.map((r) => r.first), 50),
    firstP99: percentile(ok.map((r) => r.first), 99),
    lastP50: percentile(ok.map((r) => r.last), 50),
    lastP99: percentile(ok.map((r) => r.last), 99),
    dropped: results.length - ok.length,
    total: results.length,
  };
}

async function main() {
  await ensureBuilt({ only: ['backend'] });
  const upstream = await startUpstream();
  const pgServer = await services.findPostgres(process.env.DATABASE_URL);
  const redis = await services.findRedis(process.env.REDIS_URL);
  const databaseUrl = services.withDatabase(pgServer.url, 'mf_bench_chat_stream');
  await services.ensureDatabase(databaseUrl, { fresh: true });
  const port = await services.freePort();
  const child = spawn(process.execPath, [join(ROOT, 'backend/dist/src/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `mfbench${randomBytes(3).toString('hex')}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      FRONTEND_DIST: '',
      SMTP_URL: 'smtp://127.0.0.1:1',
      CONCIERGE_PASSWORD: 'bench-concierge-password',
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: `http://127.0.0.1:${upstream.port}/v1`,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'bench-admin-password',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; i < 300; i += 1) {
      if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const auth = await fetch(`http://127.0.0.1:${port}/api/concierge/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'bench-concierge-password' }),
    });
    if (!auth.ok) throw new Error(`Could not open a concierge session: ${auth.status}`);
    const cookie = auth.headers.get('set-cookie').split(';')[0];
    const messages = [{ role: 'user', content: 'A yacht in Monaco next weekend' }];
    const direct = {
      port: upstream.port,
      path: '/v1/chat/completions',
      headers: { Authorization: 'Bearer sk-bench' },
      body: JSON.stringify({ model: 'gpt-4o', stream: true, messages }),
      firstMarker: 'tok0',
      doneMarker: '[DONE]',
    };
    const ours = {
      port,
      path: '/api/chat/stream',
      headers: { Cookie: cookie },
      body: JSON.stringify({ threadId: 'bench', messages }),
      firstMarker: 'event: delta',
      doneMarker: 'event: done',
    };
    process.stdout.write(`Warming up...\n`);
    await run(10, ours);
    await run(10, direct);
    process.stdout.write(`\nPOST /api/chat/stream vs the upstream read directly: ${TOKENS} tokens, ${TOKEN_DELAY_MS} ms apart, ${ROUNDS} rounds\n`);
    const f = (n) => `${n.toFixed(1).padStart(7)} ms`;
    for (const concurrency of [1, 100]) {
      const up = summary(await run(concurrency, direct));
      const us = summary(await run(concurrency, ours));
      process.stdout.write(`\n  ${concurrency} concurrent stream${concurrency > 1 ? 's' : ''} (${us.total} measured)\n`);
      process.stdout.write(`                    first p50   first p99    last p50    last p99   dropped\n`);
      process.stdout.write(`    upstream       ${f(up.firstP50)}  ${f(up.firstP99)}  ${f(up.lastP50)}  ${f(up.lastP99)}   ${up.dropped}\n`);
      process.stdout.write(`    through api    ${f(us.firstP50)}  ${f(us.firstP99)}  ${f(us.lastP50)}  ${f(us.lastP99)}   ${us.dropped}\n`);
      process.stdout.write(
        `    added          ${f(us.firstP50 - up.firstP50)}  ${f(us.firstP99 - up.firstP99)}  ${f(us.lastP50 - up.lastP50)}  ${f(us.lastP99 - up.lastP99)}\n`,
      );
    }
    process.stdout.write(`\n  aim: added first byte < 5 ms at p50 and < 20 ms at p99; no stream dropped at 100\n`);
  } finally {
    child.kill('SIGTERM');
    upstream.server.closeAllConnections();
    upstream.server.close();
    await new Promise((r) => setTimeout(r, 500));
    await services.dropDatabase(databaseUrl).catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
