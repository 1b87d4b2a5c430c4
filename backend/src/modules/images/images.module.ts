import { Module } from '@nestjs/common';
import { AiModule } from '../../platform/ai/ai.module';
import { StorageModule } from '../../platform/storage/storage.module';
import { ImagesController } from './images.controller';
import { ImagesService } from './images.service';
import { GenerateImageJob } from './jobs/generate-image.job';

/** The session chat's illustrations: asked for by the api, drawn by the worker, served from storage. */
@Module({
  imports: [AiModule, StorageModule],
  controllers: [ImagesController],
  providers: [ImagesService, GenerateImageJob],
})
export class ImagesModule {}
