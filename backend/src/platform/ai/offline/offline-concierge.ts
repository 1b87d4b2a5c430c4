import { setTimeout as sleep } from 'node:timers/promises';
import type { ConciergeAi } from '../concierge-ai';
import type { ConciergeLanguage } from '../concierge-language';
import { ReplyStream } from '../reply-stream';
import type { ChatTurn, ParsedEntities, ReplyContext } from '../types';

/** Pieces of a streamed offline reply: a few words, like a model's tokens. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/**
 * The built-in concierge engine: works with no network and no key. What it says comes from the
 * concierge's rule-based language; this provider streams it as a model would.
 */
export class OfflineConcierge implements ConciergeAi {
  readonly name = 'offline' as const;

  constructor(
    private readonly brand: string,
    private readonly language: ConciergeLanguage,
    /** Pause between streamed pieces, so a reply reads as it is written. */
    private readonly pieceDelayMs = 12,
  ) {}

  async reply(turns: ChatTurn[], context: ReplyContext = {}): Promise<string> {
    return this.language.reply(turns, this.brand, context);
  }

  streamReply(turns: ChatTurn[], signal: AbortSignal, context: ReplyContext = {}): ReplyStream {
    const reply = new ReplyStream();
    const write = async () => {
      const all = pieces(this.language.reply(turns, this.brand, context));
      for (let i = 0; i < all.length; i += 3) {
        if (signal.aborted) return;
        reply.piece(all.slice(i, i + 3).join(''));
        if (this.pieceDelayMs > 0) await sleep(this.pieceDelayMs, undefined, { signal }).catch(() => undefined);
      }
    };
    write().then(
      () => reply.end(),
      (error: unknown) => reply.fail(error),
    );
    return reply;
  }

  async parse(text: string): Promise<ParsedEntities> {
    return this.language.parse(text);
  }

  async followUp(text: string, parsed: ParsedEntities): Promise<string> {
    return this.language.followUp(parsed, text);
  }

  async title(message: string): Promise<string> {
    return this.language.title(message);
  }
}
