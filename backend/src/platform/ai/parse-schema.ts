import { MESSAGE_CATEGORIES, OCCASIONS, type MessageCategory, type Occasion, type ParsedEntities } from './types';

/** The parsed request as a strict JSON schema: the model's structured output for `parse`. */
export const PARSE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [
    'mainCategory',
    'location',
    'timeline',
    'urgency',
    'budget',
    'preferences',
    'partySize',
    'origin',
    'destination',
    'occasion',
    'dietary',
    'dates',
  ],
  properties: {
    mainCategory: { type: 'string', enum: [...MESSAGE_CATEGORIES] },
    location: { type: ['string', 'null'], description: 'City or country, e.g. "Paris, France"' },
    timeline: {
      type: ['string', 'null'],
      description: 'The member\'s own words for when, e.g. "tonight", "next weekend", "Monaco Grand Prix weekend"',
    },
    urgency: { type: 'string', enum: ['low', 'medium', 'high'] },
    budget: { type: ['string', 'null'], description: 'e.g. "$50,000", "premium luxury", "no limit"' },
    preferences: { type: 'array', items: { type: 'string' }, description: 'e.g. yacht, catering, chef, villa' },
    partySize: { type: ['integer', 'null'], description: 'How many people in all, e.g. 2 for "for two"' },
    origin: { type: ['string', 'null'], description: 'Where a journey starts, e.g. "Geneva"; null if no journey' },
    destination: { type: ['string', 'null'], description: 'Where a journey ends, e.g. "Courchevel"' },
    occasion: { type: ['string', 'null'], enum: [...OCCASIONS, null] },
    dietary: {
      type: 'array',
      items: { type: 'string' },
      description: 'Allergies and diets, e.g. "shellfish allergy", "vegetarian"',
    },
    dates: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['from', 'to'],
          properties: {
            from: { type: 'string', description: 'YYYY-MM-DD' },
            to: { type: 'string', description: 'YYYY-MM-DD' },
          },
        },
        { type: 'null' },
      ],
      description: 'The timeline as dates, when they are known; null otherwise',
    },
  },
} as const;

/** What the model is told along with the schema. `today` anchors 'this Saturday' and the like. */
export function parseInstructions(today: string): string {
  return `Extract the luxury concierge request as JSON: mainCategory (one of the enum values; default when the message asks for nothing), location, timeline (the member's words), urgency, budget, preferences, partySize, origin and destination (journeys only), occasion, dietary (allergies and diets), dates (ISO dates of the timeline when they are known; today is ${today}). Use null (or an empty list) for anything not stated.`;
}

function text(value: unknown, max = 200): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
}

function texts(value: unknown, max = 60): string[] {
  return Array.isArray(value)
    ? value
        .map((p) => text(p, max))
        .filter((p): p is string => p !== null)
        .slice(0, 20)
    : [];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function dates(value: unknown): ParsedEntities['dates'] {
  if (!value || typeof value !== 'object') return null;
  const { from, to } = value as Record<string, unknown>;
  if (typeof from !== 'string' || !ISO_DATE.test(from)) return null;
  const end = typeof to === 'string' && ISO_DATE.test(to) && to >= from ? to : from;
  return { from, to: end };
}

function partySize(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 10_000 ? value : null;
}

/**
 * Parsed entities from anything shaped like them: the model's JSON, or a row stored before a field
 * existed (a field it lacks reads as not stated).
 */
export function readEntities(raw: Record<string, unknown>): ParsedEntities {
  const category = MESSAGE_CATEGORIES.includes(raw.mainCategory as MessageCategory)
    ? (raw.mainCategory as MessageCategory)
    : 'default';
  const urgency = raw.urgency === 'low' || raw.urgency === 'high' ? raw.urgency : 'medium';
  return {
    mainCategory: category,
    location: text(raw.location),
    timeline: text(raw.timeline),
    urgency,
    budget: text(raw.budget),
    preferences: texts(raw.preferences),
    partySize: partySize(raw.partySize),
    origin: text(raw.origin, 120),
    destination: text(raw.destination, 120),
    occasion: OCCASIONS.includes(raw.occasion as Occasion) ? (raw.occasion as Occasion) : null,
    dietary: texts(raw.dietary),
    dates: dates(raw.dates),
  };
}
