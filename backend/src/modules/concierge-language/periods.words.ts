/**
 * Named periods members ask for by name, as data: how they are written, how the timeline names
 * them, and, for the events whose dates move each year, their dates. Dates marked `provisional`
 * follow the event's usual place in the calendar until its organiser publishes them; correct them
 * here when they do.
 */

export interface DatedEdition {
  from: string;
  to: string;
  provisional?: boolean;
}

export interface NamedEvent {
  /** As the timeline names it. */
  name: string;
  /** Folded patterns that name it. */
  patterns: RegExp[];
  editions: DatedEdition[];
}

export const NAMED_EVENTS: NamedEvent[] = [
  {
    name: 'Monaco Grand Prix',
    patterns: [/\b(monaco|monte[- ]carlo) (f1 |formula (1|one) )?grand prix\b/, /\bgrand prix (of|de) monaco\b/],
    editions: [
      { from: '2026-06-05', to: '2026-06-07' },
      { from: '2027-06-04', to: '2027-06-06', provisional: true },
      { from: '2028-06-02', to: '2028-06-04', provisional: true },
    ],
  },
  {
    name: 'Art Basel Miami Beach',
    patterns: [/\bart basel (in )?miami( beach)?\b/],
    editions: [
      { from: '2026-12-03', to: '2026-12-06' },
      { from: '2027-12-02', to: '2027-12-05', provisional: true },
      { from: '2028-12-07', to: '2028-12-10', provisional: true },
    ],
  },
  {
    name: 'Art Basel Paris',
    patterns: [/\bart basel (in )?paris\b/],
    editions: [
      { from: '2026-10-23', to: '2026-10-25', provisional: true },
      { from: '2027-10-22', to: '2027-10-24', provisional: true },
      { from: '2028-10-20', to: '2028-10-22', provisional: true },
    ],
  },
  {
    name: 'Art Basel',
    patterns: [/\bart basel\b/],
    editions: [
      { from: '2026-06-18', to: '2026-06-21' },
      { from: '2027-06-17', to: '2027-06-20', provisional: true },
      { from: '2028-06-15', to: '2028-06-18', provisional: true },
    ],
  },
  {
    name: 'Cannes Film Festival',
    patterns: [
      /\bcannes (international )?film festival\b/,
      /\bfestival de cannes\b/,
      /\bfilm festival\b(?=.*\bcannes\b)|\bcannes\b.*\bfilm festival\b/,
    ],
    editions: [
      { from: '2026-05-12', to: '2026-05-23' },
      { from: '2027-05-11', to: '2027-05-22', provisional: true },
      { from: '2028-05-16', to: '2028-05-27', provisional: true },
    ],
  },
];

/** "the Grand Prix" alone names Monaco's when the request is in Monaco. */
export const GRAND_PRIX_IN_MONACO = /\bgrand prix\b/;
export const IN_MONACO = /\b(monaco|monte[- ]carlo)\b/;

/** Easter Sunday, which moves. */
export const EASTER: Record<number, string> = {
  2026: '2026-04-05',
  2027: '2027-03-28',
  2028: '2028-04-16',
};

/** Fixed days of the year (month, day), by the timeline's name for them. */
export const FIXED_DAYS: Record<string, { from: [number, number]; to: [number, number] }> = {
  Christmas: { from: [12, 25], to: [12, 25] },
  'Christmas Eve': { from: [12, 24], to: [12, 24] },
  "New Year's Eve": { from: [12, 31], to: [12, 31] },
  "Valentine's Day": { from: [2, 14], to: [2, 14] },
};
