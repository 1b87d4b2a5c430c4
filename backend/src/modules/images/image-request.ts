import { createHash } from 'node:crypto';
import type { IllustrationSpec, TimeOfDay } from '../../platform/ai/images/illustration';
import type { MessageCategory } from '../../platform/ai/types';

/** A picture to draw (the image.generate job's payload). */
export interface GenerateImagePayload extends IllustrationSpec {
  /** Where the picture is stored: the same request always names the same file. */
  key: string;
}

/** The hour's light, for a request that does not say. */
export function timeOfDayAt(date: Date): TimeOfDay {
  const hour = date.getHours();
  if (hour >= 5 && hour < 9) return 'dawn';
  if (hour >= 9 && hour < 17) return 'day';
  if (hour >= 17 && hour < 21) return 'dusk';
  return 'night';
}

/** A place name as drawn and prompted: letters, digits and plain punctuation, one line, 60 characters at most. */
export function cleanPlace(place: string | undefined): string | null {
  const clean = (place ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N} .,'’()-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60)
    .trim();
  return clean || null;
}

export function illustrationSpec(
  input: { category: MessageCategory; place?: string; timeOfDay?: TimeOfDay },
  now: Date,
): IllustrationSpec {
  return { category: input.category, place: cleanPlace(input.place), timeOfDay: input.timeOfDay ?? timeOfDayAt(now) };
}

/**
 * The picture's name in storage, from everything it depends on (the drawing hand included): the
 * same request is drawn once and reused; another model, place or hour is another picture.
 */
export function imageKey(spec: IllustrationSpec, generator: { name: string; extension: string }): string {
  const place = (spec.place ?? '').toLocaleLowerCase('en');
  const digest = createHash('sha256')
    .update([generator.name, spec.category, place, spec.timeOfDay].join('\n'))
    .digest('hex')
    .slice(0, 40);
  return `images/${digest}.${generator.extension}`;
}

/** The job's id: deterministic, so concurrent requests for one picture share one job. */
export function imageJobId(key: string): string {
  return `image-${key.slice(key.indexOf('/') + 1, key.lastIndexOf('.'))}`;
}
