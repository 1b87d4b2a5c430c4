import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { AiUnavailableError, CONCIERGE_AI, type ConciergeAi } from '../../platform/ai/concierge-ai';
import { parseRequest, toEntities } from '../../platform/ai/offline/parser';
import type { ParsedEntities } from '../../platform/ai/types';
import { OutboxService } from '../../platform/queue/outbox.service';
import { UserRequest } from './user-request.entity';

/** A message within this time of an open request, on the same topic, adds to it. */
const CONTINUE_WITHIN_MS = 30 * 60 * 1000;
const MAX_TEXT = 8000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UserRequestView {
  id: string;
  sessionId: string;
  text: string;
  status: UserRequest['status'];
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
    parsedEntities: request.parsedEntities ?? null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

@Injectable()
export class RequestsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    @Inject(CONCIERGE_AI) private readonly ai: ConciergeAi,
  ) {}

  /**
   * Records what a chat message asks for: a new request, or more detail on the session's open
   * request about the same thing. The parse is queued in the same transaction. Answers the
   * request's id, or null when the message asks for nothing (a greeting, a thank-you).
   */
  async recordFromChat(sessionId: string, message: string): Promise<string | null> {
    const own = parseRequest(message);
    if (own.mainCategory === 'default') return null;
    return this.em.fork().transactional(async (em) => {
      const open = await em.findOne(
        UserRequest,
        { sessionId, status: { $in: ['new', 'in_progress'] } },
        { orderBy: { updatedAt: 'desc' } },
      );
      const recent = open && Date.now() - open.updatedAt.getTime() < CONTINUE_WITHIN_MS;
      const sameTopic =
        open && (own.mainCategory === 'concierge' || parseRequest(open.text).mainCategory === own.mainCategory);
      let request: UserRequest;
      if (open && recent && sameTopic && open.text.length + message.length < MAX_TEXT) {
        open.text = `${open.text}\n${message}`;
        open.status = 'in_progress';
        request = open;
      } else {
        request = em.create(UserRequest, { sessionId, text: message.slice(0, MAX_TEXT) });
      }
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

  /** A follow-up question about what the request still lacks. */
  async nextStep(id: string): Promise<string> {
    const request = await this.load(id);
    const parsed = request.parsedEntities ?? toEntities(parseRequest(request.text));
    try {
      return await this.ai.followUp(request.text, parsed);
    } catch (error) {
      if (error instanceof AiUnavailableError) throw AppError.unavailable(error.message);
      throw error;
    }
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
