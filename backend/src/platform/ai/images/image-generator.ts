import type { IllustrationSpec } from './illustration';

/** One finished picture, as it is stored and served. */
export interface GeneratedImage {
  body: Buffer;
  extension: 'svg' | 'png' | 'jpg' | 'webp';
  contentType: string;
}

/**
 * Draws the session chat's illustrations. Two real implementations: the OpenAI Images API when
 * OPENAI_API_KEY is set, the built-in line-art illustrator otherwise. Only the worker calls it.
 */
export interface ImageGenerator {
  /** Names the drawing hand, so a change of model or illustrator never reuses another's pictures. */
  readonly name: string;
  /** Every picture of this generator is of one format, so its file name is known before it is drawn. */
  readonly extension: GeneratedImage['extension'];
  generate(spec: IllustrationSpec): Promise<GeneratedImage>;
}

export const IMAGE_GENERATOR = Symbol('IMAGE_GENERATOR');
