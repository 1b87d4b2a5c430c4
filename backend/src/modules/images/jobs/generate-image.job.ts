import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import type { GenerateImagePayload } from '../image-request';
import { ImagesService } from '../images.service';

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
