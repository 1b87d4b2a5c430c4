import type { ConciergeLanguage } from '../../platform/ai/concierge-language';
import { composeFollowUp, composeReply, composeTitle } from './composer';
import { parseRequest, toEntities } from './parser';

/** The concierge's rule-based language (parser.ts, composer.ts), as the AI providers ask for it. */
export const RULE_BASED_LANGUAGE: ConciergeLanguage = {
  parse: (text) => toEntities(parseRequest(text)),
  title: composeTitle,
  reply: composeReply,
  followUp: composeFollowUp,
};
