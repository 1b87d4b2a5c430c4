import { setTimeout as sleep } from 'node:timers/promises';
import type { ConciergeAi } from '../concierge-ai';
import type { ChatTurn, ParsedEntities, ReplyContext } from '../types';
import { composeFollowUp, composeReply, composeTitle } from './composer';
import { parseRequest, toEntities } from './parser';

/** Pieces of a streamed offline reply: a few words, like a model's tokens. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** The built-in concierge engine: works with no network and no key. */
export class OfflineConcierge implements ConciergeAi {
  readonly name = 'offline' as const;

  constructor(
    private readonly brand: string,
    /** Pause between streamed pieces, so a reply reads as it is written. */
    private readonly pieceDelayMs = 12,
  ) {}

  async reply(turns: ChatTurn[], context: ReplyContext = {}): Promise<string> {
    return composeReply(turns, this.brand, context);
  }

  async *streamReply(turns: ChatTurn[], signal: AbortSignal, context: ReplyContext = {}): AsyncIterable<string> {
    const all = pieces(composeReply(turns, this.brand, context));
    for (let i = 0; i < all.length; i += 3) {
      if (signal.aborted) return;
      yield all.slice(i, i + 3).join('');
      if (this.pieceDelayMs > 0) await sleep(this.pieceDelayMs, undefined, { signal }).catch(() => undefined);
    }
  }

  async parse(text: string): Promise<ParsedEntities> {
    return toEntities(parseRequest(text));
  }

  async followUp(text: string, parsed: ParsedEntities): Promise<string> {
    return composeFollowUp(parsed, text);
  }

  async title(message: string): Promise<string> {
    return composeTitle(message);
  }
}
