import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobHandlerInstance } from '../../../platform/queue/job-handler.decorator';
import { declareJobs } from '../../../platform/queue/job-payloads';
import { QueueName } from '../../../platform/queue/queue-names';
import { DataRequestsMailer } from '../data-requests.mailer';
import { DataRequestsService } from '../data-requests.service';

export interface DataRequestPayload {
  requestId: string;
}

/** The "your data" link email: the address and link sealed (the outbox keeps its rows), and the delivery's key. */
export interface DataRequestLinkPayload {
  sealed: string;
  key: string;
}

declare module '../../../platform/queue/job-payloads' {
  interface JobPayloads {
    'data-request.export': DataRequestPayload;
    'data-request.export-ready': DataRequestPayload;
    'data-request.erasure-received': DataRequestPayload;
    'data-request.link': DataRequestLinkPayload;
    'data-request.delete-expired-exports': Record<string, never>;
  }
}

declareJobs({
  'data-request.export': QueueName.Maintenance,
  'data-request.delete-expired-exports': QueueName.Maintenance,
  'data-request.export-ready': QueueName.Email,
  'data-request.erasure-received': QueueName.Email,
  'data-request.link': QueueName.Email,
});

@Injectable()
@JobHandler('data-request.export', QueueName.Maintenance)
export class BuildDataExportJob implements JobHandlerInstance<'data-request.export'> {
  constructor(private readonly requests: DataRequestsService) {}

  handle(payload: DataRequestPayload) {
    return this.requests.buildExport(payload.requestId);
  }
}

@Injectable()
@JobHandler('data-request.delete-expired-exports', QueueName.Maintenance)
export class DeleteExpiredExportsJob implements JobHandlerInstance<'data-request.delete-expired-exports'> {
  constructor(private readonly requests: DataRequestsService) {}

  handle() {
    return this.requests.deleteExpiredExports();
  }
}

@Injectable()
@JobHandler('data-request.export-ready', QueueName.Email)
export class SendExportReadyJob implements JobHandlerInstance<'data-request.export-ready'> {
  constructor(private readonly mailer: DataRequestsMailer) {}

  handle(payload: DataRequestPayload, job: Job) {
    return this.mailer.sendExportReady(payload.requestId, job);
  }
}

@Injectable()
@JobHandler('data-request.erasure-received', QueueName.Email)
export class SendErasureReceivedJob implements JobHandlerInstance<'data-request.erasure-received'> {
  constructor(private readonly mailer: DataRequestsMailer) {}

  handle(payload: DataRequestPayload, job: Job) {
    return this.mailer.sendErasureReceived(payload.requestId, job);
  }
}

@Injectable()
@JobHandler('data-request.link', QueueName.Email)
export class SendDataLinkJob implements JobHandlerInstance<'data-request.link'> {
  constructor(private readonly mailer: DataRequestsMailer) {}

  handle(payload: DataRequestLinkPayload, job: Job) {
    return this.mailer.sendLink(payload, job);
  }
}
