import type { OnApplicationShutdown } from '@nestjs/common';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AiUnavailableError, type ConciergeAi } from './concierge-ai';
import type { ConciergeLanguage } from './concierge-language';
import { ModelTransport } from './model-transport';
import { withPersona } from './persona';
import { ReplyStream } from './reply-stream';
import { PARSE_SCHEMA, parseInstructions, readEntities } from './parse-schema';
import type { ChatTurn, ParsedEntities, ReplyContext } from './types';

export interface OpenAiSettings {
  apiKey: string;
  baseURL?: string;
  model: string;
  brand: string;
}

/** Longest wait for the model: for an answer, or between two pieces of a streamed one. */
const TIMEOUT_MS = 60_000;
/**
 * How long the rest of a streamed answer (after its finish reason) is read, off the member's path,
 * so that the connection can serve the next reply; a server that leaves the stream open is then left.
 */
const DRAIN_MS = 2_000;

/** Replies, parses and titles from OpenAI or any server that speaks its chat completions API. */
export class OpenAiConcierge implements ConciergeAi, OnApplicationShutdown {
  readonly name = 'openai' as const;
  private readonly transport = new ModelTransport();
  private readonly client: OpenAI;

  constructor(
    private readonly settings: OpenAiSettings,
    private readonly language: ConciergeLanguage,
  ) {
    this.client = new OpenAI({
      apiKey: settings.apiKey,
      baseURL: settings.baseURL,
      maxRetries: 1,
      timeout: TIMEOUT_MS,
      fetch: this.transport.fetch,
    });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }

  private messages(turns: ChatTurn[], context: ReplyContext = {}): ChatCompletionMessageParam[] {
    const all = withPersona(this.settings.brand, turns) as ChatCompletionMessageParam[];
    const notes: string[] = [];
    if (context.userLocation) {
      notes.push(
        `The member is currently near ${context.userLocation}. When they ask for something "near me", "nearby" or without naming a place, it is there.`,
      );
    }
    if (context.vendors?.length) {
      notes.push(
        'Partners from our vendor directory that fit this request (recommend them by name where relevant):',
        ...context.vendors.map(
          (v) =>
            `- ${v.name} (${v.category}${v.city ? `, ${v.city}` : ''})${v.description ? `: ${v.description}` : ''}`,
        ),
      );
    }
    if (notes.length) all.splice(1, 0, { role: 'system', content: notes.join('\n') });
    return all;
  }

  async reply(turns: ChatTurn[], context?: ReplyContext): Promise<string> {
    try {
      const completion = await this.client.chat.completions.create({
        model: this.settings.model,
        messages: this.messages(turns, context),
        temperature: 0.7,
      });
      const content = completion.choices[0]?.message?.content?.trim();
      if (!content) throw new Error('empty completion');
      return content;
    } catch (error) {
      throw new AiUnavailableError(error);
    }
  }

  streamReply(turns: ChatTurn[], signal: AbortSignal, context?: ReplyContext): ReplyStream {
    const reply = new ReplyStream();
    void this.write(reply, turns, signal, context);
    return reply;
  }

  /**
   * Reads the model's streamed answer into `reply`; a stall of TIMEOUT_MS between two pieces fails it.
   * The answer is whole at its finish reason: the reply ends there, and the rest of the stream is read
   * for at most DRAIN_MS.
   */
  private async write(reply: ReplyStream, turns: ChatTurn[], signal: AbortSignal, context?: ReplyContext) {
    const stalled = new AbortController();
    let timer = setTimeout(() => stalled.abort(), TIMEOUT_MS);
    let finished = false;
    try {
      const stream = await this.client.chat.completions.create(
        { model: this.settings.model, messages: this.messages(turns, context), temperature: 0.7, stream: true },
        { signal: AbortSignal.any([signal, stalled.signal]) },
      );
      for await (const chunk of stream) {
        if (finished) continue;
        clearTimeout(timer);
        const choice = chunk.choices[0];
        if (choice?.delta?.content) reply.piece(choice.delta.content);
        if (choice?.finish_reason) {
          finished = true;
          reply.end();
          timer = setTimeout(() => stalled.abort(), DRAIN_MS);
        } else {
          timer = setTimeout(() => stalled.abort(), TIMEOUT_MS);
        }
      }
      if (!finished) reply.end();
    } catch (error) {
      if (finished) return;
      if (signal.aborted) reply.end();
      else reply.fail(new AiUnavailableError(error));
    } finally {
      clearTimeout(timer);
    }
  }

  async parse(requestText: string): Promise<ParsedEntities> {
    let content: string | null | undefined;
    try {
      const completion = await this.client.chat.completions.create({
        model: this.settings.model,
        temperature: 0,
        messages: [
          { role: 'system', content: parseInstructions(new Date().toISOString().slice(0, 10)) },
          { role: 'user', content: requestText },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'concierge_request', strict: true, schema: PARSE_SCHEMA },
        },
      });
      content = completion.choices[0]?.message?.content;
    } catch (error) {
      throw new AiUnavailableError(error);
    }
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(content ?? '') as Record<string, unknown>;
    } catch {
      // A server that ignores structured output still gets an answer: the rule-based parse.
      return this.language.parse(requestText);
    }
    return readEntities(raw);
  }

  async followUp(requestText: string, parsed: ParsedEntities): Promise<string> {
    return this.reply([
      {
        role: 'user',
        content: `A member asked: "${requestText}". We understood: ${JSON.stringify(parsed)}. Ask the single most useful follow-up question about what is still missing, in one or two sentences.`,
      },
    ]);
  }

  async title(message: string): Promise<string> {
    try {
      const completion = await this.client.chat.completions.create({
        model: this.settings.model,
        temperature: 0.7,
        max_tokens: 30,
        messages: [
          {
            role: 'system',
            content:
              'Write a short title of 4-5 words for a conversation that starts with the following message. Answer with the title only.',
          },
          { role: 'user', content: message },
        ],
      });
      const title = completion.choices[0]?.message?.content
        ?.trim()
        .replace(/^["'“”]+|["'“”.]+$/g, '')
        .replace(/\s+/g, ' ');
      // The model's title when it keeps to 4 to 5 words; otherwise the offline composer's, which does.
      const words = title ? title.split(' ').length : 0;
      return title && words >= 4 && words <= 5 && title.length <= 80 ? title : this.language.title(message);
    } catch {
      return 'New conversation';
    }
  }
}
