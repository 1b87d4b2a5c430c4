import { composeIllustration, type IllustrationSpec } from './illustration';
import type { GeneratedImage, ImageGenerator } from './image-generator';

/** The built-in illustrator: an SVG in the house style, with no network and no key. */
export class OfflineImageGenerator implements ImageGenerator {
  // Bump the version when the drawings change, so earlier files are not reused for new requests.
  readonly name = 'line-art-v1';
  readonly extension = 'svg' as const;

  async generate(spec: IllustrationSpec): Promise<GeneratedImage> {
    return { body: Buffer.from(composeIllustration(spec)), extension: 'svg', contentType: 'image/svg+xml' };
  }
}
