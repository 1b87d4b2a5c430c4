#!/usr/bin/env node
/**
 * Writes the pictures a shared link shows (og:image, twitter:image), 1200 x 630 PNG, in the house
 * style: frontend/public/share.png for the site, frontend/public/share-invitation.png for a guest's
 * invitation (which names no guest: the picture is the same for every invitation). Each is a small
 * HTML card set in the site's faces and palette, photographed by Playwright's Chromium. Commit what
 * it writes; run it again after changing the brand, the palette or the words below.
 *
 *   node infra/share-images.mjs [--brand "Maison Fortuna"] [--chromium /usr/bin/chromium]
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/prepare.mjs';

const { values } = parseArgs({
  options: {
    brand: { type: 'string', default: 'Maison Fortuna' },
    chromium: { type: 'string' },
  },
});
const require = createRequire(join(ROOT, 'package.json'));
const { chromium } = require('@playwright/test');

const PUBLIC = join(ROOT, 'frontend', 'public');
const FONTS = join(ROOT, 'node_modules', '@fontsource');

/** The palette of frontend/src/app/global.css. */
const INK = '#0b0b0c';
const IVORY = '#f4eee3';
const GOLD = '#c9a35b';
const GOLD_LIGHT = '#e2c98f';

function face(family, file, weight, style = 'normal') {
  const data = readFileSync(join(FONTS, file)).toString('base64');
  return `@font-face{font-family:'${family}';font-weight:${weight};font-style:${style};src:url(data:font/woff2;base64,${data}) format('woff2')}`;
}

const fonts = [
  face('Cormorant Garamond', 'cormorant-garamond/files/cormorant-garamond-latin-400-normal.woff2', 400),
  face('Cormorant Garamond', 'cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2', 500),
  face('Cormorant Garamond', 'cormorant-garamond/files/cormorant-garamond-latin-400-italic.woff2', 400, 'italic'),
  face('Inter', 'inter/files/inter-latin-500-normal.woff2', 500),
].join('');

function escape(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function initials(brand) {
  return brand
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The house mark: the monogram in a fine diamond (frontend/src/features/landing/components/brand-mark.tsx). */
function monogram(brand, size) {
  return `<div class="mono" style="width:${size}px;height:${size}px">
    <svg viewBox="0 0 40 40" width="${size}" height="${size}">
      <path d="M20 1.5L38.5 20 20 38.5 1.5 20z" fill="none" stroke="${GOLD}" stroke-width="0.6"/>
      <path d="M20 5L35 20 20 35 5 20z" fill="none" stroke="${GOLD}" stroke-width="0.3" opacity="0.6"/>
    </svg><span style="font-size:${size * 0.3}px">${escape(initials(brand))}</span></div>`;
}

const flourish = `<div class="flourish"><i></i><b>◆</b><i></i></div>`;

const base = `
  *{box-sizing:border-box;margin:0;padding:0}
  html,body{width:1200px;height:630px}
  body{background:radial-gradient(ellipse 70% 80% at 50% 0%, rgba(201,163,91,.2), transparent 70%),
    radial-gradient(ellipse 60% 50% at 50% 110%, rgba(201,163,91,.1), transparent 70%), ${INK};
    color:${IVORY};font-family:'Cormorant Garamond',serif;display:grid;place-items:center;overflow:hidden}
  .mono{position:relative;display:grid;place-items:center;color:${GOLD_LIGHT};font-weight:500;letter-spacing:.04em}
  .mono svg{position:absolute;inset:0}
  .eyebrow{font-family:'Inter',sans-serif;font-weight:500;text-transform:uppercase}
  .flourish{display:flex;align-items:center;justify-content:center;gap:18px;font-size:13px}
  .flourish i{display:block;width:110px;height:1px}
`;

function siteCard(brand) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${fonts}${base}
    .frame{position:absolute;inset:28px;border:1px solid rgba(201,163,91,.55)}
    .frame::after{content:'';position:absolute;inset:8px;border:1px solid rgba(201,163,91,.25)}
    main{position:relative;display:flex;flex-direction:column;align-items:center;text-align:center}
    .brand{margin-top:30px;font-size:30px;font-weight:500;letter-spacing:.42em;text-transform:uppercase;margin-right:-.42em}
    h1{margin-top:44px;font-size:92px;font-weight:400;line-height:1;letter-spacing:-.005em}
    h1 em{color:${GOLD_LIGHT}}
    .flourish{margin-top:40px;color:${GOLD}}
    .flourish i{background:linear-gradient(90deg,transparent,${GOLD},transparent)}
    .eyebrow{margin-top:34px;font-size:17px;letter-spacing:.36em;color:${GOLD};margin-right:-.36em}
  </style></head><body><div class="frame"></div><main>
    ${monogram(brand, 92)}
    <p class="brand">${escape(brand)}</p>
    <h1>A Private <em>Members’</em> Club</h1>
    ${flourish}
    <p class="eyebrow">By invitation only</p>
  </main></body></html>`;
}

function invitationCard(brand) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${fonts}${base}
    .card{width:660px;height:540px;padding:12px;background:#f6f0e3;box-shadow:0 40px 90px rgba(0,0,0,.6),0 0 0 1px rgba(201,163,91,.5)}
    .inner{height:100%;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;
      border:1px solid #b8944f;outline:4px double ${GOLD};outline-offset:-12px;color:#15120d;
      background:radial-gradient(circle at 50% 0%, rgba(201,163,91,.14), transparent 55%), #f6f0e3}
    .eyebrow{font-size:15px;letter-spacing:.45em;color:#8c6b2f;margin-right:-.45em}
    .flourish{margin:26px 0;color:#b8944f}
    .flourish i{width:80px;background:linear-gradient(90deg,transparent,#b8944f,transparent)}
    .lead{font-size:32px;font-style:italic;color:#3b3326}
    h1{margin-top:10px;font-size:78px;font-weight:500;line-height:1;color:${INK}}
    .note{font-size:27px;color:#3b3326;max-width:460px;line-height:1.35}
  </style></head><body><div class="card"><div class="inner">
    <p class="eyebrow">${escape(brand)}</p>
    ${flourish}
    <p class="lead">requests the pleasure of your company</p>
    <h1>You are invited</h1>
    ${flourish}
    <p class="note">Open your invitation to see the evening and to respond.</p>
  </div></div></body></html>`;
}

const browser = await chromium.launch({ executablePath: values.chromium, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  for (const [file, html] of [
    ['share.png', siteCard(values.brand)],
    ['share-invitation.png', invitationCard(values.brand)],
  ]) {
    await page.setContent(html, { waitUntil: 'load' });
    // The page's own fonts are embedded: wait until the browser has them before the picture is taken.
    await page.evaluate('document.fonts.ready');
    await page.screenshot({ path: join(PUBLIC, file), type: 'png' });
    process.stdout.write(`wrote frontend/public/${file}\n`);
  }
} finally {
  await browser.close();
}
