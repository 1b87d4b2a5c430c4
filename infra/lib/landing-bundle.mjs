/**
 * The JavaScript a visitor's browser downloads to show / (the landing page), read from the client
 * build's manifest: the entry and what it imports, the landing route's chunk and what it imports,
 * and the floating concierge's launcher, each at the size it travels (its brotli copy).
 * Used by the bundle budget test (frontend/src/testing/bundle-budget.test.ts) and bench:lighthouse.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Modules the landing page loads on its first view, as the manifest names them. */
const LANDING_MODULES = [
  'index.html',
  'src/app/routes/landing.tsx',
  'src/features/concierge/widget/concierge-launcher.tsx',
];

export function landingFirstLoad(dist) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no client build at ${dist} (npm run build -w frontend)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    // The landing route is part of the entry unless a build splits it off.
    if (!chunk && key === 'src/app/routes/landing.tsx') return;
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of LANDING_MODULES) visit(key);
  const sized = [...files].map((file) => {
    const path = join(dist, file);
    const compressed = existsSync(`${path}.br`) ? `${path}.br` : path;
    return { file, bytes: statSync(path).size, compressedBytes: statSync(compressed).size };
  });
  return {
    files: sized,
    compressedBytes: sized.reduce((sum, f) => sum + f.compressedBytes, 0),
    bytes: sized.reduce((sum, f) => sum + f.bytes, 0),
  };
}
