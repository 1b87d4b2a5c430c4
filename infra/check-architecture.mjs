#!/usr/bin/env node
/**
 * The architecture rule: `npm run check:architecture` (and backend/test/architecture.spec.ts in
 * `npm test`). Runs dependency-cruiser with .dependency-cruiser.cjs (who may import what), then
 * looks for cycles between the architecture's folders on the graph it answers: one node per
 * backend module, platform adapter, common/ and config/, and one per frontend feature.
 * Exits 1 with one line per violation.
 *
 *   node infra/check-architecture.mjs [paths...]   (default: backend/src frontend/src)
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['backend/src', 'frontend/src'];

const cruise = spawnSync(
  process.execPath,
  [
    join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
    '-c',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
    ...paths,
  ],
  { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (!cruise.stdout) {
  process.stderr.write(cruise.stderr || 'dependency-cruiser gave no answer\n');
  process.exit(2);
}
const result = JSON.parse(cruise.stdout);
const problems = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

/** The folder a file belongs to in the architecture, or null for files outside it (and tests). */
function unitOf(file) {
  if (/\.(spec|test)\.tsx?$/.test(file)) return null;
  const backend = /^backend\/src\/(?:(modules|platform)\/([^/]+)\/|(common|config)\/)/.exec(file);
  if (backend) return backend[3] ?? `${backend[1]}/${backend[2]}`;
  const feature = /^frontend\/src\/features\/([^/]+)\//.exec(file);
  return feature ? `features/${feature[1]}` : null;
}

const edges = new Map();
for (const module of result.modules) {
  const from = unitOf(module.source);
  if (!from) continue;
  for (const dependency of module.dependencies) {
    const to = unitOf(dependency.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    // One file that makes the arrow, to name in the message.
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${module.source} -> ${dependency.resolved}`);
  }
}

// Tarjan's strongly connected components: each one with two or more folders is a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function connect(node) {
  index.set(node, counter);
  low.set(node, counter);
  counter += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!index.has(next)) {
      connect(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(node, Math.min(low.get(node), index.get(next)));
    }
  }
  if (low.get(node) !== index.get(node)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== node);
  if (component.length < 2) return;
  const inside = new Set(component);
  const arrows = component.flatMap((a) =>
    [...(edges.get(a) ?? [])].filter(([b]) => inside.has(b)).map(([b, via]) => `    ${a} -> ${b} (${via})`),
  );
  problems.push(`folder-cycle: ${component.sort().join(', ')}\n${arrows.join('\n')}`);
}
for (const node of edges.keys()) if (!index.has(node)) connect(node);

if (problems.length) {
  process.stdout.write(`Architecture rule broken (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`Architecture rule holds (${result.summary.totalCruised} files).\n`);
