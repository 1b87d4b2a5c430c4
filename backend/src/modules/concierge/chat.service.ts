import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { AiUnavailableError, CONCIERGE_AI, type ConciergeAi } from '../../platform/ai/concierge-ai';
import { findPlace, partnersThatFit, understandTopic } from '../concierge-language';
import type { ReplyStream } from '../../platform/ai/reply-stream';
import type { ChatTurn, ReplyContext } from '../../platform/ai/types';
import { MembersService } from '../members';
import { PreferencesService } from '../preferences';
import { RequestsService } from '../requests';
import type { ChatDto } from './dto/chat.dto';
import { ConciergeTools, type ToolsFor } from './tools/concierge-tools';
import { VendorDirectory } from './vendor-directory';

/** What one conversation may send upstream: the latest turns, within a size budget. */
const MAX_TURNS = 40;
const MAX_CHARS = 32_000;

/** Member turns only (the persona is ours), the most recent that fit the budget. */
export function conversation(turns: ChatTurn[]): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let chars = 0;
  const own = turns.filter((t) => t.role !== 'system' && t.content.trim() !== '');
  for (let i = own.length - 1; i >= 0 && kept.length < MAX_TURNS; i -= 1) {
    chars += own[i].content.length;
    if (chars > MAX_CHARS && kept.length > 0) break;
    kept.unshift({ role: own[i].role, content: own[i].content.slice(0, MAX_CHARS) });
  }
  return kept;
}

@Injectable()
export class ChatService {
  constructor(
    @Inject(CONCIERGE_AI) private readonly ai: ConciergeAi,
    private readonly vendors: VendorDirectory,
    private readonly requests: RequestsService,
    private readonly members: MembersService,
    private readonly preferences: PreferencesService,
    private readonly tools: ConciergeTools,
  ) {}

  /** Partners of the directory that fit what the conversation asks for. */
  private async context(turns: ChatTurn[], userLocation?: string | null): Promise<ReplyContext> {
    const topic = understandTopic(turns);
    // Asked without a place ("a table near me"): the partners where the member is.
    const place = topic.place ?? (userLocation ? findPlace(userLocation) : null);
    // Only those of the request's kind and place: the model, the offline engine and its search
    // step all see the same short list.
    const vendors = partnersThatFit(
      await this.vendors.findActive(topic.mainCategory, place),
      topic.mainCategory,
      place,
    );
    return { vendors, userLocation: userLocation ?? null };
  }

  /** POST /api/chat: a whole reply, and the request it recorded for the session, if any. */
  async chat(input: ChatDto): Promise<{ response: string; timestamp: string; requestId?: string }> {
    const turns = conversation([...(input.conversationHistory ?? []), { role: 'user', content: input.message }]);
    const [context, requestId] = await Promise.all([
      this.context(turns, input.userLocation?.locationName),
      input.sessionId ? this.requests.recordFromChat(input.sessionId, input.message) : Promise.resolve(null),
    ]);
    let response: string;
    try {
      response = await this.ai.reply(turns, context);
    } catch (error) {
      if (error instanceof AiUnavailableError) throw AppError.unavailable(error.message);
      throw error;
    }
    return { response, timestamp: new Date().toISOString(), ...(requestId ? { requestId } : {}) };
  }

  /**
   * The threaded chat's reply to the thread's turns (the member's message last), as it is written.
   * For a signed-in member (`member`), the reply also knows who they are and what is remembered of
   * them, and may use the concierge's tools; a house-password session's reply has none of it.
   */
  async stream(turns: ChatTurn[], signal: AbortSignal, member: ToolsFor | null): Promise<ReplyStream> {
    const recent = conversation(turns);
    const [context, known] = await Promise.all([this.context(recent), member ? this.memberContext(member) : {}]);
    return this.ai.streamReply(recent, signal, { ...context, ...known });
  }

  /** Who the member is, what is remembered of them, and the tools for this reply. */
  private async memberContext(member: ToolsFor): Promise<ReplyContext> {
    const [described, profile] = await Promise.all([
      this.members.describe([member.memberId]),
      this.preferences.forModel(member.memberId),
    ]);
    const who = described.get(member.memberId);
    return {
      member: who ? { firstName: who.name.split(' ')[0], tier: who.tier } : null,
      profile,
      tools: this.tools.forReply(member),
    };
  }

  async title(message: string | undefined): Promise<string> {
    const text = (message ?? '').trim();
    if (!text) return 'New conversation';
    const title = await this.ai.title(text.slice(0, 2000)).catch(() => 'New conversation');
    return title.trim() || 'New conversation';
  }
}
