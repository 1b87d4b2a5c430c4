import { MikroOrmModule } from '@mikro-orm/nestjs';
import { UserRequest, UserRequestHistory } from './user-request.entity';
import { Module } from '@nestjs/common';
import { AiModule } from '../../platform/ai/ai.module';
import { ParseUserRequestJob } from './jobs/parse-user-request.job';
import { RequestsController } from './requests.controller';
import { RequestsService } from './requests.service';

@Module({
  imports: [MikroOrmModule.forFeature([UserRequest, UserRequestHistory]), AiModule],
  controllers: [RequestsController],
  providers: [RequestsService, ParseUserRequestJob],
  exports: [RequestsService],
})
export class RequestsModule {}
