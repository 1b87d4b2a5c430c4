import { fold, PLACES, type Place } from './places';

export interface Found {
  place: Place;
  index: number;
  length: number;
}

/** A spelling as the words it is made of: "St. Moritz" and "st moritz" both read "st moritz". */
function placeKey(folded: string): string {
  return folded.replace(/[^a-z0-9]+/g, ' ').trim();
}

/** Every spelling of every place, by its words, so a message is read in one pass over its words. */
const PLACE_INDEX = new Map<string, Place[]>();
for (const place of PLACES) {
  for (const spelling of place.spellings) {
    const key = placeKey(spelling);
    if (key) PLACE_INDEX.set(key, [...(PLACE_INDEX.get(key) ?? []), place]);
  }
}
const MAX_PLACE_WORDS = Math.max(...[...PLACE_INDEX.keys()].map((key) => key.split(' ').length));

/** Every place the message names, where it is written, none inside a longer one ("Naples, Florida"). */
export function findPlaces(text: string): Found[] {
  // Event names that contain a city that is not where they happen ("Art Basel Miami Beach").
  const folded = fold(text).replace(/\bart basel(?= (in )?(miami|hong kong|paris))/g, (m) => ' '.repeat(m.length));
  const words = [...folded.matchAll(/[a-z0-9]+/g)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  const found: Found[] = [];
  for (let i = 0; i < words.length; i += 1) {
    let key = '';
    for (let n = 0; n < MAX_PLACE_WORDS && i + n < words.length; n += 1) {
      key = n === 0 ? words[i].word : `${key} ${words[i + n].word}`;
      for (const place of PLACE_INDEX.get(key) ?? []) {
        const index = words[i].start;
        if (place.capitalised && !/^[A-Z]/.test(text.slice(index, index + 1))) continue;
        found.push({ place, index, length: words[i + n].end - index });
      }
    }
  }
  // Drop matches inside longer ones ("Naples" inside "Naples, Florida").
  return found.filter(
    (f) =>
      !found.some(
        (g) => g !== f && g.length > f.length && g.index <= f.index && g.index + g.length >= f.index + f.length,
      ),
  );
}

/** The place the request is about: the most specific, then the first mentioned. */
export function findPlace(text: string): Place | null {
  const kept = findPlaces(text);
  if (kept.length === 0) return null;
  const rank = { city: 0, region: 1, country: 2 } as const;
  kept.sort((a, b) => rank[a.place.kind] - rank[b.place.kind] || a.index - b.index);
  return kept[0].place;
}
