import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import {
  declareSignedUpWithRefJob,
  SIGNED_UP_WITH_REF_QUEUE,
  type WaitlistSignedUpWithRefPayload,
} from '../../waitlist';
import { NominationsService } from '../nominations.service';

// The waitlist names the job and writes it in the sign-up's own statement; it is put in the job
// map here, beside its handler.
declareSignedUpWithRefJob();

/** A sign-up carried a `ref`: credit it to the link's member, or mark it suspect with the reasons. */
@Injectable()
@JobHandler('waitlist.signed-up-with-ref', SIGNED_UP_WITH_REF_QUEUE)
export class CreditNominationJob implements JobHandlerInstance<'waitlist.signed-up-with-ref'> {
  constructor(private readonly nominations: NominationsService) {}

  async handle(payload: WaitlistSignedUpWithRefPayload) {
    await this.nominations.decide(payload.entryId, payload.ref);
  }
}
