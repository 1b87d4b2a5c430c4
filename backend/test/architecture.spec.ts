import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** `npm run check:architecture` on some paths: its exit status and what it printed. */
function check(...paths: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(ROOT, 'infra/check-architecture.mjs'), ...paths], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Writes a file for one check, and removes it (and the folders made for it) whatever happens. */
function withFile(relative: string, content: string, run: () => void, madeFolder?: string): void {
  const file = join(ROOT, relative);
  if (madeFolder) mkdirSync(join(ROOT, madeFolder), { recursive: true });
  writeFileSync(file, content);
  try {
    run();
  } finally {
    rmSync(file, { force: true });
    if (madeFolder) rmSync(join(ROOT, madeFolder), { recursive: true, force: true });
  }
}

describe('the architecture rule (.dependency-cruiser.cjs, infra/check-architecture.mjs)', () => {
  it('holds for the whole tree: modules own their internals and import each other through index.ts, platform and common import no module, no folder cycles, features keep to themselves', () => {
    const { status, output } = check();
    expect(output).toContain('Architecture rule holds');
    expect(status).toBe(0);
  }, 180_000);

  it("fails when a module imports another module's entity", () => {
    withFile(
      'backend/src/modules/payments/zz-forbidden.ts',
      "export { Rsvp } from '../invitations/rsvp.entity';\n",
      () => {
        const { status, output } = check('backend/src/modules/payments/zz-forbidden.ts');
        expect(output).toContain(
          'module-internals-are-private: backend/src/modules/payments/zz-forbidden.ts -> backend/src/modules/invitations/rsvp.entity.ts',
        );
        expect(status).toBe(1);
      },
    );
  }, 120_000);

  it("fails when a module imports another module's inner file instead of its index.ts", () => {
    withFile(
      'backend/src/modules/payments/zz-forbidden.ts',
      "export { formatMoney } from '../events/event-format';\nexport { EventsService } from '../events';\n",
      () => {
        const { status, output } = check('backend/src/modules/payments/zz-forbidden.ts');
        expect(output).toContain(
          'modules-import-each-other-through-index: backend/src/modules/payments/zz-forbidden.ts -> backend/src/modules/events/event-format.ts',
        );
        // Through the index is the way in.
        expect(output).not.toContain('zz-forbidden.ts -> backend/src/modules/events/index.ts');
        expect(status).toBe(1);
      },
    );
  }, 120_000);

  it('fails when common/ imports a module or platform/', () => {
    withFile(
      'backend/src/common/zz-forbidden.ts',
      "export { MaintenanceService } from '../modules/maintenance/maintenance.service';\nexport { REDIS } from '../platform/redis/redis.module';\n",
      () => {
        const { status, output } = check('backend/src/common/zz-forbidden.ts');
        expect(output).toContain('platform-and-common-import-no-module: backend/src/common/zz-forbidden.ts');
        expect(output).toContain('common-imports-no-platform: backend/src/common/zz-forbidden.ts');
        expect(status).toBe(1);
      },
    );
  }, 120_000);

  it('fails on a cycle between two modules', () => {
    // events never imports invitations (invitations builds on events): this arrow closes a loop.
    withFile(
      'backend/src/modules/events/zz-forbidden.ts',
      "export { ReservationsService } from '../invitations/reservations.service';\n",
      () => {
        const { status, output } = check('backend/src/modules/events/zz-forbidden.ts');
        expect(output).toMatch(/folder-cycle: .*modules\/events, modules\/invitations/);
        expect(status).toBe(1);
      },
    );
  }, 120_000);

  it("fails when a frontend feature imports another feature's internals", () => {
    withFile(
      'frontend/src/features/payments/zz-forbidden.ts',
      "export { Flourish } from '../invitations/components/flourish';\n",
      () => {
        const { status, output } = check('frontend/src/features/payments/zz-forbidden.ts');
        expect(output).toContain(
          'feature-internals-are-private: frontend/src/features/payments/zz-forbidden.ts -> frontend/src/features/invitations/components/flourish.tsx',
        );
        expect(status).toBe(1);
      },
    );
  }, 120_000);
});
