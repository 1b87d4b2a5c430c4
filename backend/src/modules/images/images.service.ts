import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../common/app-error';
import { withTimeout } from '../../common/with-timeout';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import type { TimeOfDay } from '../../platform/ai/images/illustration';
import { IMAGE_GENERATOR, type ImageGenerator } from '../../platform/ai/images/image-generator';
import type { MessageCategory } from '../../platform/ai/types';
import { QueueName } from '../../platform/queue/queue-names';
import { assertStorageKey, FILE_STORAGE, type FileStorage, type StoredFile } from '../../platform/storage/file-storage';
import { imageJobId, imageKey, illustrationSpec, type GenerateImagePayload } from './image-request';

const POLL_MS = 100;
/** A failed drawing is tried again by the queue once, after a short pause. */
const JOB_OPTIONS = { attempts: 2, backoff: { type: 'fixed', delay: 2000 } };

export const IMAGE_URL_PREFIX = '/api/images/';

class NotReady extends Error {}

/**
 * The session chat's illustrations. The api never draws: it asks the worker's image-generation
 * queue and waits a bounded time (IMAGE_WAIT_MS) for the file; past that the page shows its
 * bundled art, and the worker finishes the picture for the next time it is asked for.
 */
@Injectable()
export class ImagesService {
  private readonly logger = new Logger(ImagesService.name);

  constructor(
    @InjectQueue(QueueName.ImageGeneration) private readonly queue: Queue,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(IMAGE_GENERATOR) private readonly generator: ImageGenerator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** POST /api/generate-image: the URL of the request's picture, drawn once and then reused. */
  async imageUrl(input: { category: MessageCategory; place?: string; timeOfDay?: TimeOfDay }): Promise<string> {
    const spec = illustrationSpec(input, new Date());
    const key = imageKey(spec, this.generator);
    const url = `${IMAGE_URL_PREFIX}${key.slice(key.indexOf('/') + 1)}`;
    const wait = this.config.IMAGE_WAIT_MS;
    try {
      await withTimeout(this.ready({ key, ...spec }, Date.now() + wait), wait, 'wait');
    } catch (error) {
      if (!(error instanceof NotReady) && (error as Error).message !== 'wait') {
        this.logger.warn(`Image ${key} could not be had: ${(error as Error).message}`);
      }
      throw AppError.unavailable('The illustration is not ready yet.');
    }
    return url;
  }

  /**
   * Resolves once the picture is in storage. The job is added directly, not through the outbox:
   * nothing is written to the database with it, and a request whose job is lost (Redis down) is
   * answered with the bundled art and asked again later, so there is nothing to keep safe.
   */
  private async ready(payload: GenerateImagePayload, deadline: number): Promise<void> {
    if (await this.storage.exists(payload.key)) return;
    const jobId = imageJobId(payload.key);
    let requeued = false;
    await this.enqueue(jobId, payload);
    while (Date.now() < deadline) {
      const state = await this.queue.getJobState(jobId);
      if (state === 'failed') throw new NotReady('the drawing failed');
      if (state === 'completed' || state === 'unknown') {
        if (await this.storage.exists(payload.key)) return;
        // Finished once, but the file has gone since (storage emptied): draw it again, once.
        if (requeued) throw new NotReady('the finished picture is missing');
        requeued = true;
        await this.queue.remove(jobId);
        await this.enqueue(jobId, payload);
      }
      await sleep(POLL_MS);
    }
    throw new NotReady('not drawn in time');
  }

  /** Adds the drawing's job; a job already waiting or running under this id is the same picture. */
  private async enqueue(jobId: string, payload: GenerateImagePayload): Promise<void> {
    // A failed job keeps its id; a new request may try again.
    if ((await this.queue.getJobState(jobId)) === 'failed') await this.queue.remove(jobId);
    await this.queue.add('image.generate', payload, { jobId, ...JOB_OPTIONS });
  }

  /** The worker's half (the image.generate job): draw the picture and store it, unless it exists. */
  async draw(payload: GenerateImagePayload): Promise<{ key: string }> {
    assertStorageKey(payload.key);
    if (await this.storage.exists(payload.key)) return { key: payload.key };
    const image = await this.generator.generate({
      category: payload.category,
      place: payload.place,
      timeOfDay: payload.timeOfDay,
    });
    await this.storage.put(payload.key, image.body, image.contentType);
    return { key: payload.key };
  }

  /** GET /api/images/{file}: a stored picture, or null. */
  async file(name: string): Promise<StoredFile | null> {
    const key = `images/${name}`;
    try {
      assertStorageKey(key);
    } catch {
      return null;
    }
    return this.storage.get(key);
  }
}
