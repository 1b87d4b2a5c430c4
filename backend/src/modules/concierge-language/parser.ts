import type { MessageCategory, ParsedEntities } from '../../platform/ai/types';
import { findBudget } from './budget.extractor';
import { findCategory } from './category.extractor';
import { findDates } from './dates.extractor';
import { findDietary } from './dietary.extractor';
import { findJourney } from './journey.extractor';
import { findOccasion } from './occasion.extractor';
import { findPartySize } from './party.extractor';
import { findPlace } from './place.extractor';
import { describePlace, type Place } from './places';
import { findPreferences } from './preferences.extractor';
import { findTimeline } from './timeline.extractor';
import { findUrgency } from './urgency.extractor';

/**
 * The offline concierge's understanding of a request: category, place, timeline (and its dates),
 * urgency, budget, preferences, party, journey, occasion and diet, by rules over the words used.
 * Pure and synchronous; `now` is when the message was written, which 'this Saturday' counts from. Each extractor is
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

export function parseRequest(text: string, now: Date = new Date()): ParsedRequest {
  const timeline = findTimeline(text);
  const { mainCategory, place } = findTopic(text, timeline);
  const { origin, destination } = findJourney(text, mainCategory);
  return {
    mainCategory,
    location: place ? describePlace(place) : null,
    timeline,
    urgency: findUrgency(text, timeline),
    budget: findBudget(text),
    preferences: findPreferences(text),
    partySize: findPartySize(text),
    origin,
    destination,
    occasion: findOccasion(text),
    dietary: findDietary(text),
    dates: findDates(timeline, text, now),
    place,
  };
}

/** The entities alone, as stored and answered by the API. */
export function toEntities(parsed: ParsedRequest): ParsedEntities {
  const { place: _place, ...entities } = parsed;
  return entities;
}
