import { Global, Module } from '@nestjs/common';
import { AppConfig, loadEnvironment } from './environment';

export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({
  providers: [{ provide: APP_CONFIG, useFactory: (): AppConfig => loadEnvironment() }],
  exports: [APP_CONFIG],
})
export class ConfigModule {}
