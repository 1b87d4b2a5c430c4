import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { AiUnavailableError, CONCIERGE_AI, type ConciergeAi } from '../../platform/ai/concierge-ai';
import { messageIntent, parseRequest, reportsExperience, toEntities } from '../concierge-language';
import type { MessageCategory, ParsedEntities } from '../../platform/ai/types';
import { OutboxService } from '../../platform/queue/outbox.service';
import { sessionChannel, STAFF_CHANNEL } from '../../platform/live/channels';
import { LiveEventsService } from '../../platform/live/live-events.service';
import {
  CLOSED_STATUSES,
  OPEN_STATUSES,
  STATUS_LABEL as LABEL,
  type ClosedReason,
  type HistoryActor,
  type RequestOption,
  type RequestStatus,
} from './request-lifecycle';
import { StaffNotices } from './staff-notices';
import { UserRequest, UserRequestHistory } from './user-request.entity';
import { UUID } from '../../common/uuid';

/** A message within this time of an open request, on the same topic, adds to it. */
const CONTINUE_WITHIN_MS = 30 * 60 * 1000;
const MAX_TEXT = 8000;
const NOT_FOUND = 'Request not found.';

export interface HistoryView {
  status: RequestStatus;
  actor: HistoryActor;
  actorName: string | null;
  note: string | null;
  at: string;
}

export interface UserRequestView {
  id: string;
  sessionId: string;
  threadId: string | null;
  text: string;
  status: RequestStatus;
  closedReason: ClosedReason | null;
  parsedEntities: ParsedEntities | null;
  options: RequestOption[];
  acceptedOptionId: string | null;
  firstResponseAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface UserRequestWithHistory extends UserRequestView {
  history: HistoryView[];
}

/** Who makes a change: the member, a named staff member, or the concierge engine. */
export interface Actor {
  kind: HistoryActor;
  name?: string | null;
}

export interface StaffListQuery {
  status?: RequestStatus[];
  category?: string;
  q?: string;
  limit: number;
  offset: number;
}

function view(request: UserRequest): UserRequestView {
  return {
    id: request.id,
    sessionId: request.sessionId,
    threadId: request.threadId ?? null,
    text: request.text,
    status: request.status,
    closedReason: request.closedReason ?? null,
    parsedEntities: request.parsedEntities ?? null,
    options: request.options ?? [],
    acceptedOptionId: request.acceptedOptionId ?? null,
    firstResponseAt: request.firstResponseAt?.toISOString() ?? null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

const historyView = (row: UserRequestHistory): HistoryView => ({
  status: row.status,
  actor: row.actor,
  actorName: row.actorName ?? null,
  note: row.note ?? null,
  at: row.createdAt.toISOString(),
});

/** A topic that only says "the concierge" fits any request; otherwise topics must be the same. */
function sameTopic(a: MessageCategory, b: MessageCategory): boolean {
  return a === b || a === 'concierge' || b === 'concierge';
}

@Injectable()
export class RequestsService {
  private readonly logger = new Logger(RequestsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly live: LiveEventsService,
    private readonly notices: StaffNotices,
    @Inject(CONCIERGE_AI) private readonly ai: ConciergeAi,
  ) {}

  /** A status change, written with its history row in the caller's transaction. */
  private move(em: EntityManager, request: UserRequest, status: RequestStatus, actor: Actor, note?: string | null) {
    request.status = status;
    if (status === 'cancelled' || status === 'completed') {
      request.closedReason = actor.kind === 'staff' ? 'staff' : 'member';
    }
    if (actor.kind === 'staff' && !request.firstResponseAt) request.firstResponseAt = new Date();
    em.create(UserRequestHistory, {
      requestId: request.id,
      status,
      actor: actor.kind,
      actorName: actor.name?.trim() || null,
      note: note?.trim() || null,
    });
  }

  /** Every tab of the member's session and the staff console hear of a change (after commit). */
  private async announce(request: UserRequestView, event: 'request.created' | 'request.changed'): Promise<void> {
    const data = { requestId: request.id, threadId: request.threadId, status: request.status };
    await Promise.all([
      this.live.publish(sessionChannel(request.sessionId), 'request.changed', data),
      this.live.publish(STAFF_CHANNEL, event, data),
    ]).catch((error: Error) => this.logger.warn(`A request change was not announced (${error.message})`));
  }

  /**
   * What a chat message does to the session's requests (in the members' chat: the thread's), which
   * keep at most one open at a time:
   * - a request on the open request's topic, soon after it, adds detail to it;
   * - a request on another topic opens a new one, and an older one nobody has taken up yet
   *   (still received) is closed as superseded;
   * - "cancel that" cancels the open request;
   * - thanks that report the experience ("we had a wonderful dinner") complete it;
   * - other thanks, greetings and small talk change nothing.
   * Every change of text queues a parse in the same transaction. Answers the id of the request
   * the message added to or opened, or null.
   */
  async recordFromChat(sessionId: string, message: string, threadId?: string | null): Promise<string | null> {
    const intent = messageIntent(message);
    if (intent === 'small-talk') return null;
    const own = parseRequest(message);
    const changed: Array<{ request: UserRequestView; created: boolean }> = [];
    const id = await this.em.fork().transactional(async (em) => {
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
        { sessionId, threadId: threadId ?? null, status: { $in: OPEN_STATUSES } },
        { orderBy: { updatedAt: 'desc' } },
      );
      const [current] = open;
      const topic = current ? parseRequest(current.text).mainCategory : null;
      const member: Actor = { kind: 'member' };

      if (intent === 'cancel') {
        if (current) this.move(em, current, 'cancelled', member, 'Cancelled in the chat.');
        await em.flush();
        if (current) changed.push({ request: view(current), created: false });
        return null;
      }
      if (intent === 'thanks') {
        const aboutIt = topic !== null && (own.mainCategory === 'default' || sameTopic(own.mainCategory, topic));
        const done = current && aboutIt && reportsExperience(message);
        if (done) this.move(em, current, 'completed', member, 'The member reported the experience.');
        await em.flush();
        if (done) changed.push({ request: view(current), created: false });
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
        request = current;
      } else {
        request = em.create(UserRequest, { sessionId, threadId: threadId ?? null, text: message.slice(0, MAX_TEXT) });
        this.move(em, request, 'received', member);
      }
      const superseded = open.filter((older) => older !== request && older.status === 'received');
      for (const older of superseded) {
        this.move(em, older, 'cancelled', { kind: 'concierge' }, 'Replaced by a newer request.');
        older.closedReason = 'superseded';
      }
      await em.flush();
      await this.outbox.add(em, 'request.parse', { requestId: request.id });
      // Staff are told of a new request by email too (batched), in this transaction.
      if (request !== current) await this.notices.note(em, { kind: 'request', requestId: request.id });
      changed.push({ request: view(request), created: request !== current });
      for (const older of superseded) changed.push({ request: view(older), created: false });
      return request.id;
    });
    for (const change of changed)
      await this.announce(change.request, change.created ? 'request.created' : 'request.changed');
    return id;
  }

  /** The widget's and the session chat's requests (the members' thread requests are listed with their session). */
  async listForSession(sessionId: string): Promise<UserRequestView[]> {
    const rows = await this.em
      .fork()
      .find(UserRequest, { sessionId, threadId: null }, { orderBy: { createdAt: 'desc' }, limit: 50 });
    return rows.map(view);
  }

  /** The requests of a members' concierge session, newest first, each with its history. */
  async listForMember(sessionId: string): Promise<UserRequestWithHistory[]> {
    const em = this.em.fork();
    const rows = await em.find(
      UserRequest,
      { sessionId, threadId: { $ne: null } },
      { orderBy: { createdAt: 'desc' }, limit: 100 },
    );
    return this.withHistory(em, rows);
  }

  private async withHistory(em: EntityManager, rows: UserRequest[]): Promise<UserRequestWithHistory[]> {
    if (rows.length === 0) return [];
    const history = await em.find(
      UserRequestHistory,
      { requestId: { $in: rows.map((r) => r.id) } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return rows.map((row) => ({
      ...view(row),
      history: history.filter((h) => h.requestId === row.id).map(historyView),
    }));
  }

  /**
   * The staff console's list: newest first, by status, category and a search of the request's
   * words, place and preferences.
   */
  async listForStaff(query: StaffListQuery): Promise<{ data: UserRequestView[]; total: number }> {
    const where: Record<string, unknown> = {};
    if (query.status?.length) where.status = { $in: query.status };
    if (query.category) where.parsedEntities = { mainCategory: query.category };
    const q = query.q?.trim();
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.$or = UUID.test(q) ? [{ id: q }, { text: { $ilike: like } }] : [{ text: { $ilike: like } }];
    }
    const [rows, total] = await this.em.fork().findAndCount(UserRequest, where, {
      orderBy: { createdAt: 'desc' },
      limit: query.limit,
      offset: query.offset,
    });
    return { data: rows.map(view), total };
  }

  private async load(id: string): Promise<UserRequest> {
    const request = UUID.test(id) ? await this.em.fork().findOne(UserRequest, { id }) : null;
    if (!request) throw AppError.notFound(NOT_FOUND);
    return request;
  }

  async get(id: string): Promise<UserRequestView> {
    return view(await this.load(id));
  }

  /**
   * A request as its own chat reads it: one made in a members' thread only with that thread's
   * concierge session (`session` answers the caller's, and is asked only then); the widget's and
   * the session chat's with its id, as the spec's screens ask for it. Anyone else is told it does
   * not exist.
   */
  private async loadForChat(id: string, session: () => Promise<string | null>): Promise<UserRequest> {
    const request = await this.load(id);
    if (request.threadId && (await session()) !== request.sessionId) throw AppError.notFound(NOT_FOUND);
    return request;
  }

  async getForChat(id: string, session: () => Promise<string | null>): Promise<UserRequestView> {
    return view(await this.loadForChat(id, session));
  }

  async getWithHistory(id: string): Promise<UserRequestWithHistory> {
    const em = this.em.fork();
    const request = UUID.test(id) ? await em.findOne(UserRequest, { id }) : null;
    if (!request) throw AppError.notFound(NOT_FOUND);
    const [withHistory] = await this.withHistory(em, [request]);
    return withHistory;
  }

  /**
   * Changes a request in one transaction, with the row locked: `change` checks and applies it.
   * `sessionId` limits it to a member's own requests (another session's answers 404).
   */
  private async change(
    id: string,
    sessionId: string | null,
    change: (em: EntityManager, request: UserRequest) => void,
  ): Promise<UserRequestWithHistory> {
    if (!UUID.test(id)) throw AppError.notFound(NOT_FOUND);
    const em = this.em.fork();
    const request = await em.transactional(async (trx) => {
      const row = await trx.findOne(UserRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row || (sessionId !== null && row.sessionId !== sessionId)) throw AppError.notFound(NOT_FOUND);
      change(trx, row);
      await trx.flush();
      return row;
    });
    const [result] = await this.withHistory(em, [request]);
    await this.announce(result, 'request.changed');
    return result;
  }

  /**
   * Staff move a request to any status, with a note. A completed or cancelled request stays so: a
   * member who wants it again asks again, which opens a new one.
   */
  async setStatus(id: string, status: RequestStatus, actor: Actor, note?: string | null) {
    return this.change(id, null, (em, request) => {
      if (CLOSED_STATUSES.includes(request.status)) {
        throw AppError.conflict(`This request is already ${LABEL[request.status]}.`);
      }
      if (request.status === status && !note?.trim()) {
        throw AppError.conflict(`This request is already ${LABEL[status]}.`);
      }
      if (status === 'options_proposed' && !request.options?.length) {
        throw AppError.badRequest('Propose options first: the member has none to choose from.');
      }
      this.move(em, request, status, actor, note);
    });
  }

  /** Staff propose a short list of options with prices; the request moves to options proposed. */
  async proposeOptions(
    id: string,
    options: Array<Omit<RequestOption, 'id'>>,
    actor: Actor,
    note?: string | null,
  ): Promise<UserRequestWithHistory> {
    return this.change(id, null, (em, request) => {
      if (!['received', 'in_progress', 'options_proposed'].includes(request.status)) {
        throw AppError.conflict(`Options cannot be proposed: this request is ${LABEL[request.status]}.`);
      }
      request.options = options.map((option) => ({
        id: randomUUID(),
        title: option.title.trim(),
        price: option.price,
        currency: option.currency,
      }));
      request.acceptedOptionId = null;
      this.move(em, request, 'options_proposed', actor, note ?? options.map((o) => o.title.trim()).join('; '));
    });
  }

  /** The member accepts one of the options proposed: the request is confirmed. */
  async acceptOption(sessionId: string, id: string, optionId: string): Promise<UserRequestWithHistory> {
    return this.change(id, sessionId, (em, request) => {
      const option = request.options?.find((o) => o.id === optionId);
      if (!option) throw AppError.notFound('This option is not on offer.');
      if (request.status !== 'options_proposed') {
        throw AppError.conflict(`This request is ${LABEL[request.status]}: its options can no longer be accepted.`);
      }
      request.acceptedOptionId = option.id;
      this.move(em, request, 'confirmed', { kind: 'member' }, `Accepted: ${option.title}`);
    });
  }

  /** The member cancels one of their requests, while it is not yet confirmed. */
  async cancelByMember(sessionId: string, id: string): Promise<UserRequestWithHistory> {
    return this.change(id, sessionId, (em, request) => {
      if (!OPEN_STATUSES.includes(request.status)) {
        throw AppError.conflict(`This request is ${LABEL[request.status]}: it can no longer be cancelled here.`);
      }
      this.move(em, request, 'cancelled', { kind: 'member' }, 'Cancelled by the member.');
    });
  }

  /** Staff answered the member (a reply in the thread): the response-time clock stops, if it ran. */
  async markResponded(id: string): Promise<void> {
    if (!UUID.test(id)) return;
    await this.em.fork().nativeUpdate(UserRequest, { id, firstResponseAt: null }, { firstResponseAt: new Date() });
  }

  /** The median time from a request to staff's first response, over requests of the last `days` days. */
  async medianFirstResponseSeconds(days = 7): Promise<{ seconds: number | null; answered: number }> {
    const [row] = await this.em.getConnection().execute<Array<{ median: number | null; answered: string }>>(
      `select percentile_cont(0.5) within group (order by extract(epoch from first_response_at - created_at)) as median,
              count(*) as answered
         from user_requests
        where first_response_at is not null and created_at >= now() - make_interval(days => ?)`,
      [days],
    );
    return {
      seconds: row?.median === null || row?.median === undefined ? null : Number(row.median),
      answered: Number(row?.answered ?? 0),
    };
  }

  /** A follow-up question about what the request still lacks, from its latest text (see getForChat). */
  async nextStep(id: string, session: () => Promise<string | null>): Promise<string> {
    const request = await this.loadForChat(id, session);
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
