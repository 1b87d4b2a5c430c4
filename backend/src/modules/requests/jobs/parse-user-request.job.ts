import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
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

@Injectable()
@JobHandler('request.parse', QueueName.RequestParsing)
export class ParseUserRequestJob implements JobHandlerInstance<'request.parse'> {
  constructor(private readonly requests: RequestsService) {}

  handle(payload: ParseUserRequestPayload) {
    return this.requests.parse(payload.requestId);
  }
}
