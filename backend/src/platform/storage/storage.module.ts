import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { FILE_STORAGE } from './file-storage';
import { LocalFileStorage } from './local-file-storage';

/** Generated files: local disk under STORAGE_DIR. */
@Global()
@Module({
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalFileStorage(config.STORAGE_DIR),
    },
  ],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
