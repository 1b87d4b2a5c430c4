import { ALLERGENS, DIETS } from './dietary.words';
import { fold } from './places';
import { wordPattern } from './word-pattern';

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One allergen's words, alternated, longest first. */
function words(list: string[]): string {
  return [...list]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
}

const ALLERGEN_PATTERNS = ALLERGENS.map(([name, list]) => {
  const w = words(list);
  return [
    name,
    new RegExp(`\\b(${w})\\b`),
    [
      // "allergic to shellfish", "allergic to nuts and shellfish" (the list after 'to' is read whole).
      new RegExp(`\\ballerg(ic|y|ies) (to|of) ([a-z ,-]*\\b(and|or|,) )?(${w})\\b`),
      new RegExp(`\\b(${w})[ -](allergy|allergies|allergic|intolerance|intolerant)\\b`),
      new RegExp(`\\b(no|without|free of|avoid|avoids|cannot eat|can'?t eat|can'?t have|cannot have) (any )?(${w})\\b`),
      new RegExp(`\\b(${w})[ -]free\\b`),
    ],
  ] as const;
});

const DIET_PATTERNS = DIETS.map(
  ([name, list]) => [name, list.map((word) => new RegExp(wordPattern(word).source))] as const,
);

/**
 * Allergies and diets: "my wife is allergic to shellfish" -> "shellfish allergy", "vegetarian",
 * "gluten free". In the order they are written.
 */
export function findDietary(text: string): string[] {
  const t = fold(text).replace(/[’‘]/g, "'").replace(/\s+/g, ' ');
  const found: Array<[string, number]> = [];
  for (const [name, patterns] of DIET_PATTERNS) {
    const at = patterns.map((p) => p.exec(t)?.index ?? -1).filter((i) => i >= 0);
    if (at.length) found.push([name, Math.min(...at)]);
  }
  for (const [name, word, patterns] of ALLERGEN_PATTERNS) {
    // Where the allergen itself is written, so "allergic to peanuts and shellfish" keeps its order.
    const at = patterns
      .map((p) => p.exec(t))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => m.index + (word.exec(m[0])?.index ?? 0));
    if (at.length === 0) continue;
    // "gluten-free" is the diet already; "dairy-free" too.
    if ((name === 'gluten' || name === 'dairy') && found.some(([n]) => n === `${name} free`)) continue;
    found.push([`${name} allergy`, Math.min(...at)]);
  }
  return found.sort((a, b) => a[1] - b[1]).map(([name]) => name);
}
