#!/usr/bin/env node
/**
 * `npm run screenshots`: a full-page picture of every screen at a phone's and a desktop's width,
 * written to .screenshots/ (git-ignored) so that a reviewer can page through the whole house.
 *
 * It is the house-style end-to-end walk (frontend/e2e/house-style.spec.ts) with HOUSE_SCREENSHOTS
 * set: the app is started as the e2e tests start it, filled with the same data, and the same list
 * of screens (frontend/e2e/support/house.ts) is photographed instead of checked. A screen that
 * could not be opened is named in the output and has no picture.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from './lib/prepare.mjs';

const OUT = join(ROOT, '.screenshots');

ensureInstalled();
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const { status } = spawnSync(
  'npx',
  [
    'playwright',
    'test',
    '-c',
    'frontend/e2e/playwright.config.ts',
    'frontend/e2e/house-style.spec.ts',
    '--grep',
    'every screen',
  ],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, HOUSE_SCREENSHOTS: OUT } },
);
const pictures = readdirSync(OUT).filter((name) => name.endsWith('.png')).length;
process.stdout.write(`\n${pictures} screenshots in ${OUT}\n`);
process.exit(status === 0 ? 0 : 1);
