import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import type { IllustrationSpec } from '../../../platform/ai/images/illustration';
import { ImagesService } from '../images.service';

export interface GenerateImagePayload extends IllustrationSpec {
  /** Where the picture is stored: the same request always names the same file. */
  key: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'image.generate': GenerateImagePayload;
  }
}

declareJobs({ 'image.generate': QueueName.ImageGeneration });

@Injectable()
@JobHandler('image.generate', QueueName.ImageGeneration)
export class GenerateImageJob implements JobHandlerInstance<'image.generate'> {
  constructor(private readonly images: ImagesService) {}

  handle(payload: GenerateImagePayload) {
    return this.images.draw(payload);
  }
}
