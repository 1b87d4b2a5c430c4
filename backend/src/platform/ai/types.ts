/** The spec's message-topic categories (section 3). */
export const MESSAGE_CATEGORIES = [
  'travel',
  'dining',
  'property',
  'events',
  'wellness',
  'fashion',
  'transportation',
  'art',
  'concierge',
  'default',
] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

export type Urgency = 'low' | 'medium' | 'high';

/** What the concierge understood of a request: the spec's parsedEntities. */
export interface ParsedEntities {
  mainCategory: MessageCategory;
  location: string | null;
  timeline: string | null;
  urgency: Urgency;
  budget: string | null;
  preferences: string[];
  /** How many people, when the member says ("for two", "10 guests"). */
  partySize: number | null;
  /** Where a journey starts and ends ("from Geneva to Courchevel"); null when not a journey. */
  origin: string | null;
  destination: string | null;
  occasion: Occasion | null;
  /** Allergies and diets ("shellfish allergy", "vegetarian"). */
  dietary: string[];
  /** The timeline as ISO dates (YYYY-MM-DD), when it names days that are known; `timeline` keeps the words. */
  dates: { from: string; to: string } | null;
}

export const OCCASIONS = ['birthday', 'anniversary', 'proposal', 'business'] as const;
export type Occasion = (typeof OCCASIONS)[number];

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatTurn {
  role: ChatRole;
  content: string;
}

/** A partner from the vendor directory that a reply may recommend. */
export interface DirectoryVendor {
  name: string;
  category: string;
  city: string | null;
  description: string | null;
}

/** What the caller knows beyond the conversation, so replies stay grounded. */
export interface ReplyContext {
  /** Active partners of the directory that fit the request. */
  vendors?: DirectoryVendor[];
  /** Where the member is, from the browser ("Lisbon, Portugal"), when known. */
  userLocation?: string | null;
}
