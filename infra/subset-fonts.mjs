#!/usr/bin/env node
/**
 * `npm run fonts:subset`: writes the web fonts every page loads, smaller, and the CSS that declares
 * them (frontend/src/app/fonts.css). Run it again after changing the faces below or updating
 * @fontsource; commit what it writes (the output is the same on every run: hb-subset and woff2 are
 * deterministic).
 *
 * Each face becomes two @font-face rules of the same family, weight and style:
 * - a subset of @fontsource's Latin file (harfbuzz's hb-subset): the characters our pages and our
 *   guests' Latin-1 names use, and only the OpenType features the browser applies by itself or a
 *   page asks for. Its glyphs, metrics and kerning are the original's, so text looks the same, to the
 *   pixel.
 * - @fontsource's whole Latin file for every other character it has (unicode-range), so a rare one (a
 *   minus sign, a combining accent) still shows in the web font as before. A browser fetches it only
 *   for a page that has such a character: / has none.
 *
 * Dropped: figures for fractions (frac, numr, dnom), proportional, lining and tabular figures (pnum,
 * lnum, tnum) where no page asks for them (FACES says where one does: add a feature there before a
 * stylesheet asks for it); the language forms (locl: Turkish, Dutch, Catalan...) of pages all in
 * English; and the glyph names.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import subsetFont from 'subset-font';
import { ROOT } from './lib/prepare.mjs';

const require = createRequire(join(ROOT, 'frontend', 'package.json'));
const APP = join(ROOT, 'frontend', 'src', 'app');
const OUT = join(APP, 'fonts');

/**
 * Basic Latin and Latin-1 (what a guest types in a name or a note), and the punctuation of our copy.
 * From U+0000: a tab or a line break typed in a text area must not send the browser for the whole file.
 */
const CORE_RANGES = [
  [0x0, 0x7e],
  [0xa0, 0xff],
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
];

/** Inter's ʻ ʼ ˆ ˚ ˜: ʼ shares ’'s glyph, and without it FreeType's auto-hinter (Linux) draws ’ a shade apart. */
const INTER_MODIFIERS = [
  [0x2bb, 0x2bc],
  [0x2c6, 0x2c6],
  [0x2da, 0x2da],
  [0x2dc, 0x2dc],
];

/** What browsers apply by default (less locl), kept whenever the font has it. */
const DEFAULT_FEATURES = ['ccmp', 'calt', 'liga', 'clig', 'rlig', 'rclt', 'kern', 'mark', 'mkmk'];

/**
 * Beyond the defaults, the figures a page asks for: lining and tabular ones of Cormorant 300 (the
 * member counter) and Inter's tabular ones in 500, the face of the concierge's prices (weight 600).
 */
const cormorant = { family: 'Cormorant Garamond', pkg: 'cormorant-garamond', ranges: CORE_RANGES };
const inter = {
  family: 'Inter',
  pkg: 'inter',
  ranges: [...CORE_RANGES, ...INTER_MODIFIERS].sort((a, b) => a[0] - b[0]),
};
const FACES = [
  { ...cormorant, weight: 300, style: 'normal', features: ['lnum', 'tnum'] },
  { ...cormorant, weight: 400, style: 'normal', features: [] },
  { ...cormorant, weight: 500, style: 'normal', features: [] },
  { ...cormorant, weight: 400, style: 'italic', features: [] },
  { ...inter, weight: 300, style: 'normal', features: [] },
  { ...inter, weight: 400, style: 'normal', features: [] },
  { ...inter, weight: 500, style: 'normal', features: ['tnum'] },
];

const hex = (code) => code.toString(16).toUpperCase();
const unicodeRange = (ranges) => ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');

/** Every code point outside the core ranges (they are sorted and apart). */
function complement(ranges) {
  const rest = [];
  let next = 0;
  for (const [a, b] of ranges) {
    if (a > next) rest.push([next, a - 1]);
    next = b + 1;
  }
  rest.push([next, 0x10ffff]);
  return rest;
}

/** The code points both lists of sorted, separate ranges hold. */
function intersect(left, right) {
  const both = [];
  for (const [a, b] of left)
    for (const [c, d] of right) if (Math.max(a, c) <= Math.min(b, d)) both.push([Math.max(a, c), Math.min(b, d)]);
  return both.sort((x, y) => x[0] - y[0]);
}

/**
 * What @fontsource's Latin file covers (its own CSS says), so that the whole file is fetched only
 * for a character it has: an ornament such as ◆ (U+25C6) goes to the next face of the stack at once.
 */
function latinCoverage(face) {
  const css = readFileSync(
    require.resolve(`@fontsource/${face.pkg}/${face.weight}${face.style === 'italic' ? '-italic' : ''}.css`),
    'utf8',
  );
  const block = css.split('@font-face').find((rule) => rule.includes(`-latin-${face.weight}-${face.style}.woff2`));
  const range = block && /unicode-range:\s*([^;]+);/.exec(block);
  if (!range) throw new Error(`No Latin unicode-range in @fontsource/${face.pkg}'s CSS`);
  return range[1]
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^U\+/i, '')
        .split('-')
        .map((code) => parseInt(code, 16)),
    )
    .map(([a, b]) => [a, b ?? a])
    .sort((x, y) => x[0] - y[0]);
}

const text = (ranges) =>
  ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join('');

mkdirSync(OUT, { recursive: true });
const rules = [];
for (const face of FACES) {
  const original = `@fontsource/${face.pkg}/files/${face.pkg}-latin-${face.weight}-${face.style}.woff2`;
  const bytes = readFileSync(require.resolve(original));
  const subset = await subsetFont(bytes, text(face.ranges), {
    targetFormat: 'woff2',
    keepFeatures: [...DEFAULT_FEATURES, ...face.features],
  });
  const name = `${face.pkg}-${face.weight}-${face.style}.woff2`;
  writeFileSync(join(OUT, name), subset);
  process.stdout.write(`${name}: ${subset.length} bytes (from ${bytes.length})\n`);
  const rule = (src, range) =>
    [
      '@font-face {',
      `  font-family: '${face.family}';`,
      `  font-style: ${face.style};`,
      '  font-display: swap;',
      `  font-weight: ${face.weight};`,
      `  src: url('${src}') format('woff2');`,
      `  unicode-range: ${range};`,
      '}',
    ].join('\n');
  rules.push(
    rule(`./fonts/${name}`, unicodeRange(face.ranges)),
    rule(original, unicodeRange(intersect(complement(face.ranges), latinCoverage(face)))),
  );
}

const header = `/*
 * Written by \`npm run fonts:subset\` (infra/subset-fonts.mjs): change that script, not this file.
 *
 * The faces the pages use, woff2 only. Each is a subset of @fontsource's Latin file for Latin-1 and
 * our punctuation (app/fonts/, what every page loads), and the whole file for any other character
 * (loaded only where a page has one). main.tsx adds them once the page has loaded (the prerendered
 * landing page paints its words before); font-display: swap shows text at once, in the fallback face
 * until the web font is in.
 * (The invitation pages add Cormorant's 600 in their own chunk: app/routes/invitation.tsx.)
 */
`;
const css = join(APP, 'fonts.css');
// Formatted as `npm run format` would, so that format:check passes on what this writes.
writeFileSync(
  css,
  await format(`${header}\n${rules.join('\n\n')}\n`, { ...(await resolveConfig(css)), filepath: css }),
);
