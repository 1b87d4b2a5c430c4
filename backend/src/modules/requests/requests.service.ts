import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { AiUnavailableError, CONCIERGE_AI, type ConciergeAi } from '../../platform/ai/concierge-ai';
import { messageIntent, parseRequest, reportsExperience, toEntities } from '../concierge-language/parser';
import type { MessageCategory, ParsedEntities } from '../../platform/ai/types';
import { OutboxService } from '../../platform/queue/outbox.service';
import { OPEN_STATUSES, UserRequest, type ClosedReason } from './user-request.entity';

/** A message within this time of an open request, on the same topic, adds to it. */
const CONTINUE_WITHIN_MS = 30 * 60 * 1000;
const MAX_TEXT = 8000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UserRequestView {
  id: string;
  sessionId: string;
  text: string;
  status: UserRequest['status'];
  closedReason: ClosedReason | null;
  parsedEntities: ParsedEntities | null;
  createdAt: string;
  updatedAt: string;
}

function view(request: UserRequest): UserRequestView {
  return {
    id: request.id,
    sessionId: request.sessionId,
    text: request.text,
    status: request.status,
    closedReason: request.closedReason ?? null,
    parsedEntities: request.parsedEntities ?? null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

/** A topic that only says "the concierge" fits any request; otherwise topics must be the same. */
function sameTopic(a: MessageCategory, b: MessageCategory): boolean {
  return a === b || a === 'concierge' || b === 'concierge';
}

function close(request: UserRequest, status: 'fulfilled' | 'cancelled', reason: ClosedReason): void {
  request.status = status;
  request.closedReason = reason;
}

@Injectable()
export class RequestsService {
  private readonly logger = new Logger(RequestsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    @Inject(CONCIERGE_AI) private readonly ai: ConciergeAi,
  ) {}

  /**
   * What a chat message does to the session's requests, which keep at most one open at a time:
   * - a request on the open request's topic, soon after it, adds detail to it (in progress);
   * - a request on another topic opens a new one, and the old one is closed as superseded;
   * - "cancel that" cancels the open request;
   * - thanks that report the experience ("we had a wonderful dinner") fulfil it;
   * - other thanks, greetings and small talk change nothing.
   * Every change of text queues a parse in the same transaction. Answers the id of the request
   * the message added to or opened, or null.
   */
  async recordFromChat(sessionId: string, message: string): Promise<string | null> {
    const intent = messageIntent(message);
    if (intent === 'small-talk') return null;
    const own = parseRequest(message);
    return this.em.fork().transactional(async (em) => {
      // One session's messages are recorded one at a time, so two at once cannot both open a request.
      await em
        .getConnection()
        .execute(
          'select pg_advisory_xact_lock(hashtext(?))',
          [`user-requests:${sessionId}`],
          'all',
          em.getTransactionContext(),
        );
      const open = await em.find(
        UserRequest,
        { sessionId, status: { $in: OPEN_STATUSES } },
        { orderBy: { updatedAt: 'desc' } },
      );
      const [current] = open;
      const topic = current ? parseRequest(current.text).mainCategory : null;

      if (intent === 'cancel') {
        if (current) close(current, 'cancelled', 'member');
        await em.flush();
        return null;
      }
      if (intent === 'thanks') {
        const aboutIt = topic !== null && (own.mainCategory === 'default' || sameTopic(own.mainCategory, topic));
        if (current && aboutIt && reportsExperience(message)) close(current, 'fulfilled', 'member');
        await em.flush();
        return null;
      }

      let request: UserRequest;
      const recent = current && Date.now() - current.updatedAt.getTime() < CONTINUE_WITHIN_MS;
      if (
        current &&
        topic &&
        recent &&
        sameTopic(own.mainCategory, topic) &&
        current.text.length + message.length < MAX_TEXT
      ) {
        current.text = `${current.text}\n${message}`;
        current.status = 'in_progress';
        request = current;
      } else {
        request = em.create(UserRequest, { sessionId, text: message.slice(0, MAX_TEXT) });
      }
      for (const older of open) if (older !== request) close(older, 'cancelled', 'superseded');
      await em.flush();
      await this.outbox.add(em, 'request.parse', { requestId: request.id });
      return request.id;
    });
  }

  async listForSession(sessionId: string): Promise<UserRequestView[]> {
    const rows = await this.em.fork().find(UserRequest, { sessionId }, { orderBy: { createdAt: 'desc' }, limit: 50 });
    return rows.map(view);
  }

  private async load(id: string): Promise<UserRequest> {
    const request = UUID.test(id) ? await this.em.fork().findOne(UserRequest, { id }) : null;
    if (!request) throw AppError.notFound('Request not found.');
    return request;
  }

  async get(id: string): Promise<UserRequestView> {
    return view(await this.load(id));
  }

  /**
   * The concierge team closes a request (fulfilled or cancelled) or marks it in progress. A closed
   * request stays closed: a member who wants it again asks again, which opens a new one.
   */
  async setStatus(id: string, status: 'in_progress' | 'fulfilled' | 'cancelled'): Promise<UserRequestView> {
    if (!UUID.test(id)) throw AppError.notFound('Request not found.');
    return this.em.fork().transactional(async (em) => {
      const request = await em.findOne(UserRequest, { id });
      if (!request) throw AppError.notFound('Request not found.');
      if (!OPEN_STATUSES.includes(request.status)) {
        if (request.status === status) return view(request);
        throw AppError.conflict(`This request is already ${request.status}.`);
      }
      if (status === 'in_progress') request.status = status;
      else close(request, status, 'staff');
      await em.flush();
      return view(request);
    });
  }

  /** A follow-up question about what the request still lacks, from its latest text. */
  async nextStep(id: string): Promise<string> {
    const request = await this.load(id);
    try {
      return await this.ai.followUp(request.text, await this.currentEntities(request));
    } catch (error) {
      if (error instanceof AiUnavailableError) throw AppError.unavailable(error.message);
      throw error;
    }
  }

  /**
   * The parse of the request's current text. The worker's parse is used when it is newer than the
   * last change; otherwise (not parsed yet, or the member added detail since) it is parsed now and
   * stored, so the follow-up never asks for something the member has just given.
   */
  private async currentEntities(request: UserRequest): Promise<ParsedEntities> {
    if (request.parsedEntities && request.parsedAt && request.parsedAt >= request.updatedAt)
      return request.parsedEntities;
    let parsed: ParsedEntities;
    try {
      parsed = await this.ai.parse(request.text);
    } catch (error) {
      this.logger.warn(`Parsing request ${request.id} with the rules: ${(error as Error).message}`);
      parsed = toEntities(parseRequest(request.text));
    }
    await this.em
      .fork()
      .nativeUpdate(
        UserRequest,
        { id: request.id, text: request.text },
        { parsedEntities: parsed, parsedAt: new Date() },
      );
    return parsed;
  }

  /**
   * Fills in the request's parsed entities (the request-parsing job). Idempotent: it parses the
   * current text and stores the result only if the text has not changed in the meantime (a later
   * job will parse the newer text).
   */
  async parse(id: string): Promise<void> {
    const em = this.em.fork();
    const request = await em.findOne(UserRequest, { id });
    if (!request) return;
    const text = request.text;
    const parsed = await this.ai.parse(text);
    await em.nativeUpdate(UserRequest, { id, text }, { parsedEntities: parsed, parsedAt: new Date() });
  }
}
