import { fold } from './places';

const CURRENCIES: Array<[RegExp, string]> = [
  [/^(\$|usd|dollars?|bucks)$/, '$'],
  [/^(€|eur|euros?)$/, '€'],
  [/^(£|gbp|pounds?|quid)$/, '£'],
  [/^(chf|swiss francs?|francs?)$/, 'CHF '],
  [/^(aed|dirhams?)$/, 'AED '],
  [/^(¥|jpy|yen)$/, '¥'],
];

function currencySymbol(token: string | undefined): string | null {
  if (!token) return null;
  const t = token.toLowerCase().trim();
  for (const [pattern, symbol] of CURRENCIES) if (pattern.test(t)) return symbol;
  return null;
}

function scaled(amount: string, suffix: string | undefined): number {
  const value = Number(amount.replace(/,/g, ''));
  const s = (suffix ?? '').toLowerCase();
  if (s === 'k' || s.startsWith('thousand')) return value * 1_000;
  if (s === 'm' || s === 'mm' || s.startsWith('million')) return value * 1_000_000;
  if (s === 'b' || s.startsWith('billion')) return value * 1_000_000_000;
  return value;
}

/** How much: '$50,000', 'up to €20,000 per night', 'no limit', 'premium luxury'. */
export function findBudget(text: string): string | null {
  const t = text.replace(/\s+/g, ' ');
  const lower = fold(t);
  if (
    /\b(no (budget|limit|limits|ceiling)|unlimited( budget)?|money is no (object|issue)|whatever it costs|spare no expense|sky'?s the limit|price is no (object|issue)|cost is no (object|issue)|budget is no (object|issue)|budget is not an issue)\b/.test(
      lower,
    )
  ) {
    return 'no limit';
  }
  const currency = '(\\$|€|£|¥|usd|eur|gbp|chf|aed|jpy)';
  const number = '(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)';
  const suffix = '(k|m|mm|b|thousand|million|billion)?';
  const words = '(dollars?|usd|euros?|eur|pounds?|gbp|chf|swiss francs?|francs?|aed|dirhams?|yen|jpy|bucks|quid)';
  const before = new RegExp(`${currency} ?${number} ?${suffix}\\b`, 'i');
  const after = new RegExp(`\\b${number} ?${suffix} ?${words}\\b`, 'i');
  const bare = new RegExp(
    `\\bbudget (?:of |is |around |about |up to |under |below |max |maximum )*${number} ?${suffix}\\b`,
    'i',
  );
  let symbol: string | null = null;
  let value: number | null = null;
  let index = -1;
  let length = 0;
  const a = t.match(before);
  const b = t.match(after);
  const c = t.match(bare);
  if (a && a.index !== undefined) {
    symbol = currencySymbol(a[1]);
    value = scaled(a[2], a[3]);
    index = a.index;
    length = a[0].length;
  } else if (b && b.index !== undefined) {
    symbol = currencySymbol(b[3]);
    value = scaled(b[1], b[2]);
    index = b.index;
    length = b[0].length;
  } else if (c && c.index !== undefined) {
    symbol = '$';
    value = scaled(c[1], c[2]);
    index = c.index + c[0].length - (c[1].length + (c[2]?.length ?? 0));
    length = c[1].length + (c[2]?.length ?? 0);
  }
  if (value !== null && symbol !== null && Number.isFinite(value) && value > 0) {
    const head = fold(t.slice(Math.max(0, index - 14), index));
    const tail = fold(t.slice(index + length, index + length + 16));
    const qualifier = /(up to|under|below|less than|maximum|max|no more than) ?$/.test(head)
      ? 'up to '
      : /(around|about|roughly|approximately|~) ?$/.test(head)
        ? 'around '
        : /(at least|over|more than|from) ?$/.test(head)
          ? 'from '
          : '';
    const per = /^ ?(per|a|an|\/) ?(night|person|head|guest|day|week|hour)/.exec(tail);
    const formatted = Math.round(value).toLocaleString('en-US');
    return `${qualifier}${symbol}${formatted}${per ? ` per ${per[2] === 'head' || per[2] === 'guest' ? 'person' : per[2]}` : ''}`;
  }
  if (
    /\b(premium luxury|ultra[- ]luxury|ultra[- ]luxurious|top of the line|top-of-the-line|best available|the very best|best of the best|finest|most exclusive|no expense spared)\b/.test(
      lower,
    )
  ) {
    return 'premium luxury';
  }
  if (/\b(luxury|luxurious|high[- ]end|upscale|lavish)\b/.test(lower)) return 'luxury';
  if (/\b(mid[- ]range|moderate|reasonable|reasonably priced|sensible)\b/.test(lower)) return 'moderate';
  if (/\b(affordable|cheap|inexpensive|economical|budget[- ]friendly|on a budget|good value)\b/.test(lower))
    return 'economical';
  return null;
}
