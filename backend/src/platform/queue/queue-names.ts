/**
 * Every BullMQ queue, split by workload so slow work never starves urgent work.
 * Do not rename a queue that holds jobs: its jobs would be stranded under the old name.
 */
export enum QueueName {
  Email = 'email',
  ImageGeneration = 'image-generation',
  RequestParsing = 'request-parsing',
  MemberMessages = 'member-messages',
  StripeWebhooks = 'stripe-webhooks',
  Maintenance = 'maintenance',
}

export const ALL_QUEUES: QueueName[] = Object.values(QueueName);
