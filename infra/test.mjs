#!/usr/bin/env node
/**
 * `npm test`: every suite, each on its own fresh database and Redis prefix: backend unit and
 * API tests (Jest + supertest), frontend component tests (Vitest) and end-to-end tests
 * (Playwright in Debian's headless Chromium against the app started as `npm start` does), and the
 * short rolling-restart drill (two apis behind nginx and two workers, restarted under load).
 * Ends with one line `N passed, N failed`.
 *
 *   npm test                  all suites
 *   npm test -- backend       only the named suites (backend, frontend, e2e, drill)
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, ROOT } from './lib/prepare.mjs';

const say = (message) => process.stdout.write(`\n[maison] ${message}\n`);
const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const wanted = (suite) => requested.length === 0 || requested.includes(suite);
const RESULTS = join(ROOT, '.data', 'test-results');

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options }).status;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    say('Installing Chromium from Debian packages for the end-to-end tests...');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(path)) return path;
  }
  throw new Error(`Chromium not found at ${path}: install Debian's "chromium" package or set CHROMIUM_PATH`);
}

/** The drill's load balancer: Debian's nginx, installed as Chromium is when missing. */
function ensureNginx() {
  const found = (path) => path && spawnSync(path, ['-v'], { stdio: 'ignore' }).status === 0;
  if (found(process.env.NGINX_BIN) || found('nginx') || found('/usr/sbin/nginx')) return;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    say('Installing nginx from Debian packages for the rolling-restart drill...');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'nginx-light'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (found('/usr/sbin/nginx')) return;
  }
  throw new Error('nginx not found: install Debian\'s "nginx-light" package or set NGINX_BIN');
}

const suites = [];

function backend() {
  const out = join(RESULTS, 'backend.json');
  // BACKEND_TESTS=pattern runs only the matching test files (while working on one).
  const only = process.env.BACKEND_TESTS ? [`--testPathPatterns=${process.env.BACKEND_TESTS}`] : [];
  // Jest transpiles each file without checking its types: the whole backend, tests included, is
  // type-checked once here (a type error counts as a failed test).
  if (!process.env.BACKEND_TESTS) {
    const typed = run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { cwd: join(ROOT, 'backend') });
    suites.push({ name: 'types', passed: typed === 0 ? 1 : 0, failed: typed === 0 ? 0 : 1 });
  }
  const status = run('npx', ['jest', '--json', `--outputFile=${out}`, ...only], {
    cwd: join(ROOT, 'backend'),
  });
  const report = readJson(out);
  const passed = report?.numPassedTests ?? 0;
  // A suite that failed to run (compile error, crash in set-up) counts as a failure too.
  const failed = (report?.numFailedTests ?? 0) + (report?.numRuntimeErrorTestSuites ?? 0) + (report ? 0 : 1);
  suites.push({ name: 'backend', passed, failed: failed || (status !== 0 ? 1 : 0) });
}

/**
 * Runs a suite's command in the background, its output to a file printed when the caller asks
 * (suites that run side by side would interleave their lines). Resolves with its exit status.
 */
function inBackground(name, command, args, { cwd = ROOT, env = process.env, niced = false } = {}) {
  const log = join(RESULTS, `${name}.log`);
  const fd = openSync(log, 'w');
  const nice = niced && process.platform !== 'win32' && spawnSync('nice', ['true']).status === 0;
  const child = spawn(nice ? 'nice' : command, nice ? ['-n', '10', command, ...args] : args, {
    cwd,
    env,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  return {
    log,
    done: new Promise((resolve) => {
      child.on('error', () => resolve(1));
      child.on('close', (status) => resolve(status));
    }),
  };
}

/**
 * The frontend's component tests: they need no database, so they run beside the backend's on one
 * worker of their own, niced (the backend's tests wait on timers and queues, and keep their pace).
 */
function startFrontend() {
  const out = join(RESULTS, 'frontend.json');
  const command = ['vitest', 'run', '--maxWorkers=1', '--reporter=default', '--reporter=json', `--outputFile=${out}`];
  const { log, done } = inBackground('frontend', 'npx', command, { cwd: join(ROOT, 'frontend'), niced: true });
  return done.then((status) => {
    const report = readJson(out);
    const passed = report?.numPassedTests ?? 0;
    const failed = (report?.numFailedTests ?? 0) + (report ? 0 : 1);
    return { name: 'frontend', passed, failed: failed || (status !== 0 ? 1 : 0), log };
  });
}

/**
 * The rolling-restart drill's short form (infra/drill/rolling.mjs --short): one SIGTERM restart of
 * an api, one of a worker and a worker killed with SIGKILL, under load. Each of its aims counts as
 * one test; its table is printed as it ends.
 */
function drill() {
  const out = join(RESULTS, 'drill.json');
  try {
    ensureNginx();
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    return suites.push({ name: 'drill', passed: 0, failed: 1 });
  }
  const status = run(process.execPath, [join(ROOT, 'infra', 'drill', 'rolling.mjs'), '--short', `--json=${out}`]);
  const aims = readJson(out)?.aims;
  // A drill that could not run (no nginx, a crash in set-up) counts as one failure.
  if (!aims) return suites.push({ name: 'drill', passed: 0, failed: 1 });
  const failed = aims.filter((a) => !a.met).length;
  suites.push({ name: 'drill', passed: aims.length - failed, failed: failed || (status !== 0 ? 1 : 0) });
}

/**
 * The end-to-end tests against the app started as `npm start` starts it, their output kept in a
 * file and printed when they end.
 */
async function startE2e() {
  const out = join(RESULTS, 'e2e.json');
  let chromium;
  try {
    chromium = ensureChromium();
    await ensureBuilt();
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    return { running: Promise.resolve({ name: 'e2e', passed: 0, failed: 1, log: null }) };
  }
  const { log, done } = inBackground('e2e', 'npx', ['playwright', 'test', '-c', 'frontend/e2e/playwright.config.ts'], {
    env: { ...process.env, CHROMIUM_PATH: chromium, E2E_JSON_REPORT: out },
  });
  // Spawned by now: the backend's tests (run synchronously) do not hold it back.
  const running = done.then((status) => {
    const stats = readJson(out)?.stats;
    const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    if (stats?.flaky)
      say(`End to end: ${stats.flaky} test(s) passed only on their retry (flaky): see the report below`);
    const failed = (stats?.unexpected ?? 0) + (stats ? 0 : 1);
    return { name: 'e2e', passed, failed: failed || (status !== 0 ? 1 : 0), log };
  });
  return { running };
}

/** Prints a background suite's output once it is over, and counts it. */
async function collect(title, running) {
  const { log, ...suite } = await running;
  say(title);
  if (log) process.stdout.write(readFileSync(log, 'utf8'));
  suites.push(suite);
}

async function main() {
  ensureInstalled();
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  let frontend = null;
  if (wanted('frontend')) {
    // The bundle budget test reads the client build: make it when missing or out of date.
    await ensureBuilt({ only: ['frontend'] });
    say('Frontend: component tests, beside the backend’s (printed when they end)');
    frontend = startFrontend();
  }
  if (wanted('backend')) {
    say('Backend: type check, then unit and API tests');
    backend();
  }
  if (frontend) await collect('Frontend: component tests', frontend);
  if (wanted('drill')) {
    say('Drill: rolling restarts under load (short form)');
    drill();
  }
  // After the others: run beside the backend's tests, both took twice as long (the machine's two
  // cores are busy with either) and a browser test starved of CPU could time out.
  if (wanted('e2e')) {
    say('End to end: Playwright in headless Chromium');
    await collect('End to end: Playwright in headless Chromium', (await startE2e()).running);
  }
  const passed = suites.reduce((sum, s) => sum + s.passed, 0);
  const failed = suites.reduce((sum, s) => sum + s.failed, 0);
  process.stdout.write('\n');
  for (const s of suites) process.stdout.write(`  ${s.name.padEnd(9)} ${s.passed} passed, ${s.failed} failed\n`);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(failed > 0 || suites.length === 0 ? 1 : 0);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.stdout.write('0 passed, 1 failed\n');
  process.exit(1);
});
