import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';

/**
 * The news that someone signed up through a link carrying `ref` (a member's nomination link):
 * written by the sign-up's one statement (join-waitlist.sql.ts), handled by the nominations
 * module, which resolves the code to its member, runs its fraud checks and answers with
 * WaitlistService.markNomination.
 */
export interface WaitlistSignedUpWithRefPayload {
  entryId: string;
  ref: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'waitlist.signed-up-with-ref': WaitlistSignedUpWithRefPayload;
  }
}

/** The queue the news goes on (the sign-up's statement writes it there). */
export const SIGNED_UP_WITH_REF_QUEUE = QueueName.Email;

/**
 * Puts the job in the job map. Called by the module that handles it, beside its @JobHandler: the
 * worker refuses to boot with a job in the map that nothing handles, so the declaration takes
 * effect with its handler. (Until a handler exists, the rows the sign-up writes fail in the queue
 * as 'No handler', and nothing else is held up.)
 */
export function declareSignedUpWithRefJob(): void {
  declareJobs({ 'waitlist.signed-up-with-ref': SIGNED_UP_WITH_REF_QUEUE });
}
