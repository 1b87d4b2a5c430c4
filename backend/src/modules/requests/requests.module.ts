import { MikroOrmModule } from '@mikro-orm/nestjs';
import { UserRequest, UserRequestHistory } from './user-request.entity';
import { StaffNoticeRecord } from './staff-notice.entity';
import { Module } from '@nestjs/common';
import { AiModule } from '../../platform/ai/ai.module';
import { ParseUserRequestJob } from './jobs/parse-user-request.job';
import { SendStaffDigestJob } from './jobs/send-staff-digest.job';
import { RequestsController } from './requests.controller';
import { RequestsService } from './requests.service';
import { StaffNotices } from './staff-notices';
import { RequestsPersonalData } from './requests.personal-data';

@Module({
  imports: [MikroOrmModule.forFeature([UserRequest, UserRequestHistory, StaffNoticeRecord]), AiModule],
  controllers: [RequestsController],
  providers: [RequestsPersonalData, RequestsService, StaffNotices, ParseUserRequestJob, SendStaffDigestJob],
  exports: [RequestsService, StaffNotices],
})
export class RequestsModule {}
