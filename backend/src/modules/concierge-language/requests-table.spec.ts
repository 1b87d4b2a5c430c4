import { messageIntent } from './intent.extractor';
import { parseRequest } from './parser';
import { REQUESTS_TABLE, TABLE_NOW, WRITTEN_LATER, type Expected, type TableRow } from './requests-table';

/** The fields measured, each read from a parse the way the table writes it. */
const FIELDS = {
  category: (p, _text) => p.mainCategory,
  location: (p) => p.location,
  timeline: (p) => p.timeline,
  dates: (p) => (p.dates ? (p.dates.from === p.dates.to ? [p.dates.from] : [p.dates.from, p.dates.to]) : null),
  party: (p) => p.partySize,
  origin: (p) => p.origin,
  destination: (p) => p.destination,
  occasion: (p) => p.occasion,
  dietary: (p) => p.dietary,
  budget: (p) => p.budget,
  urgency: (p) => p.urgency,
  question: (_p, text) => messageIntent(text) === 'question',
} satisfies Record<keyof Expected, (parsed: ReturnType<typeof parseRequest>, text: string) => unknown>;

type Field = keyof typeof FIELDS;

/** What the table expects of a field a row leaves out: nothing stated. */
const EMPTY: Record<Field, unknown> = {
  category: 'default',
  location: null,
  timeline: null,
  dates: null,
  party: null,
  origin: null,
  destination: null,
  occasion: null,
  dietary: [],
  budget: null,
  urgency: 'medium',
  question: false,
};

/**
 * The least share right per field this parser is held to; set a little under what it measured, so
 * a change that loses ground fails here. Raise them as the parser improves.
 */
const FLOORS: Record<Field, number> = {
  category: 0.82,
  location: 0.94,
  timeline: 0.95,
  dates: 0.95,
  party: 0.96,
  origin: 0.95,
  destination: 0.94,
  occasion: 0.97,
  dietary: 0.97,
  budget: 0.97,
  urgency: 0.96,
  question: 0.97,
};

function measure(rows: TableRow[]) {
  const right = Object.fromEntries(Object.keys(FIELDS).map((f) => [f, 0])) as Record<Field, number>;
  const misses: string[] = [];
  for (const [text, expected] of rows) {
    const parsed = parseRequest(text, TABLE_NOW);
    for (const field of Object.keys(FIELDS) as Field[]) {
      const want = expected[field] ?? EMPTY[field];
      const got = FIELDS[field](parsed, text);
      if (JSON.stringify(got) === JSON.stringify(want)) right[field] += 1;
      else misses.push(`${field}: "${text}" -> ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    }
  }
  return { right, misses };
}

describe('the table of member requests', () => {
  it('holds at least 150 requests', () => {
    expect(REQUESTS_TABLE.length).toBeGreaterThanOrEqual(150);
  });

  it('reads each field right at least as often as its floor', () => {
    const { right, misses } = measure(REQUESTS_TABLE);
    const total = REQUESTS_TABLE.length;
    const shares = Object.fromEntries(
      (Object.keys(FIELDS) as Field[]).map((field) => [field, right[field] / total]),
    ) as Record<Field, number>;
    // The figures for the README, and what was missed, when asked: MEASURE=1 npx jest requests-table.
    if (process.env.MEASURE) {
      const later = measure(WRITTEN_LATER).right;
      const share = (n: number, of: number) => `${n}/${of} (${((n / of) * 100).toFixed(1)}%)`;
      const lines = (Object.keys(FIELDS) as Field[]).map(
        (field) => `| ${field} | ${share(right[field], total)} | ${share(later[field], WRITTEN_LATER.length)} |`,
      );
      process.stdout.write(
        `\n| field | whole table | rows written later |\n|---|---|---|\n${lines.join('\n')}\n\n${misses.join('\n')}\n`,
      );
    }
    for (const field of Object.keys(FIELDS) as Field[]) {
      expect({ field, share: shares[field] >= FLOORS[field] ? 'at or above its floor' : shares[field] }).toEqual({
        field,
        share: 'at or above its floor',
      });
    }
  });
});
