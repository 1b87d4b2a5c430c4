import type { ReplyStream } from './reply-stream';
import type { ChatTurn, ParsedEntities, ReplyContext } from './types';

/**
 * What the concierge asks of an AI. Two real implementations: OpenAI (or any compatible server)
 * when OPENAI_API_KEY is set, and the built-in offline concierge engine otherwise.
 * `turns` never include a system turn: the provider adds the persona itself.
 */
export interface ConciergeAi {
  readonly name: 'openai' | 'offline';
  /** The whole reply, in Markdown. */
  reply(turns: ChatTurn[], context?: ReplyContext): Promise<string>;
  /**
   * The reply as it is written, piece by piece, started at once. Ends (without error) when
   * `signal` aborts; fails with AiUnavailableError.
   */
  streamReply(turns: ChatTurn[], signal: AbortSignal, context?: ReplyContext): ReplyStream;
  /** The structured understanding of a request. */
  parse(text: string): Promise<ParsedEntities>;
  /** A short follow-up question about what a request still lacks. */
  followUp(text: string, parsed: ParsedEntities): Promise<string>;
  /** A title of 4 to 5 words for a conversation that starts with `message`. */
  title(message: string): Promise<string>;
}

export const CONCIERGE_AI = Symbol('CONCIERGE_AI');

/** An upstream AI failed; the message is safe to show. */
export class AiUnavailableError extends Error {
  constructor(override readonly cause?: unknown) {
    super('The concierge is unavailable right now. Please try again in a moment.');
    this.name = 'AiUnavailableError';
  }
}
