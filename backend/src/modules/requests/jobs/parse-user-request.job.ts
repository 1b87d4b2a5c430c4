import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { RequestsService } from '../requests.service';

export interface ParseUserRequestPayload {
  requestId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'request.parse': ParseUserRequestPayload;
  }
}

declareJobs({ 'request.parse': QueueName.RequestParsing });

@Injectable()
@JobHandler('request.parse', QueueName.RequestParsing)
export class ParseUserRequestJob implements JobHandlerInstance<'request.parse'> {
  constructor(private readonly requests: RequestsService) {}

  handle(payload: ParseUserRequestPayload) {
    return this.requests.parse(payload.requestId);
  }
}
