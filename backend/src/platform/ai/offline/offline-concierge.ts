import { setTimeout as sleep } from 'node:timers/promises';
import type { ConciergeAi } from '../concierge-ai';
import type { ConciergeLanguage } from '../concierge-language';
import { ReplyStream } from '../reply-stream';
import { ReplySteps } from '../tool-steps';
import type { ChatTurn, DirectoryVendor, MessageReading, ParsedEntities, ReplyContext } from '../types';

/** Pieces of a streamed offline reply: a few words, like a model's tokens. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** 'in Monaco' when every partner found is in one city. */
function where(vendors: DirectoryVendor[]): string {
  const cities = new Set(vendors.map((v) => v.city).filter((city): city is string => city !== null));
  return cities.size === 1 ? ` in ${[...cities][0]}` : '';
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
      const said = turns.at(-1)?.role === 'user' ? turns.at(-1)!.content : '';
      const steps = context.tools ? new ReplySteps(context.tools, reply) : null;
      const reading = steps && said ? await context.tools!.readMessage(said) : null;
      if (steps && reading) await this.lookUp(steps, reading, context, signal);
      const all = pieces(this.language.reply(turns, this.brand, context));
      for (let i = 0; i < all.length; i += 3) {
        if (signal.aborted) return;
        reply.piece(all.slice(i, i + 3).join(''));
        if (this.pieceDelayMs > 0) await sleep(this.pieceDelayMs, undefined, { signal }).catch(() => undefined);
      }
      // The request is recorded beside the reply: its step comes once it is, after the words.
      if (steps && reading?.opensRequest && !signal.aborted) {
        await steps.run('open_or_update_request', { summary: this.language.title(said) }, signal);
      }
    };
    write().then(
      () => reply.end(),
      (error: unknown) => reply.fail(error),
    );
    return reply;
  }

  /**
   * The steps a member's reply shows before its words, from the engine's rules, as the model's
   * tools would take them: the partners it suggests, then what the member's message says worth
   * remembering (kept at once, or offered when sensitive: the toolbox decides).
   */
  private async lookUp(steps: ReplySteps, reading: MessageReading, context: ReplyContext, signal: AbortSignal) {
    const vendors = context.vendors ?? [];
    if (vendors.length > 0) {
      steps.step({
        tool: 'search_partners',
        label: `Searched our partners${where(vendors)}: ${vendors.length} found`,
        detail: vendors.map((v) => v.name).join(', '),
      });
    }
    for (const candidate of reading.remember) {
      if (signal.aborted || !steps.open) return;
      await steps.run('remember_preference', { ...candidate }, signal);
    }
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
