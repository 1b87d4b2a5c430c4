import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module } from '@nestjs/common';
import { DataExportCleanupScheduler } from './data-export-cleanup.scheduler';
import { DataRequest } from './data-request.entity';
import { DataRequestsAdminController } from './data-requests-admin.controller';
import { DataRequestsController } from './data-requests.controller';
import { DataRequestsMailer } from './data-requests.mailer';
import { DataRequestsService } from './data-requests.service';
import {
  BuildDataExportJob,
  DeleteExpiredExportsJob,
  SendDataLinkJob,
  SendErasureReceivedJob,
  SendExportReadyJob,
} from './jobs/data-request.jobs';
import { PersonalDataRegistry } from './personal-data-registry';

/**
 * Data requests: a person's copy of their data and its erasure, and the staff's queue. Global, so
 * every module that holds personal data registers its holder with the registry without importing
 * this module (which imports none of them: the holders come to it).
 */
@Global()
@Module({
  imports: [MikroOrmModule.forFeature([DataRequest])],
  controllers: [DataRequestsController, DataRequestsAdminController],
  providers: [
    PersonalDataRegistry,
    DataRequestsService,
    DataRequestsMailer,
    DataExportCleanupScheduler,
    BuildDataExportJob,
    DeleteExpiredExportsJob,
    SendExportReadyJob,
    SendErasureReceivedJob,
    SendDataLinkJob,
  ],
  exports: [PersonalDataRegistry, DataRequestsService],
})
export class DataRequestsModule {}
