import { Global, Module } from '@nestjs/common';
import { CONCIERGE_LANGUAGE } from '../../platform/ai/concierge-language';
import { RULE_BASED_LANGUAGE } from './rule-based-language';

/**
 * Provides the concierge's rule-based language to the AI providers. Global because AiModule
 * (platform/ai, imported by the concierge, requests and images modules) builds the providers
 * with it and, being below the modules, cannot import this one.
 */
@Global()
@Module({
  providers: [{ provide: CONCIERGE_LANGUAGE, useValue: RULE_BASED_LANGUAGE }],
  exports: [CONCIERGE_LANGUAGE],
})
export class ConciergeLanguageModule {}
