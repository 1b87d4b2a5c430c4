import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** `npm run check:dead-code` (knip, configured in knip.json): its exit status and what it printed. */
function knip(): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/knip/bin/knip.js'), '--no-progress'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the dead-code check (knip)', () => {
  it('finds no unused file, export or type in the backend, the frontend and infra/', () => {
    const { status, output } = knip();
    expect(output.trim()).toBe('');
    expect(status).toBe(0);
  }, 180_000);

  it('fails on an export nobody imports', () => {
    const file = join(ROOT, 'backend/src/common/zz-dead-code.ts');
    const user = join(ROOT, 'backend/src/common/zz-dead-code-user.spec.ts');
    // A spec is an entry: it imports one of the two exports, so the other is dead.
    writeFileSync(file, 'export const USED = 1;\nexport const NEVER_USED = 2;\n');
    writeFileSync(user, "import { USED } from './zz-dead-code';\n\nit('uses one', () => expect(USED).toBe(1));\n");
    try {
      const { status, output } = knip();
      expect(output).toMatch(/Unused exports \(1\)\s+NEVER_USED\s+backend\/src\/common\/zz-dead-code\.ts/);
      expect(status).not.toBe(0);
    } finally {
      rmSync(file, { force: true });
      rmSync(user, { force: true });
    }
  }, 180_000);
});
