/**
 * The pieces of the rolling-restart drill (infra/drill/rolling.mjs) that are not the drill itself:
 * the SMTP sink that counts messages per recipient, the local nginx written from the house
 * config, the api and worker processes, and an event-stream reader.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '../lib/prepare.mjs';

const require = createRequire(import.meta.url);
const services = require('../lib/services.cjs');
const { SMTPServer } = require('smtp-server');

export { services, sleep };

/**
 * A real SMTP server counting what it accepted per recipient. Each message waits `delayMs` at
 * MAIL FROM, before any data (a relay a few milliseconds away), so a worker stopped mid-send
 * leaves nothing half-accepted here: a message counts once its data was acknowledged.
 */
export async function startSmtpSink({ delayMs = 0 } = {}) {
  const perRecipient = new Map();
  let total = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (delayMs > 0) setTimeout(callback, delayMs);
      else callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        total += 1;
        for (const { address } of session.envelope.rcptTo) {
          const key = address.toLowerCase();
          perRecipient.set(key, (perRecipient.get(key) ?? 0) + 1);
        }
        callback();
      });
    },
  });
  // A worker killed mid-send resets its connection: expected here, and counted.
  let resets = 0;
  server.on('error', () => (resets += 1));
  const port = await services.freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    get resets() {
      return resets;
    },
    count: (recipient) => perRecipient.get(recipient.toLowerCase()) ?? 0,
    get total() {
      return total;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The house nginx (infra/nginx.conf) for this machine: Debian's nginx 1.22 has no `resolve` on
 * upstream servers, so the resolver line and the upstream block become the two local api ports,
 * inside a main config of its own (pid, logs and temp files in `dir`). Two additions, both only
 * for the drill: an access log that names each answer's status and upstream, and a header naming
 * the api that answered (to tell a stream resumed on the other replica).
 */
export function writeNginxConfig({ dir, port, apiPorts, root }) {
  const house = readFileSync(join(ROOT, 'infra', 'nginx.conf'), 'utf8');
  // The house's parameters for each replica (max_fails...), on the two local ports.
  const params = /^\s*server api:3000 (.*);$/m
    .exec(house)?.[1]
    .split(/\s+/)
    .filter((p) => p !== 'resolve')
    .join(' ');
  if (params === undefined) throw new Error('infra/nginx.conf changed shape: no `server api:3000 ...;` line');
  const upstream = ['upstream api {', ...apiPorts.map((p) => `  server 127.0.0.1:${p} ${params};`), '}'].join('\n');
  const server = house
    .replace(/^resolver .*$/m, '')
    .replace(/^upstream api \{[\s\S]*?^\}/m, upstream)
    .replace(/^\s*listen 80;$/m, `  listen 127.0.0.1:${port};\n  add_header X-Drill-Upstream $upstream_addr always;`)
    .replace(/^\s*root .*;$/m, `  root ${root};`);
  if (server.includes('resolve;') || !server.includes(`listen 127.0.0.1:${port}`)) {
    throw new Error('infra/nginx.conf changed shape: the drill could not rewrite its upstream block or listen line');
  }
  const temp = (name) => {
    mkdirSync(join(dir, name), { recursive: true });
    return join(dir, name);
  };
  const main = `
# Written by infra/drill/rolling.mjs from infra/nginx.conf.
daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format drill '$msec $status "$request" $upstream_addr $upstream_status';
  access_log ${join(dir, 'nginx-access.log')} drill;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${server}
}
`;
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, main);
  return file;
}

/** Debian's nginx in the foreground on the config above; resolves once it answers. */
export async function startNginx({ dir, config, port }) {
  const binary = process.env.NGINX_BIN || services.which('nginx') || '/usr/sbin/nginx';
  const child = spawn(binary, ['-p', dir, '-c', config, '-e', join(dir, 'nginx-error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (piece) => (stderr += piece));
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx stopped at start: ${stderr.trim()}`);
    if (await services.canConnect('127.0.0.1', port)) return child;
    await sleep(100);
  }
  throw new Error(`nginx did not listen on ${port}: ${stderr.trim()}`);
}

/**
 * An api or worker process of the built backend, started as `npm start` starts them, with its
 * output appended to `<dir>/<name>.log`. `exited` resolves with how it ended.
 */
export function startServer({ name, script, env, dir }) {
  const log = createWriteStream(join(dir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [...services.SERVER_NODE_FLAGS, join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }));
  return { name, child, exited, log: join(dir, `${name}.log`) };
}

/** Resolves once GET /api/health/ready answers 200 on this port (the api is up and migrated). */
export async function waitReady(port, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`The api on port ${port} was not ready within ${timeoutMs / 1000} s`);
}

/**
 * Reads an event stream's body frame by frame: `onFrame({ event, id, data })` for each (a
 * comment is skipped). Resolves when the body ends; rejects when the connection drops.
 */
export async function readEventStream(body, onFrame) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const frame = { event: 'message', id: null, data: '' };
      let any = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || line === '') continue;
        const split = line.indexOf(': ');
        const field = split === -1 ? line : line.slice(0, split);
        const value = split === -1 ? '' : line.slice(split + 2);
        if (field === 'event') frame.event = value;
        else if (field === 'id') frame.id = Number(value);
        else if (field === 'data') frame.data += value;
        else if (field === 'retry') frame.retry = Number(value);
        else continue;
        any = true;
      }
      if (any) onFrame(frame);
    }
  }
  // A body cut mid-frame ended without its blank line: that is a dropped connection.
  if (buffer.trim() !== '') throw new Error('The stream ended in the middle of a frame');
}

/** Rows of [label, value, aim, verdict] as an aligned table. */
export function table(rows, head = ['', 'measured', 'aim', '']) {
  const all = [head, ...rows].map((row) => row.map(String));
  const widths = head.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row) => `  ${row.map((cell, i) => cell.padEnd(widths[i])).join('  ')}`.trimEnd();
  return [line(all[0]), `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`, ...all.slice(1).map(line)].join('\n');
}
