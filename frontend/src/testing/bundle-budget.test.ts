import { join } from 'node:path';
// Shared with bench:lighthouse; both read the client build's manifest.
// @ts-expect-error plain JavaScript module of the repository's scripts, without types
import { landingFirstLoad } from '../../../infra/lib/landing-bundle.mjs';

/** Issue 17: the landing page's first-load JavaScript stays under 100 KB as it travels (brotli). */
const BUDGET_BYTES = 100 * 1024;

// Vitest runs from frontend/ (npm test and `npx vitest` alike). `npm test` builds the frontend
// first whenever a source is newer than the build (infra/test.mjs), a clean clone included.
const dist = join(process.cwd(), 'dist');

interface FirstLoad {
  files: { file: string; bytes: number; compressedBytes: number }[];
  compressedBytes: number;
}

describe('the landing page bundle budget', () => {
  it('keeps the JavaScript / loads first under 100 KB compressed, without Ant Design', () => {
    const load = landingFirstLoad(dist) as FirstLoad;
    const listing = load.files.map((f) => `${f.file} ${f.compressedBytes} B`).join('\n');
    expect(load.files.length).toBeGreaterThan(1);
    expect(load.compressedBytes, `first-load JavaScript of /:\n${listing}`).toBeLessThan(BUDGET_BYTES);
    // Each file really is precompressed beside itself (what the api sends).
    for (const file of load.files) expect(file.compressedBytes).toBeLessThan(file.bytes);
  });
});
