import type { ChatTurn, ParsedEntities, ReplyContext } from './types';

/**
 * The concierge's rule-based language, which both AI providers use: the offline engine for all of
 * its answers, the OpenAI one to parse requests and title threads when the model does not. It is
 * domain knowledge, so the concierge module provides it (CONCIERGE_LANGUAGE); platform/ai only
 * says what it needs.
 */
export interface ConciergeLanguage {
  /** The request's entities (category, place, timeline, urgency, budget, preferences). */
  parse(text: string): ParsedEntities;
  /** A thread's title, from its first message. */
  title(message: string): string;
  /** A whole Markdown reply to the conversation, grounded in the catalogue and the directory. */
  reply(turns: ChatTurn[], brand: string, context: ReplyContext): string;
  /** The follow-up questions for what a request still lacks. */
  followUp(parsed: ParsedEntities, text: string): string;
}

export const CONCIERGE_LANGUAGE = Symbol('CONCIERGE_LANGUAGE');
