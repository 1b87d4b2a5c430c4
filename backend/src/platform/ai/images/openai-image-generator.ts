import OpenAI from 'openai';
import type { MessageCategory } from '../types';
import type { IllustrationSpec } from './illustration';
import type { GeneratedImage, ImageGenerator } from './image-generator';

export interface OpenAiImageSettings {
  apiKey: string;
  baseURL?: string;
  model: string;
}

/** A picture takes gpt-image-1 tens of seconds; the worker waits this long before the job is retried. */
const TIMEOUT_MS = 120_000;
const MAX_BYTES = 20 * 1024 * 1024;

const SCENE: Record<MessageCategory, string> = {
  travel: 'an arched colonnade opening onto a view, a private jet high in the sky',
  dining: 'a candlelit table laid for two with crystal glasses and a silver cloche',
  property: 'a modern villa with tall windows and an infinity pool',
  events: 'a crystal chandelier above a champagne coupe tower, fireworks in the distance',
  wellness: 'a lotus on still water beside balanced stones',
  fashion: 'a couture gown on a dress form beside a structured handbag',
  transportation: 'a sleek motor yacht and a private jet',
  art: 'a gilded frame on an easel beside a sculpture on a plinth',
  concierge: 'a concierge service bell and an antique key on a marble counter',
  default: 'an art deco monogram crest in a laurel wreath',
};

const LIGHT: Record<IllustrationSpec['timeOfDay'], string> = {
  dawn: 'at dawn, a soft rose-gold light on the horizon',
  day: 'in clear daylight',
  dusk: 'at dusk, an amber glow along the horizon',
  night: 'at night, under a crescent moon and stars',
};

/** The house style, in words: what the offline illustrator draws by hand. */
export function imagePrompt(spec: IllustrationSpec): string {
  const where = spec.place ? ` in ${spec.place}, with a hint of its landscape or skyline` : '';
  return [
    `An elegant fine-line illustration of ${SCENE[spec.category]}${where}, ${LIGHT[spec.timeOfDay]}.`,
    'Thin gold and ivory lines on a deep black background, art deco restraint, generous negative space,',
    'a luxury brand’s editorial style. No text, no logos, no people’s faces.',
  ].join(' ');
}

/** Sizes each model accepts for a landscape picture. */
function sizeFor(model: string): '1536x1024' | '1792x1024' | '1024x1024' {
  if (model.startsWith('gpt-image')) return '1536x1024';
  if (model === 'dall-e-3') return '1792x1024';
  return '1024x1024';
}

/** Pictures from the OpenAI Images API (or a compatible server), fetched as bytes and kept by us. */
export class OpenAiImageGenerator implements ImageGenerator {
  readonly name: string;
  // Asked for as PNG (gpt-image) or base64 PNG (DALL·E).
  readonly extension = 'png' as const;
  private readonly client: OpenAI;

  constructor(private readonly settings: OpenAiImageSettings) {
    this.name = `openai-${settings.model}`;
    // Retries are the queue's: a failed attempt is tried again with backoff.
    this.client = new OpenAI({
      apiKey: settings.apiKey,
      baseURL: settings.baseURL,
      maxRetries: 0,
      timeout: TIMEOUT_MS,
    });
  }

  async generate(spec: IllustrationSpec): Promise<GeneratedImage> {
    const gptImage = this.settings.model.startsWith('gpt-image');
    const answer = await this.client.images.generate({
      model: this.settings.model,
      prompt: imagePrompt(spec),
      n: 1,
      size: sizeFor(this.settings.model),
      // gpt-image models always answer in base64 and refuse response_format; DALL·E needs asking.
      ...(gptImage
        ? { quality: 'medium' as const, output_format: 'png' as const }
        : { response_format: 'b64_json' as const }),
    });
    const first = answer.data?.[0];
    let body: Buffer;
    if (first?.b64_json) body = Buffer.from(first.b64_json, 'base64');
    else if (first?.url) body = await download(first.url);
    else throw new Error('The images API answered without an image');
    // Checked from the file's own first bytes, never from what a server claims.
    if (!body.subarray(0, 8).equals(PNG_SIGNATURE))
      throw new Error('The images API answered with something that is not a PNG');
    return { body, extension: 'png', contentType: 'image/png' };
  }
}

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`Downloading the image failed: HTTP ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_BYTES) throw new Error('The image is too large');
  return body;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
