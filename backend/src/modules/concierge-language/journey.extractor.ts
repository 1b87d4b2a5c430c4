import type { MessageCategory } from '../../platform/ai/types';
import { findPlaces } from './place.extractor';
import { describePlace, fold } from './places';

export interface Journey {
  origin: string | null;
  destination: string | null;
}

/** Words that make a message a journey even when its topic is not travel ("a chauffeur from..."). */
const JOURNEY_WORDS =
  /\b(fly|flying|flight|flights|jet|plane|helicopter|heli|transfer|drive|driven|chauffeur|car|limo|limousine|trip|travel|journey|train|yacht|boat|cruise|sail|seaplane|getaway|holiday|vacation|(go|going|head|heading|get) (back )?to|pick ?up|get (me|us) (to|from))\b/;
const JOURNEY_TOPICS: MessageCategory[] = ['travel', 'transportation'];

/**
 * Where a journey starts and ends: "from Geneva to Courchevel", "Geneva to Courchevel", "a jet to
 * Dubai", "between Nice and Monaco". Only for journeys; a dinner "close to Nice" is none.
 */
export function findJourney(text: string, category: MessageCategory): Journey {
  const none = { origin: null, destination: null };
  const t = fold(text).replace(/[’‘]/g, "'");
  const places = findPlaces(text).sort((a, b) => a.index - b.index);
  if (places.length === 0) return none;
  // Two places joined by 'to' or a dash ("London to New York", "Courchevel-Geneva") are a route.
  const route = places.findIndex(
    (p, i) => i + 1 < places.length && /^\s*(to|-|–|->|→)\s*$/.test(t.slice(p.index + p.length, places[i + 1].index)),
  );
  if (!JOURNEY_TOPICS.includes(category) && !JOURNEY_WORDS.test(t) && route === -1) return none;
  if (route !== -1 && !/\bfrom\b/.test(t) && places[route].place !== places[route + 1].place) {
    return { origin: describePlace(places[route].place), destination: describePlace(places[route + 1].place) };
  }
  let origin: (typeof places)[number] | null = null;
  let destination: (typeof places)[number] | null = null;
  for (const found of places) {
    const before = t.slice(Math.max(0, found.index - 24), found.index);
    if (!origin && /\b(from|leaving|departing|out of)( the)? $/.test(before)) origin = found;
    else if (
      !destination &&
      /\b(to|into|towards|for|reach|arriving in|land(ing)? in|fly(ing)? in)( the)? $/.test(before) &&
      !/\b(close|next|near|nearby) to $/.test(before)
    )
      destination = found;
    else if (/\bbetween $/.test(before) && !origin) origin = found;
    else if (origin && !destination && /\band $/.test(before) && /\bbetween\b/.test(t.slice(0, found.index)))
      destination = found;
  }
  // "Geneva to Courchevel": a place written just before the destination's "to" is where it starts.
  if (destination && !origin) {
    origin =
      places.find(
        (p) =>
          p !== destination &&
          p.index < destination!.index &&
          /^\s*(to|->|-|–)\s*$/.test(t.slice(p.index + p.length, destination!.index)),
      ) ?? null;
  }
  // "a trip to Montreal" is still only where it ends; "from London" with no end is where it starts.
  return {
    origin: origin ? describePlace(origin.place) : null,
    destination: destination && destination.place !== origin?.place ? describePlace(destination.place) : null,
  };
}
