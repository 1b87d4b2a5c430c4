import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { CONCIERGE_AI, type ConciergeAi } from './concierge-ai';
import { OfflineConcierge } from './offline/offline-concierge';
import { OpenAiConcierge } from './openai-concierge';

/** The concierge's AI: OpenAI (or a compatible server) when a key is set, the offline engine otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: CONCIERGE_AI,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): ConciergeAi =>
        config.OPENAI_API_KEY
          ? new OpenAiConcierge({
              apiKey: config.OPENAI_API_KEY,
              baseURL: config.OPENAI_BASE_URL,
              model: config.OPENAI_MODEL,
              brand: config.BRAND_NAME,
            })
          : new OfflineConcierge(config.BRAND_NAME),
    },
  ],
  exports: [CONCIERGE_AI],
})
export class AiModule {}
