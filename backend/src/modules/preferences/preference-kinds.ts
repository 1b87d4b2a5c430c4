/**
 * The kinds of things the club remembers about a member, in the order 'What we remember' shows
 * them. The list is the club's choice: a new kind is added here (and to the check of the table).
 */
export const PREFERENCE_KINDS = [
  'dining',
  'allergies',
  'health',
  'seating',
  'flights',
  'hotels',
  'brands',
  'dates',
  'companions',
  'assistant',
] as const;

export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/** How each kind is named to the member, to staff and to the model. */
export const PREFERENCE_KIND_LABELS: Record<PreferenceKind, string> = {
  dining: 'Dining and diet',
  allergies: 'Allergies',
  health: 'Health',
  seating: 'Seating',
  flights: 'Flights and cabin',
  hotels: 'Hotels and rooms',
  brands: 'Brands',
  dates: 'Important dates',
  companions: 'Travel companions',
  assistant: 'Assistant’s contact',
};

/** Kinds kept only when the member says yes in the chat, and marked sensitive wherever shown. */
const SENSITIVE_KINDS: ReadonlySet<PreferenceKind> = new Set(['allergies', 'health']);

export function isSensitiveKind(kind: PreferenceKind): boolean {
  return SENSITIVE_KINDS.has(kind);
}

export const PREFERENCE_SOURCES = ['chat', 'staff', 'member'] as const;

export type PreferenceSource = (typeof PREFERENCE_SOURCES)[number];
