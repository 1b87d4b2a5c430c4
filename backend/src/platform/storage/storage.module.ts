import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { FILE_STORAGE } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';

/** Generated files: an S3-compatible bucket when S3_BUCKET is set, local disk under STORAGE_DIR otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.S3_BUCKET
          ? new S3FileStorage({
              bucket: config.S3_BUCKET,
              region: config.S3_REGION,
              endpoint: config.S3_ENDPOINT,
              accessKeyId: config.S3_ACCESS_KEY_ID!,
              secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
            })
          : new LocalFileStorage(config.STORAGE_DIR),
    },
  ],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
