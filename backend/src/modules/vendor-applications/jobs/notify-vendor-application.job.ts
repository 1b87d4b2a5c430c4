import { Injectable } from '@nestjs/common';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { VendorApplicationsMailer } from '../vendor-applications.mailer';

export interface VendorApplicationNotifyPayload {
  applicationId: number;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'vendor-application.notify': VendorApplicationNotifyPayload;
  }
}

declareJobs({ 'vendor-application.notify': QueueName.Email });

@Injectable()
@JobHandler('vendor-application.notify', QueueName.Email)
export class NotifyVendorApplicationJob implements JobHandlerInstance<'vendor-application.notify'> {
  constructor(private readonly mailer: VendorApplicationsMailer) {}

  handle(payload: VendorApplicationNotifyPayload) {
    return this.mailer.notifyAdmins(payload.applicationId);
  }
}
