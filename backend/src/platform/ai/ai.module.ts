import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { CONCIERGE_AI, type ConciergeAi } from './concierge-ai';
import { CONCIERGE_LANGUAGE, type ConciergeLanguage } from './concierge-language';
import { IMAGE_GENERATOR, type ImageGenerator } from './images/image-generator';
import { OfflineImageGenerator } from './images/offline-image-generator';
import { OpenAiImageGenerator } from './images/openai-image-generator';
import { OfflineConcierge } from './offline/offline-concierge';
import { OpenAiConcierge } from './openai-concierge';

/** The concierge's AI and illustrator: OpenAI (or a compatible server) when a key is set, the offline ones otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: CONCIERGE_AI,
      // The language comes from the concierge module (ConciergeLanguageModule), which is global.
      inject: [APP_CONFIG, CONCIERGE_LANGUAGE],
      useFactory: (config: AppConfig, language: ConciergeLanguage): ConciergeAi =>
        config.OPENAI_API_KEY
          ? new OpenAiConcierge(
              {
                apiKey: config.OPENAI_API_KEY,
                baseURL: config.OPENAI_BASE_URL,
                model: config.OPENAI_MODEL,
                brand: config.BRAND_NAME,
              },
              language,
            )
          : new OfflineConcierge(config.BRAND_NAME, language, config.OFFLINE_REPLY_PIECE_DELAY_MS),
    },
    {
      provide: IMAGE_GENERATOR,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): ImageGenerator =>
        config.OPENAI_API_KEY
          ? new OpenAiImageGenerator({
              apiKey: config.OPENAI_API_KEY,
              baseURL: config.OPENAI_BASE_URL,
              model: config.OPENAI_IMAGE_MODEL,
            })
          : new OfflineImageGenerator(),
    },
  ],
  exports: [CONCIERGE_AI, IMAGE_GENERATOR],
})
export class AiModule {}
