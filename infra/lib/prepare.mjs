/**
 * Makes a fresh clone runnable: installs dependencies when they are missing or older than the
 * lockfile, and rebuilds backend and frontend when any source is newer than the build.
 * Several runs may happen at once (tests, helpers): a lock folder serialises the build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function say(message) {
  process.stdout.write(`[maison] ${message}\n`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs - 1000) return;
  say('Installing dependencies (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund'], { env: { ...process.env, REDISMS_DISABLE_POSTINSTALL: '1' } });
}

async function withLock(name, fn) {
  const lockDir = join(ROOT, '.data', `${name}.lock`);
  mkdirSync(join(ROOT, '.data'), { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // A lock older than 10 minutes belongs to a run that died.
      if (existsSync(lockDir) && Date.now() - statSync(lockDir).mtimeMs > 10 * 60_000)
        rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lockDir}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

const TARGETS = [
  // The rules both ends share: the backend's build (and Node at run time) reads shared/dist.
  {
    name: 'shared',
    sources: ['shared/src', 'shared/tsconfig.json', 'shared/package.json'],
    stamp: 'shared/dist/.build-stamp',
  },
  {
    name: 'backend',
    sources: [
      'backend/src',
      'backend/migrations',
      'shared/src',
      'backend/tsconfig.json',
      'backend/tsconfig.build.json',
      'backend/package.json',
    ],
    stamp: 'backend/dist/.build-stamp',
  },
  {
    name: 'frontend',
    sources: [
      'frontend/src',
      'frontend/index.html',
      'shared/src',
      'frontend/public',
      'frontend/vite.config.ts',
      'frontend/package.json',
    ],
    stamp: 'frontend/dist/.build-stamp',
  },
];

export async function ensureBuilt({ force = false, only } = {}) {
  await withLock('build', async () => {
    for (const target of TARGETS.filter((t) => !only || only.includes(t.name) || t.name === 'shared')) {
      const stamp = join(ROOT, target.stamp);
      const newest = Math.max(
        ...target.sources.map((s) => newestMtime(join(ROOT, s))),
        statSync(join(ROOT, 'package-lock.json')).mtimeMs,
      );
      if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= newest) continue;
      say(`Building ${target.name}...`);
      // A production build whatever the caller's NODE_ENV (a test runner sets "test", and Vite would
      // then bundle React's development build).
      run('npm', ['run', 'build', '-w', target.name], { env: { ...process.env, NODE_ENV: 'production' } });
      mkdirSync(dirname(stamp), { recursive: true });
      writeFileSync(stamp, new Date().toISOString());
    }
  });
}
