import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** `npm run check:dead-code` (knip, configured in knip.jsonc) in `root`: its exit status and what it printed. */
function knip(root = ROOT): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/knip/bin/knip.js'), '--no-progress'], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A copy of the repository's files (its installed packages linked), for a test that adds files of its own. */
function copyOfRepository(): string {
  const copy = mkdtempSync(join(tmpdir(), 'maison-knip-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(copy, file));
  }
  for (const installed of ['node_modules', 'backend/node_modules', 'frontend/node_modules', 'shared/node_modules']) {
    if (existsSync(join(ROOT, installed))) symlinkSync(join(ROOT, installed), join(copy, installed), 'dir');
  }
  return copy;
}

describe('the dead-code check (knip)', () => {
  it('finds no unused file, export or type in the backend, the frontend and infra/', () => {
    const { status, output } = knip();
    expect(output.trim()).toBe('');
    expect(status).toBe(0);
  }, 180_000);

  it('fails on an export nobody imports', () => {
    // In a copy of the repository: a test never writes into the sources it checks.
    const copy = copyOfRepository();
    try {
      // A spec is an entry: it imports one of the two exports, so the other is dead.
      writeFileSync(
        join(copy, 'backend/src/common/zz-dead-code.ts'),
        'export const USED = 1;\nexport const NEVER_USED = 2;\n',
      );
      writeFileSync(
        join(copy, 'backend/src/common/zz-dead-code-user.spec.ts'),
        "import { USED } from './zz-dead-code';\n\nit('uses one', () => expect(USED).toBe(1));\n",
      );
      const { status, output } = knip(copy);
      expect(output).toMatch(/Unused exports \(1\)\s+NEVER_USED\s+backend\/src\/common\/zz-dead-code\.ts/);
      expect(status).not.toBe(0);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 180_000);
});
