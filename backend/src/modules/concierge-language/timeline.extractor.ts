import { MONTH_ABBREVIATIONS, MONTHS, WEEKDAYS } from './calendar.words';
import { GRAND_PRIX_IN_MONACO, IN_MONACO, NAMED_EVENTS } from './periods.words';
import { fold } from './places';

const MONTH = `(${[...MONTHS, ...MONTH_ABBREVIATIONS].join('|')})`;
const DAYS = `(${WEEKDAYS.join('|')})`;

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function monthName(token: string): string {
  const index = MONTHS.findIndex((m) => m.startsWith(token.slice(0, 3)));
  return capitalise(MONTHS[index] ?? token);
}

function ordinalDay(token: string): number {
  return Number(token.replace(/(st|nd|rd|th)$/, ''));
}

/** An event whose dates are the timeline: 'Monaco Grand Prix', 'Art Basel Miami Beach'... */
function namedEvent(t: string): string | null {
  // "Art Basel" in a message about Miami or Paris is that city's fair.
  if (/\bart basel\b/.test(t) && !/\bart basel (in )?(miami|paris|hong kong)\b/.test(t)) {
    if (/\bmiami\b/.test(t)) return 'Art Basel Miami Beach';
    if (/\bparis\b/.test(t)) return 'Art Basel Paris';
  }
  for (const event of NAMED_EVENTS) if (event.patterns.some((pattern) => pattern.test(t))) return event.name;
  if (GRAND_PRIX_IN_MONACO.test(t) && IN_MONACO.test(t)) return 'Monaco Grand Prix';
  return null;
}

/** When: 'tonight', 'next weekend', 'first week of June', 'June 14', '2026-07-03', 'Monaco Grand Prix'... */
export function findTimeline(text: string): string | null {
  const t = fold(text)
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    // As members text them.
    .replace(/\b(tmrw|tmr|tmw|tomoz|2moro|tomorow)\b/g, 'tomorrow')
    .replace(/\b(tonite|2nite|tonght)\b/g, 'tonight');
  const event = namedEvent(t);
  if (event) return event;
  const rules: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
    [
      /\b(first|second|third|fourth|last|1st|2nd|3rd|4th) week (of|in) (\w+)/,
      (m) =>
        new RegExp(`^${MONTH}$`).test(m[3])
          ? `${m[1].replace('1st', 'first').replace('2nd', 'second').replace('3rd', 'third').replace('4th', 'fourth')} week of ${monthName(m[3])}`
          : '',
    ],
    [
      /\b(early|mid|late|end of|beginning of|start of)[ -]+(\w+)/,
      (m) =>
        new RegExp(`^${MONTH}$`).test(m[2])
          ? `${m[1] === 'mid' ? 'mid' : m[1]}${m[1] === 'mid' ? '-' : ' '}${monthName(m[2])}`
          : '',
    ],
    [/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => `${m[1]}-${m[2]}-${m[3]}`],
    [/\b(\d{1,2})\/(\d{1,2})(\/\d{2,4})?\b/, (m) => m[0]],
    [
      new RegExp(`\\b${MONTH} (\\d{1,2}(st|nd|rd|th)?)\\b(?! ?(guests|people|persons|pax|nights|days))`),
      (m) => `${monthName(m[1])} ${ordinalDay(m[2])}`,
    ],
    [new RegExp(`\\b(\\d{1,2})(st|nd|rd|th)? (of )?${MONTH}\\b`), (m) => `${monthName(m[4])} ${Number(m[1])}`],
    [/\bnew year'?s eve\b/, () => "New Year's Eve"],
    [/\bchristmas( eve)?\b/, (m) => (m[1] ? 'Christmas Eve' : 'Christmas')],
    [/\beaster\b/, () => 'Easter'],
    [/\bvalentine'?s( day)?\b/, () => "Valentine's Day"],
    [/\bthanksgiving\b/, () => 'Thanksgiving'],
    [/\btonight\b|\bthis evening\b/, () => 'tonight'],
    [/\btomorrow (night|evening|morning|afternoon)\b/, (m) => `tomorrow ${m[1]}`],
    [/\btomorrow\b/, () => 'tomorrow'],
    [/\b(today|this afternoon|this morning)\b/, () => 'today'],
    [/\b(right now|immediately|asap|as soon as possible|within the hour)\b/, () => 'as soon as possible'],
    [/\bin (the next )?(\d+|a few|few|two|three|four|five|six) hours?\b/, (m) => `within ${m[2]} hours`],
    [/\bnext weekend\b/, () => 'next weekend'],
    [/\bthis weekend\b|\bthe weekend\b/, () => 'this weekend'],
    [new RegExp(`\\b(this|next|on) ${DAYS}\\b`), (m) => `${m[1] === 'on' ? '' : `${m[1]} `}${capitalise(m[2])}`],
    [/\bnext week\b/, () => 'next week'],
    [/\bthis week\b/, () => 'this week'],
    [/\bnext month\b/, () => 'next month'],
    [/\bthis month\b/, () => 'this month'],
    [/\bin (\d+|two|three|four|five|six|a couple of) (days|weeks|months)\b/, (m) => `in ${m[1]} ${m[2]}`],
    [/\b(this|next) (summer|winter|spring|autumn|fall|year)\b/, (m) => `${m[1]} ${m[2]}`],
    [new RegExp(`\\b(in|for|during|around|throughout) ${MONTH}\\b`), (m) => monthName(m[2])],
    [new RegExp(`\\b${MONTH}\\b`), (m) => (m[1] === 'may' || m[1] === 'mar' ? '' : monthName(m[1]))],
    [new RegExp(`\\b${DAYS}\\b`), (m) => capitalise(m[1])],
  ];
  for (const [pattern, render] of rules) {
    const match = t.match(pattern);
    if (match) {
      const value = render(match);
      if (value) return value;
    }
  }
  // "May" alone is a verb too often; count it only when written as the month.
  const may = text.match(/\b(?:in|during|early|late|mid-?|end of) May\b|\bMay \d{1,2}\b/);
  if (may) return may[0].replace(/^in /, '').replace(/^during /, '');
  return null;
}
