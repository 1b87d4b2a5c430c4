/**
 * The widget's gallery (spec, section 5): a category from the parsed request, 2 pictures of it
 * (1 for default), placed before the reply's closing polite paragraph, else at its end.
 */

export const GALLERY_CATEGORIES = ['yacht', 'property', 'event', 'dining', 'travel', 'default'] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

export interface ParsedRequest {
  mainCategory: string;
  location: string | null;
  timeline: string | null;
  urgency: string;
  budget: string | null;
  preferences: string[];
}

/** The spec's sample, shown until the member's own request has been parsed. */
export const SAMPLE_REQUEST: ParsedRequest = {
  mainCategory: 'travel',
  location: 'Montreal',
  timeline: 'first week of June',
  urgency: 'medium',
  budget: 'premium luxury',
  preferences: ['yacht', 'catering', 'entertainment'],
};

const has = (text: string, words: string[]) =>
  words.some((word) => new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'iu').test(text));

export function galleryCategory(request: ParsedRequest): GalleryCategory {
  const category = request.mainCategory.toLowerCase();
  const preferences = request.preferences.join(' ');
  const location = request.location ?? '';
  const travel = has(category, ['travel', 'transportation']);
  if (has(preferences, ['yacht', 'yachts', 'boat', 'boats', 'sail', 'sailing'])) return 'yacht';
  if (travel && has(location, ['monaco', 'cannes', 'mediterranean', 'riviera'])) return 'yacht';
  if (travel) return 'travel';
  if (has(category, ['dining', 'food'])) return 'dining';
  if (has(category, ['event', 'events'])) return 'event';
  if (has(category, ['property', 'real estate'])) return 'property';
  return 'default';
}

/** How many pictures a category shows. */
export function galleryCount(category: GalleryCategory): number {
  return category === 'default' ? 1 : 2;
}

const POLITE =
  /\b(let me know|please (do )?(let|feel|don'?t hesitate)|feel free|(do not|don'?t) hesitate|happy to (help|assist)|delighted to (help|assist)|at your (service|disposal)|here to (help|assist)|i am here|i'm here|look(ing)? forward|enjoy|warm(est)? regards|kind regards|best regards|with (warm )?regards|sincerely|yours)\b/i;

/**
 * The reply split before its closing: the last paragraph when it is polite ("Let me know if..."),
 * with a sign-off line under it ("*Maison Fortuna Concierge*") kept with it. `closing` is empty
 * when the reply has no such paragraph.
 */
export function splitClosing(markdown: string): { body: string; closing: string } {
  const paragraphs = markdown.trim().split(/\n\s*\n/);
  if (paragraphs.length < 2) return { body: markdown.trim(), closing: '' };
  let start = paragraphs.length - 1;
  const last = paragraphs[start];
  // A signature alone: a short line that names no request ("*Maison Fortuna Concierge*").
  const signature = /^[*_]*[^\n*_]{1,60}[*_]*$/.test(last) && !POLITE.test(last);
  if (signature) start -= 1;
  if (start < 1 || !POLITE.test(paragraphs[start]) || paragraphs[start].length > 400) {
    return { body: markdown.trim(), closing: '' };
  }
  return { body: paragraphs.slice(0, start).join('\n\n'), closing: paragraphs.slice(start).join('\n\n') };
}
