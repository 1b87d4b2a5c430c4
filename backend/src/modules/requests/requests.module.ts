import { MikroOrmModule } from '@mikro-orm/nestjs';
import { UserRequest } from './user-request.entity';
import { Module } from '@nestjs/common';
import { AiModule } from '../../platform/ai/ai.module';
import { AdminRequestsController } from './admin-requests.controller';
import { ParseUserRequestJob } from './jobs/parse-user-request.job';
import { RequestsController } from './requests.controller';
import { RequestsService } from './requests.service';

@Module({
  imports: [MikroOrmModule.forFeature([UserRequest]), AiModule],
  controllers: [RequestsController, AdminRequestsController],
  providers: [RequestsService, ParseUserRequestJob],
  exports: [RequestsService],
})
export class RequestsModule {}
