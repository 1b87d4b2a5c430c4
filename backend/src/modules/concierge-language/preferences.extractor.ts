import { fold } from './places';
import { PREFERENCES } from './preferences.words';
import { wordPattern } from './word-pattern';

// Compiled once: every chat message, title and parse runs these.
const PREFERENCE_PATTERNS = PREFERENCES.map(
  ([name, words]) => [name, words.map((word) => new RegExp(wordPattern(fold(word)).source))] as const,
);

export function findPreferences(text: string): string[] {
  const t = fold(text);
  const found: Array<[string, number]> = [];
  for (const [name, patterns] of PREFERENCE_PATTERNS) {
    let first = -1;
    for (const pattern of patterns) {
      const match = pattern.exec(t);
      if (match && (first === -1 || match.index < first)) first = match.index;
    }
    if (first !== -1) found.push([name, first]);
  }
  // "private jet" also says "private"; that is not a wish for privacy.
  const names = found.sort((a, b) => a[1] - b[1]).map(([name]) => name);
  return names.filter((name) => {
    if (name === 'privacy')
      return (
        /\b(discreet|discretion|secluded|privacy|private (villa|island|beach|estate|residence|setting|event|party|dinner|viewing|room|tour|chalet))\b/.test(
          t,
        ) && !names.includes('private room')
      );
    // A roof terrace is a rooftop; a terrace is a terrace.
    if (name === 'terrace' && names.includes('rooftop'))
      return /\b(terraces?|al fresco|outdoor seating|outdoors)\b/.test(t.replace(/\broof(top)? terraces?\b/g, ' '));
    if (name === 'wine' && names.includes('sommelier') && !/\bwines?\b(?! pairing)/.test(t)) return false;
    if (
      name === 'chef' &&
      names.includes('michelin') &&
      !/\b(private|personal) chef\b/.test(t) &&
      !/\bchef\b(?!'s table)/.test(t)
    )
      return false;
    return true;
  });
}
