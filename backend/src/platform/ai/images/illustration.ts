import type { MessageCategory } from '../types';

/**
 * The built-in illustrator: an SVG drawing in the house style (fine gold lines on black), of the
 * request's category, set against a backdrop chosen by its place (coast, mountains, desert,
 * countryside or city) and lit by its time of day. The same request always gives the same
 * drawing; another place or hour gives another one.
 */

export const TIMES_OF_DAY = ['dawn', 'day', 'dusk', 'night'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

export interface IllustrationSpec {
  category: MessageCategory;
  /** Where the request is about ("Monaco"), when known. */
  place: string | null;
  timeOfDay: TimeOfDay;
}

export type Setting = 'coast' | 'mountains' | 'desert' | 'countryside' | 'city';

const W = 1200;
const H = 800;
const HORIZON = 560;
const GOLD = '#c9a35b';
const GOLD_LIGHT = '#e2c98f';
const GOLD_DEEP = '#9c7a3c';
const IVORY = '#f4eee3';

const SETTING_WORDS: Array<[Setting, string[]]> = [
  [
    'coast',
    [
      'monaco',
      'monte-carlo',
      'monte carlo',
      'nice',
      'cannes',
      'antibes',
      'saint-tropez',
      'st. tropez',
      'st tropez',
      'riviera',
      'mediterranean',
      'mykonos',
      'santorini',
      'capri',
      'amalfi',
      'positano',
      'portofino',
      'sardinia',
      'ibiza',
      'mallorca',
      'majorca',
      'marbella',
      'maldives',
      'seychelles',
      'mauritius',
      'bora bora',
      'tahiti',
      'bali',
      'phuket',
      'miami',
      'malibu',
      'hamptons',
      'st. barts',
      'st barts',
      'barbados',
      'bahamas',
      'caribbean',
      'dubrovnik',
      'lisbon',
      'sydney',
      'rio',
      'hawaii',
      'maui',
      'cabo',
      'lake como',
      'como',
      'geneva',
      "cote d'azur",
      'corsica',
      'crete',
      'sicily',
    ],
  ],
  [
    'mountains',
    [
      'st. moritz',
      'st moritz',
      'gstaad',
      'zermatt',
      'verbier',
      'courchevel',
      'chamonix',
      'megeve',
      'aspen',
      'vail',
      'whistler',
      'niseko',
      'alps',
      'cortina',
      'kitzbuhel',
      'lech',
      'telluride',
      'jackson hole',
      'dolomites',
      'andes',
      'nepal',
      'bhutan',
      'patagonia',
      'switzerland',
      'innsbruck',
    ],
  ],
  [
    'desert',
    [
      'dubai',
      'abu dhabi',
      'marrakech',
      'marrakesh',
      'doha',
      'riyadh',
      'alula',
      'al ula',
      'scottsdale',
      'las vegas',
      'namibia',
      'sahara',
      'oman',
      'muscat',
      'jordan',
      'petra',
      'qatar',
      'palm springs',
    ],
  ],
  [
    'countryside',
    [
      'tuscany',
      'provence',
      'napa',
      'sonoma',
      'bordeaux',
      'champagne',
      'cotswolds',
      'burgundy',
      'kenya',
      'tanzania',
      'safari',
      'douro',
      'umbria',
      'loire',
      'scotland',
      'ireland',
      'normandy',
    ],
  ],
];

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The landscape a place suggests; a city skyline when nothing more particular is known. */
export function settingOf(place: string | null): Setting {
  if (!place) return 'city';
  const words = ` ${fold(place).replace(/[^a-z0-9.'-]+/g, ' ')} `;
  for (const [setting, names] of SETTING_WORDS) {
    if (names.some((name) => words.includes(` ${name} `) || words.includes(` ${name},`))) return setting;
  }
  return 'city';
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A small seeded generator (mulberry32): the same request draws the same picture. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const between = (random: Random, min: number, max: number) => min + (max - min) * random();
const n = (value: number) => Math.round(value * 10) / 10;

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

interface Light {
  top: string;
  horizon: string;
  glow: string;
  glowOpacity: number;
  /** Where the light source sits, and whether it is the sun or the moon. */
  body: { x: number; y: number; kind: 'sun' | 'moon' };
}

const LIGHT: Record<TimeOfDay, Light> = {
  dawn: {
    top: '#0a0a0e',
    horizon: '#33262a',
    glow: '#e9b8a0',
    glowOpacity: 0.42,
    body: { x: 300, y: HORIZON, kind: 'sun' },
  },
  day: {
    top: '#0d0d0f',
    horizon: '#1d1b17',
    glow: GOLD_LIGHT,
    glowOpacity: 0.28,
    body: { x: 880, y: 170, kind: 'sun' },
  },
  dusk: {
    top: '#060608',
    horizon: '#3b2a23',
    glow: '#d49a56',
    glowOpacity: 0.5,
    body: { x: 860, y: HORIZON, kind: 'sun' },
  },
  night: {
    top: '#040405',
    horizon: '#0e0f15',
    glow: '#8d93a8',
    glowOpacity: 0.14,
    body: { x: 930, y: 150, kind: 'moon' },
  },
};

function sky(time: TimeOfDay, random: Random): string {
  const light = LIGHT[time];
  const { x, y, kind } = light.body;
  const parts = [
    `<defs>`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light.top}"/><stop offset="${n(HORIZON / H)}" stop-color="${light.horizon}"/><stop offset="${n(HORIZON / H) + 0.001}" stop-color="#0b0b0c"/><stop offset="1" stop-color="#070708"/></linearGradient>`,
    `<radialGradient id="glow" cx="${x}" cy="${y}" r="620" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${light.glow}" stop-opacity="${light.glowOpacity}"/><stop offset="0.45" stop-color="${light.glow}" stop-opacity="${n(light.glowOpacity / 5)}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    `<clipPath id="aboveHorizon"><rect width="${W}" height="${HORIZON}"/></clipPath>`,
    `</defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#glow)"/>`,
  ];
  if (kind === 'sun') {
    const r = time === 'day' ? 46 : 64;
    const rays: string[] = [];
    for (let i = 0; i < 16; i += 1) {
      const angle = (Math.PI * 2 * i) / 16;
      const inner = r + 14;
      const outer = r + (i % 2 === 0 ? 46 : 28);
      rays.push(
        `<line x1="${n(x + Math.cos(angle) * inner)}" y1="${n(y + Math.sin(angle) * inner)}" x2="${n(x + Math.cos(angle) * outer)}" y2="${n(y + Math.sin(angle) * outer)}"/>`,
      );
    }
    parts.push(
      `<g clip-path="url(#aboveHorizon)" stroke="${GOLD_LIGHT}" stroke-width="1.5" fill="none" opacity="0.85">`,
      `<circle cx="${x}" cy="${y}" r="${r}"/><circle cx="${x}" cy="${y}" r="${r - 9}" opacity="0.5"/>`,
      ...rays,
      `</g>`,
    );
  } else {
    parts.push(
      `<path d="M ${x - 10} ${y - 52} A 56 56 0 1 0 ${x + 38} ${y + 40} A 44 44 0 1 1 ${x - 10} ${y - 52} Z" fill="none" stroke="${GOLD_LIGHT}" stroke-width="1.6"/>`,
    );
    const stars: string[] = [];
    const count = 46 + Math.floor(random() * 30);
    for (let i = 0; i < count; i += 1) {
      const sx = n(between(random, 20, W - 20));
      const sy = n(between(random, 20, HORIZON - 80));
      const r = random() < 0.12 ? 1.8 : 0.9;
      stars.push(`<circle cx="${sx}" cy="${sy}" r="${r}"/>`);
    }
    parts.push(`<g fill="${IVORY}" opacity="0.55">${stars.join('')}</g>`);
  }
  return parts.join('');
}

function backdrop(setting: Setting, random: Random): string {
  const lines: string[] = [];
  const stroke = `stroke="${GOLD_DEEP}" stroke-width="1.3" fill="none"`;
  if (setting === 'coast') {
    for (let row = 0; row < 6; row += 1) {
      const y = HORIZON + 30 + row * 34;
      const span = 60 + row * 18;
      let d = '';
      for (let x = between(random, -40, 0); x < W; x += span * 2 + between(random, 20, 120)) {
        d += `M ${n(x)} ${y} q ${span / 2} -10 ${span} 0 `;
      }
      lines.push(`<path d="${d}" ${stroke} opacity="${n(0.7 - row * 0.08)}"/>`);
    }
    const sx = between(random, 120, 420);
    lines.push(
      `<path d="M ${n(sx)} ${HORIZON - 4} l 38 0 l -6 6 l -26 0 z M ${n(sx + 18)} ${HORIZON - 6} l 0 -44 l 16 38 z" ${stroke} opacity="0.8"/>`,
    );
  } else if (setting === 'mountains') {
    for (const [depth, opacity] of [
      [0, 0.55],
      [1, 0.9],
    ] as const) {
      let d = `M -20 ${HORIZON}`;
      let x = -20;
      while (x < W + 20) {
        const width = between(random, 120, 240);
        const height = between(random, 90, 230) - depth * 40;
        d += ` L ${n(x + width / 2)} ${n(HORIZON - height)} L ${n(x + width)} ${HORIZON}`;
        if (random() < 0.7) {
          lines.push(
            `<path d="M ${n(x + width / 2 - width * 0.12)} ${n(HORIZON - height * 0.76)} l ${n(width * 0.06)} ${n(height * 0.05)} l ${n(width * 0.06)} ${n(-height * 0.04)} l ${n(width * 0.06)} ${n(height * 0.05)}" ${stroke} opacity="${opacity}"/>`,
          );
        }
        x += width * between(random, 0.55, 0.9);
      }
      lines.push(`<path d="${d}" ${stroke} opacity="${opacity}"/>`);
    }
  } else if (setting === 'desert') {
    for (let i = 0; i < 4; i += 1) {
      const y = HORIZON - 10 + i * 50;
      lines.push(
        `<path d="M -20 ${n(y + between(random, 0, 30))} C ${n(between(random, 200, 400))} ${n(y - 60)}, ${n(between(random, 600, 800))} ${n(y + 50)}, ${W + 20} ${n(y - between(random, 0, 40))}" ${stroke} opacity="${n(0.8 - i * 0.12)}"/>`,
      );
    }
    const tx = between(random, 140, 360);
    lines.push(
      `<path d="M ${n(tx - 26)} ${HORIZON - 10} L ${n(tx - 8)} ${HORIZON - 200} L ${n(tx)} ${HORIZON - 330} L ${n(tx + 8)} ${HORIZON - 200} L ${n(tx + 26)} ${HORIZON - 10} M ${n(tx - 16)} ${HORIZON - 120} L ${n(tx + 16)} ${HORIZON - 120}" ${stroke} opacity="0.8"/>`,
    );
  } else if (setting === 'countryside') {
    for (let i = 0; i < 3; i += 1) {
      const y = HORIZON - 40 + i * 45;
      lines.push(
        `<path d="M -20 ${n(y)} Q ${n(between(random, 250, 450))} ${n(y - 70)} ${n(between(random, 600, 700))} ${n(y)} T ${W + 20} ${n(y - 10)}" ${stroke} opacity="${n(0.85 - i * 0.15)}"/>`,
      );
    }
    for (let i = 0; i < 5; i += 1) {
      const cx = between(random, 60, W - 60);
      const h = between(random, 50, 90);
      lines.push(
        `<path d="M ${n(cx)} ${n(HORIZON - 50 - h)} C ${n(cx + 14)} ${n(HORIZON - 50 - h * 0.6)}, ${n(cx + 12)} ${HORIZON - 50}, ${n(cx)} ${HORIZON - 44} C ${n(cx - 12)} ${HORIZON - 50}, ${n(cx - 14)} ${n(HORIZON - 50 - h * 0.6)}, ${n(cx)} ${n(HORIZON - 50 - h)} Z" ${stroke} opacity="0.7"/>`,
      );
    }
  } else {
    let x = -10;
    let d = '';
    const windows: string[] = [];
    while (x < W) {
      const width = between(random, 36, 90);
      const height = between(random, 60, 240);
      const top = HORIZON - height;
      const roof = random();
      if (roof < 0.15) {
        d += `M ${n(x)} ${HORIZON} V ${n(top)} A ${n(width / 2)} ${n(width / 2)} 0 0 1 ${n(x + width)} ${n(top)} V ${HORIZON} `;
      } else if (roof < 0.3) {
        d += `M ${n(x)} ${HORIZON} V ${n(top)} L ${n(x + width / 2)} ${n(top - 50)} L ${n(x + width)} ${n(top)} V ${HORIZON} `;
      } else {
        d += `M ${n(x)} ${HORIZON} V ${n(top)} H ${n(x + width)} V ${HORIZON} `;
      }
      for (let wy = top + 16; wy < HORIZON - 12; wy += 22) {
        if (random() < 0.35) windows.push(`<rect x="${n(x + width / 2 - 2)}" y="${n(wy)}" width="4" height="6"/>`);
      }
      x += width + between(random, 4, 26);
    }
    lines.push(`<path d="${d}" ${stroke} opacity="0.6"/>`);
    lines.push(`<g fill="${GOLD_LIGHT}" opacity="0.35">${windows.join('')}</g>`);
  }
  lines.push(
    `<line x1="0" y1="${HORIZON}" x2="${W}" y2="${HORIZON}" stroke="${GOLD}" stroke-width="1" opacity="0.6"/>`,
  );
  return lines.join('');
}

/** The category's subject, drawn in the foreground. */
function subject(category: MessageCategory, setting: Setting, random: Random): string {
  const g = (body: string, width = 2.4) =>
    `<g stroke="${GOLD}" stroke-width="${width}" fill="none" stroke-linecap="round" stroke-linejoin="round">${body}</g>`;
  const cx = 600 + between(random, -60, 60);
  switch (category) {
    case 'travel': {
      const arches = [-220, 0, 220]
        .map(
          (dx) =>
            `<path d="M ${n(cx + dx - 90)} 760 V 420 A 90 90 0 0 1 ${n(cx + dx + 90)} 420 V 760"/><path d="M ${n(cx + dx - 78)} 760 V 424 A 78 78 0 0 1 ${n(cx + dx + 78)} 424 V 760" opacity="0.45"/>`,
        )
        .join('');
      const jy = between(random, 150, 260);
      return g(
        `${arches}<path d="M ${n(cx - 340)} 760 H ${n(cx + 340)}"/>` +
          `<path d="M ${n(cx - 60)} ${n(jy)} l 120 -26 l 8 6 l -104 30 z M ${n(cx - 6)} ${n(jy - 14)} l 26 -30 l 10 2 l -14 24 M ${n(cx + 20)} ${n(jy + 2)} l 22 20 l 10 -2 l -16 -24" stroke-width="1.8"/>` +
          `<path d="M ${n(cx - 70)} ${n(jy + 2)} L ${n(cx - 420)} ${n(jy + 70)}" stroke="${GOLD_LIGHT}" stroke-width="1" opacity="0.5"/>`,
      );
    }
    case 'dining': {
      const glass = (x: number) =>
        `<path d="M ${x - 26} 560 C ${x - 26} 610, ${x + 26} 610, ${x + 26} 560 Z M ${x} 604 V 680 M ${x - 22} 684 H ${x + 22}"/>`;
      return g(
        `<path d="M ${n(cx - 380)} 690 H ${n(cx + 380)} M ${n(cx - 340)} 690 V 780 M ${n(cx + 340)} 690 V 780"/>` +
          `<path d="M ${n(cx - 130)} 680 A 90 90 0 0 1 ${n(cx + 50)} 680 Z M ${n(cx - 40)} 590 v -12 M ${n(cx - 150)} 686 H ${n(cx + 70)}"/>` +
          glass(Math.round(cx + 150)) +
          glass(Math.round(cx + 230)) +
          `<path d="M ${n(cx - 270)} 686 V 580 M ${n(cx - 284)} 686 H ${n(cx - 256)} M ${n(cx - 270)} 566 c -8 -12 0 -24 0 -30 c 0 6 8 18 0 30 z" />` +
          `<path d="M ${n(cx - 270)} 560 m -40 0 a 40 40 0 1 0 80 0 a 40 40 0 1 0 -80 0" stroke="${GOLD_LIGHT}" stroke-width="0.8" opacity="0.4"/>`,
      );
    }
    case 'property': {
      const w = between(random, 420, 520);
      const left = cx - w / 2;
      return g(
        `<path d="M ${n(left - 40)} 470 H ${n(left + w + 40)} M ${n(left)} 470 V 650 H ${n(left + w)} V 470"/>` +
          `<path d="M ${n(left + w * 0.55)} 470 V 390 H ${n(left + w + 70)} M ${n(left + w * 0.6)} 390 V 470"/>` +
          [0.08, 0.3, 0.52, 0.74]
            .map((f) => `<rect x="${n(left + w * f)}" y="500" width="${n(w * 0.16)}" height="150" stroke-width="1.6"/>`)
            .join('') +
          `<path d="M ${n(left - 80)} 690 H ${n(left + w + 80)} L ${n(left + w + 40)} 740 H ${n(left - 40)} Z"/>` +
          [704, 716, 728]
            .map(
              (y) =>
                `<path d="M ${n(left - 10)} ${y} h ${n(w * 0.3)} M ${n(left + w * 0.45)} ${y} h ${n(w * 0.4)}" stroke="${GOLD_LIGHT}" stroke-width="1" opacity="0.55"/>`,
            )
            .join('') +
          `<path d="M ${n(left + w + 130)} 690 C ${n(left + w + 120)} 600, ${n(left + w + 140)} 520, ${n(left + w + 120)} 450 M ${n(left + w + 120)} 450 c -40 -10 -70 10 -90 40 M ${n(left + w + 120)} 450 c 40 -14 70 0 90 30 M ${n(left + w + 120)} 450 c -10 -40 -40 -50 -60 -56 M ${n(left + w + 120)} 450 c 20 -40 50 -44 70 -44"/>`,
      );
    }
    case 'events': {
      const coupe = (x: number, y: number) =>
        `<path d="M ${n(x - 24)} ${n(y)} Q ${n(x)} ${n(y + 22)} ${n(x + 24)} ${n(y)} Z M ${n(x)} ${n(y + 11)} V ${n(y + 40)} M ${n(x - 12)} ${n(y + 40)} H ${n(x + 12)}"/>`;
      const tower: string[] = [];
      for (let row = 0; row < 4; row += 1) {
        for (let i = 0; i <= row; i += 1) tower.push(coupe(cx - row * 28 + i * 56, 560 + row * 48));
      }
      const bursts: string[] = [];
      for (let b = 0; b < 3; b += 1) {
        const bx = between(random, 120, W - 120);
        const by = between(random, 120, 300);
        const r = between(random, 40, 80);
        for (let i = 0; i < 14; i += 1) {
          const a = (Math.PI * 2 * i) / 14;
          bursts.push(
            `<line x1="${n(bx + Math.cos(a) * r * 0.3)}" y1="${n(by + Math.sin(a) * r * 0.3)}" x2="${n(bx + Math.cos(a) * r)}" y2="${n(by + Math.sin(a) * r)}"/>`,
          );
        }
      }
      const chandelier = `<path d="M ${n(cx)} 0 V 70 M ${n(cx - 110)} 110 Q ${n(cx)} 170 ${n(cx + 110)} 110 M ${n(cx - 70)} 130 Q ${n(cx)} 200 ${n(cx + 70)} 130 M ${n(cx)} 70 L ${n(cx - 110)} 110 M ${n(cx)} 70 L ${n(cx + 110)} 110"/>`;
      return (
        g(`${chandelier}${tower.join('')}<path d="M ${n(cx - 160)} 760 H ${n(cx + 160)}"/>`) +
        `<g stroke="${GOLD_LIGHT}" stroke-width="1.2" opacity="0.7">${bursts.join('')}</g>`
      );
    }
    case 'wellness': {
      const petals = [-60, -30, 0, 30, 60]
        .map(
          (angle) =>
            `<path d="M ${n(cx)} 640 C ${n(cx - 34)} 580, ${n(cx - 20)} 520, ${n(cx)} 490 C ${n(cx + 20)} 520, ${n(cx + 34)} 580, ${n(cx)} 640 Z" transform="rotate(${angle} ${n(cx)} 640)"/>`,
        )
        .join('');
      const ripples = [1, 2, 3, 4]
        .map(
          (i) =>
            `<ellipse cx="${n(cx)}" cy="650" rx="${80 + i * 70}" ry="${10 + i * 9}" opacity="${n(1 - i * 0.2)}" stroke-width="1.4"/>`,
        )
        .join('');
      const sx = cx + 330;
      return g(
        petals +
          ripples +
          `<ellipse cx="${n(sx)}" cy="700" rx="70" ry="22"/><ellipse cx="${n(sx)}" cy="660" rx="52" ry="18"/><ellipse cx="${n(sx)}" cy="628" rx="36" ry="14"/><ellipse cx="${n(sx)}" cy="604" rx="22" ry="10"/>`,
      );
    }
    case 'fashion': {
      return g(
        `<path d="M ${n(cx - 60)} 300 C ${n(cx - 70)} 340, ${n(cx - 40)} 380, ${n(cx - 46)} 420 C ${n(cx - 120)} 520, ${n(cx - 150)} 640, ${n(cx - 170)} 700 H ${n(cx + 170)} C ${n(cx + 150)} 640, ${n(cx + 120)} 520, ${n(cx + 46)} 420 C ${n(cx + 40)} 380, ${n(cx + 70)} 340, ${n(cx + 60)} 300 Q ${n(cx)} 280 ${n(cx - 60)} 300 Z"/>` +
          `<path d="M ${n(cx)} 270 V 240 M ${n(cx)} 700 V 770 M ${n(cx - 60)} 770 H ${n(cx + 60)} M ${n(cx - 46)} 420 Q ${n(cx)} 440 ${n(cx + 46)} 420"/>` +
          `<path d="M ${n(cx - 120)} 560 Q ${n(cx)} 590 ${n(cx + 120)} 560 M ${n(cx - 145)} 640 Q ${n(cx)} 675 ${n(cx + 145)} 640" stroke="${GOLD_LIGHT}" stroke-width="1" opacity="0.6"/>` +
          `<path d="M ${n(cx + 250)} 620 H ${n(cx + 380)} L ${n(cx + 360)} 730 H ${n(cx + 270)} Z M ${n(cx + 285)} 620 C ${n(cx + 285)} 570, ${n(cx + 345)} 570, ${n(cx + 345)} 620"/>` +
          `<path d="M ${n(cx - 330)} 360 L ${n(cx - 250)} 320 L ${n(cx - 170)} 360 Z M ${n(cx - 250)} 320 V 300 a 12 12 0 1 1 12 -12"/>`,
      );
    }
    case 'transportation': {
      if (setting === 'coast' || random() < 0.35) {
        return g(
          `<path d="M ${n(cx - 300)} 640 L ${n(cx + 320)} 640 L ${n(cx + 250)} 700 L ${n(cx - 250)} 700 Z"/>` +
            `<path d="M ${n(cx - 200)} 640 V 590 H ${n(cx + 150)} L ${n(cx + 210)} 640 M ${n(cx - 140)} 590 V 550 H ${n(cx + 60)} L ${n(cx + 110)} 590"/>` +
            `<path d="M ${n(cx - 180)} 612 H ${n(cx + 140)} M ${n(cx - 120)} 570 H ${n(cx + 60)}" stroke-width="1.2"/>` +
            `<path d="M ${n(cx - 340)} 720 q 40 -10 80 0 t 80 0 t 80 0 t 80 0 t 80 0 t 80 0 t 80 0 t 80 0" stroke="${GOLD_LIGHT}" stroke-width="1" opacity="0.6"/>`,
        );
      }
      return g(
        `<path d="M ${n(cx - 330)} 610 C ${n(cx - 300)} 580, ${n(cx + 200)} 575, ${n(cx + 300)} 590 Q ${n(cx + 350)} 600 ${n(cx + 300)} 620 L ${n(cx - 300)} 630 Z"/>` +
          `<path d="M ${n(cx - 40)} 600 L ${n(cx - 140)} 690 L ${n(cx - 90)} 690 L ${n(cx + 40)} 605 M ${n(cx - 300)} 600 L ${n(cx - 360)} 520 L ${n(cx - 320)} 520 L ${n(cx - 250)} 592"/>` +
          [-200, -150, -100, -50, 0, 50, 100, 150]
            .map((dx) => `<circle cx="${n(cx + dx)}" cy="598" r="5" stroke-width="1.4"/>`)
            .join('') +
          `<path d="M ${n(cx - 500)} 740 H ${n(cx + 500)} M ${n(cx - 420)} 760 H ${n(cx - 340)} M ${n(cx - 200)} 760 H ${n(cx - 120)} M ${n(cx + 20)} 760 H ${n(cx + 100)} M ${n(cx + 240)} 760 H ${n(cx + 320)}" stroke-width="1.4"/>`,
      );
    }
    case 'art': {
      const inner = `<circle cx="${n(cx - 20 + between(random, -30, 30))}" cy="${n(between(random, 380, 430))}" r="${n(between(random, 30, 55))}"/><path d="M ${n(cx - 120)} 470 Q ${n(cx)} ${n(between(random, 360, 420))} ${n(cx + 120)} 470" />`;
      return g(
        `<rect x="${n(cx - 170)}" y="290" width="340" height="240"/><rect x="${n(cx - 150)}" y="310" width="300" height="200" stroke-width="1.2"/>${inner}` +
          `<path d="M ${n(cx - 110)} 530 L ${n(cx - 170)} 770 M ${n(cx + 110)} 530 L ${n(cx + 170)} 770 M ${n(cx)} 530 L ${n(cx)} 770 M ${n(cx - 150)} 700 H ${n(cx + 150)}"/>` +
          `<path d="M ${n(cx + 300)} 770 V 620 H ${n(cx + 400)} V 770 M ${n(cx + 290)} 620 H ${n(cx + 410)}"/><circle cx="${n(cx + 350)}" cy="580" r="40"/>` +
          `<path d="M ${n(cx - 400)} 770 V 640 M ${n(cx - 420)} 640 H ${n(cx - 380)} M ${n(cx - 400)} 640 C ${n(cx - 440)} 600, ${n(cx - 430)} 540, ${n(cx - 400)} 520 C ${n(cx - 370)} 540, ${n(cx - 360)} 600, ${n(cx - 400)} 640"/>`,
      );
    }
    case 'concierge': {
      return g(
        `<path d="M ${n(cx - 420)} 700 H ${n(cx + 420)}"/>` +
          `<path d="M ${n(cx - 130)} 680 A 130 130 0 0 1 ${n(cx + 130)} 680 Z M ${n(cx - 160)} 680 H ${n(cx + 160)} M ${n(cx)} 550 V 530 M ${n(cx - 16)} 528 H ${n(cx + 16)}"/>` +
          `<path d="M ${n(cx - 80)} 620 A 90 90 0 0 1 ${n(cx - 20)} 572" stroke="${GOLD_LIGHT}" stroke-width="1.2" opacity="0.6"/>` +
          `<circle cx="${n(cx + 290)}" cy="640" r="26"/><circle cx="${n(cx + 290)}" cy="640" r="12"/><path d="M ${n(cx + 316)} 640 H ${n(cx + 420)} M ${n(cx + 380)} 640 v 18 M ${n(cx + 400)} 640 v 12"/>`,
      );
    }
    default: {
      const leaves: string[] = [];
      for (let i = 0; i < 9; i += 1) {
        for (const side of [-1, 1]) {
          const a = Math.PI / 2 + side * (0.35 + i * 0.26);
          const x = cx + Math.cos(a) * 150;
          const y = 430 + Math.sin(a) * 150;
          leaves.push(
            `<ellipse cx="${n(x)}" cy="${n(y)}" rx="16" ry="7" transform="rotate(${n((a * 180) / Math.PI + 90)} ${n(x)} ${n(y)})" stroke-width="1.4"/>`,
          );
        }
      }
      return g(
        leaves.join('') +
          `<path d="M ${n(cx)} 350 L ${n(cx + 60)} 430 L ${n(cx)} 510 L ${n(cx - 60)} 430 Z M ${n(cx - 60)} 430 H ${n(cx + 60)} M ${n(cx)} 350 V 510"/>` +
          `<path d="M ${n(cx - 300)} 700 H ${n(cx + 300)}" stroke-width="1.2"/>`,
      );
    }
  }
}

function frame(): string {
  const inset = 22;
  const corner = 38;
  const corners = [
    [inset, inset, 1, 1],
    [W - inset, inset, -1, 1],
    [inset, H - inset, 1, -1],
    [W - inset, H - inset, -1, -1],
  ]
    .map(
      ([x, y, dx, dy]) =>
        `<path d="M ${x + dx * 10} ${y + dy * corner} V ${y + dy * 10} H ${x + dx * corner}" stroke-width="1.4"/>`,
    )
    .join('');
  return `<g stroke="${GOLD}" fill="none" opacity="0.8"><rect x="${inset}" y="${inset}" width="${W - inset * 2}" height="${H - inset * 2}" stroke-width="0.8" opacity="0.6"/>${corners}</g>`;
}

const TIME_LABEL: Record<TimeOfDay, string> = { dawn: 'Dawn', day: 'Day', dusk: 'Dusk', night: 'Night' };

/** The drawing, as a standalone SVG document. */
export function composeIllustration(spec: IllustrationSpec): string {
  const place = spec.place?.trim().slice(0, 60) || null;
  const random = seeded(hash(`${spec.category}|${place ?? ''}|${spec.timeOfDay}`));
  const setting = settingOf(place);
  const caption = [place, TIME_LABEL[spec.timeOfDay]].filter(Boolean).join('  ·  ').toUpperCase();
  const title = `${spec.category} illustration${place ? `, ${place}` : ''}, ${spec.timeOfDay}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    sky(spec.timeOfDay, random),
    backdrop(setting, random),
    subject(spec.category, setting, random),
    frame(),
    `<text x="${W / 2}" y="${H - 40}" text-anchor="middle" fill="${IVORY}" opacity="0.72" font-family="'Cormorant Garamond', Garamond, 'Times New Roman', serif" font-size="20" letter-spacing="6">${escapeXml(caption)}</text>`,
    `</svg>`,
  ].join('');
}
