import type { MessageCategory, ParsedEntities } from '../../platform/ai/types';
import { findBudget } from './budget.extractor';
import { findCategory } from './category.extractor';
import { findPlace } from './place.extractor';
import { describePlace, type Place } from './places';
import { findPreferences } from './preferences.extractor';
import { findTimeline } from './timeline.extractor';
import { findUrgency } from './urgency.extractor';

/**
 * The offline concierge's understanding of a request: category, place, timeline, urgency,
 * budget and preferences, by rules over the words used. Pure and synchronous. Each extractor is
 * a file of its own beside this one, its vocabulary in the *.words.ts files and places.ts.
 */

// What other modules read through this file.
export { findPlace } from './place.extractor';
export { messageIntent, reportsExperience, type MessageIntent } from './intent.extractor';
export { asksForPerson } from './person.extractor';

export interface ParsedRequest extends ParsedEntities {
  place: Place | null;
}

/** What a message is about and where: all the partner directory needs, without the rest of a parse. */
export interface TopicAndPlace {
  mainCategory: MessageCategory;
  place: Place | null;
}

/** A message's topic and place; `timeline` when the caller has already read it. */
export function findTopic(text: string, timeline?: string | null): TopicAndPlace {
  const place = findPlace(text);
  const category = findCategory(text);
  // Asking for nothing named, but somewhere or at some time: a request for the concierge.
  const located = () => place !== null || (timeline === undefined ? findTimeline(text) : timeline) !== null;
  return { mainCategory: category === 'default' && located() ? 'concierge' : category, place };
}

export function parseRequest(text: string): ParsedRequest {
  const timeline = findTimeline(text);
  const { mainCategory, place } = findTopic(text, timeline);
  return {
    mainCategory,
    location: place ? describePlace(place) : null,
    timeline,
    urgency: findUrgency(text, timeline),
    budget: findBudget(text),
    preferences: findPreferences(text),
    partySize: null,
    origin: null,
    destination: null,
    occasion: null,
    dietary: [],
    dates: null,
    place,
  };
}

/** The entities alone, as stored and answered by the API. */
export function toEntities(parsed: ParsedRequest): ParsedEntities {
  const { place: _place, ...entities } = parsed;
  return entities;
}
