import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { RequestsService } from '../../requests';
import { ThreadsService } from '../threads/threads.service';

export interface RecordMemberMessagePayload {
  messageId: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'concierge.member-message': RecordMemberMessagePayload;
  }
}

declareJobs({ 'concierge.member-message': QueueName.MemberMessages });

/**
 * A member's new message in a thread the server holds may open or add to a request the staff
 * follow. Recorded here, in the worker, not on the reply's path: the api answers the member and
 * the request (with its live notices to the console and the member's tabs) follows a moment later.
 * A message deleted meanwhile (its thread removed, or edited away) records nothing. While a person
 * holds the thread, what the member writes is for that person's request.
 */
@Injectable()
@JobHandler('concierge.member-message', QueueName.MemberMessages)
export class RecordMemberMessageJob implements JobHandlerInstance<'concierge.member-message'> {
  constructor(
    private readonly threads: ThreadsService,
    private readonly requests: RequestsService,
  ) {}

  async handle(payload: RecordMemberMessagePayload): Promise<void> {
    const message = await this.threads.memberMessage(payload.messageId);
    if (!message) return;
    await this.requests.recordFromChat(message.sessionId, message.content, message.threadId, {
      withPerson: message.withPerson,
    });
  }
}
