import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { AuditService, changesBetween } from '../audit';
import { AiUnavailableError, CONCIERGE_AI, type ConciergeAi } from '../../platform/ai/concierge-ai';
import { messageIntent, parseRequest, reportsExperience, toEntities } from '../concierge-language';
import { readEntities } from '../../platform/ai/parse-schema';
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

/** The request a merged one was folded into, named as the member would recognise it. */
export interface MergedInto {
  id: string;
  summary: string;
}

export interface UserRequestView {
  id: string;
  sessionId: string;
  threadId: string | null;
  text: string;
  status: RequestStatus;
  closedReason: ClosedReason | null;
  mergedInto: MergedInto | null;
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

/** A request as another names it: its place and dates ('Lisbon, June 15'), else its first words. */
function summary(request: UserRequest): string {
  const parsed = parseRequest(request.text);
  const named = [parsed.place?.name, request.parsedEntities?.timeline ?? parsed.timeline].filter(Boolean).join(', ');
  if (named) return named;
  const [first] = request.text.trim().split('\n');
  return first.length > 60 ? `${first.slice(0, 59).trimEnd()}…` : first;
}

/** `targets` holds the requests that merged ones among the rows were folded into (see RequestsService.views). */
function view(request: UserRequest, targets: ReadonlyMap<string, UserRequest> = new Map()): UserRequestView {
  const target = request.mergedIntoId ? targets.get(request.mergedIntoId) : undefined;
  return {
    id: request.id,
    sessionId: request.sessionId,
    threadId: request.threadId ?? null,
    text: request.text,
    status: request.status,
    closedReason: request.closedReason ?? null,
    mergedInto: target ? { id: target.id, summary: summary(target) } : null,
    parsedEntities: request.parsedEntities ? readEntities({ ...request.parsedEntities }) : null,
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

type Reading = ReturnType<typeof parseRequest>;

/** A topic that only says "the concierge" fits any request; otherwise topics must be the same. */
function sameTopic(a: MessageCategory, b: MessageCategory): boolean {
  return a === b || a === 'concierge' || b === 'concierge';
}

/**
 * A later ask is the same ask as an earlier request when it is on its topic and names the same
 * place or the same dates as it ("a villa in Lisbon, 12 to 15 June", then "Lisbon, 12 to 15 June,
 * with a chef"). Two dinners in two cities, or a dinner and a spa, are two asks.
 */
function sameAsk(earlier: Reading, later: Reading): boolean {
  if (!sameTopic(earlier.mainCategory, later.mainCategory)) return false;
  const samePlace = earlier.place !== null && earlier.place.name === later.place?.name;
  const sameDates = earlier.timeline !== null && earlier.timeline === later.timeline;
  const otherPlace = earlier.place !== null && later.place !== null && !samePlace;
  return (samePlace || sameDates) && !otherPlace;
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
    private readonly audit: AuditService,
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
   * What a chat message does to the session's requests (in the members' chat: the thread's). Only
   * the member and staff cancel one; the concierge never closes a request because another opened.
   * - a request on the topic of an open request, soon after it was last added to, adds detail to
   *   the latest such request;
   * - any other request opens a new one, and leaves the open ones as they are, except those nobody
   *   has taken up yet (still received) that the new one asks again (same topic, and the same place
   *   or dates): their words are folded into the new request, and each is closed as merged into it;
   * - while a person of the staff holds the thread (`withPerson`), a request adds to the thread's
   *   latest open request whatever its topic: the member is talking to that person about it;
   * - "cancel that" cancels the latest open request;
   * - thanks that report the experience ("we had a wonderful dinner") complete the open request
   *   on their topic;
   * - other thanks, greetings, small talk and questions asking to know (the weather, opening
   *   times, what to wear, documents) change nothing.
   * Every change of text queues a parse in the same transaction. Answers the id of the request
   * the message added to or opened, or null.
   */
  async recordFromChat(
    sessionId: string,
    message: string,
    threadId?: string | null,
    { withPerson = false }: { withPerson?: boolean } = {},
  ): Promise<string | null> {
    const intent = messageIntent(message);
    if (intent === 'small-talk' || intent === 'question') return null;
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
      const open = (
        await em.find(
          UserRequest,
          { sessionId, threadId: threadId ?? null, status: { $in: OPEN_STATUSES } },
          { orderBy: { updatedAt: 'desc' } },
        )
      ).map((request) => ({ request, reading: parseRequest(request.text) }));
      const member: Actor = { kind: 'member' };

      if (intent === 'cancel') {
        const [latest] = open;
        if (latest) this.move(em, latest.request, 'cancelled', member, 'Cancelled in the chat.');
        await em.flush();
        if (latest) changed.push({ request: view(latest.request), created: false });
        return null;
      }
      if (intent === 'thanks') {
        const about = open.find(
          ({ reading }) => own.mainCategory === 'default' || sameTopic(own.mainCategory, reading.mainCategory),
        );
        const done = about && reportsExperience(message) ? about.request : null;
        if (done) this.move(em, done, 'completed', member, 'The member reported the experience.');
        await em.flush();
        if (done) changed.push({ request: view(done), created: false });
        return null;
      }

      const extended = open.find(
        ({ request, reading }) =>
          ((withPerson && threadId) ||
            (Date.now() - request.updatedAt.getTime() < CONTINUE_WITHIN_MS &&
              sameTopic(own.mainCategory, reading.mainCategory))) &&
          request.text.length + message.length < MAX_TEXT,
      )?.request;
      let request: UserRequest;
      let merged: UserRequest[] = [];
      if (extended) {
        extended.text = `${extended.text}\n${message}`;
        request = extended;
      } else {
        merged = this.askedAgain(open, own, message);
        const text = [...merged.map((older) => older.text), message].join('\n');
        request = em.create(UserRequest, { sessionId, threadId: threadId ?? null, text: text.slice(0, MAX_TEXT) });
        const note = merged.length
          ? `Includes ${merged.length === 1 ? 'an earlier request' : 'earlier requests'}.`
          : null;
        this.move(em, request, 'received', member, note);
        const into = `Merged into: ${summary(request)}`;
        for (const older of merged) {
          this.move(em, older, 'cancelled', { kind: 'concierge' }, into);
          older.closedReason = 'merged';
          older.mergedIntoId = request.id;
        }
      }
      await em.flush();
      await this.outbox.add(em, 'request.parse', { requestId: request.id });
      // Staff are told of a new request by email too (batched), in this transaction.
      if (request !== extended) await this.notices.note(em, { kind: 'request', requestId: request.id });
      const targets = new Map([[request.id, request]]);
      changed.push({ request: view(request), created: request !== extended });
      for (const older of merged) changed.push({ request: view(older, targets), created: false });
      return request.id;
    });
    for (const change of changed)
      await this.announce(change.request, change.created ? 'request.created' : 'request.changed');
    return id;
  }

  /**
   * The open requests a new one asks again (see recordFromChat), oldest first: still received, and
   * short enough that their words and the new message make one request.
   */
  private askedAgain(open: Array<{ request: UserRequest; reading: Reading }>, own: Reading, message: string) {
    let length = message.length;
    const merged: UserRequest[] = [];
    for (const { request, reading } of [...open].reverse()) {
      if (request.status !== 'received' || !sameAsk(reading, own)) continue;
      if (length + request.text.length + 1 >= MAX_TEXT) continue;
      length += request.text.length + 1;
      merged.push(request);
    }
    return merged;
  }

  /** The rows as views, each merged one naming the request it was folded into. */
  private async views(em: EntityManager, rows: UserRequest[]): Promise<UserRequestView[]> {
    const ids = [...new Set(rows.flatMap((row) => (row.mergedIntoId ? [row.mergedIntoId] : [])))];
    const targets = ids.length ? await em.find(UserRequest, { id: { $in: ids } }) : [];
    const byId = new Map(targets.map((target) => [target.id, target]));
    return rows.map((row) => view(row, byId));
  }

  /** The widget's and the session chat's requests (the members' thread requests are listed with their session). */
  async listForSession(sessionId: string): Promise<UserRequestView[]> {
    const em = this.em.fork();
    const rows = await em.find(
      UserRequest,
      { sessionId, threadId: null },
      { orderBy: { createdAt: 'desc' }, limit: 50 },
    );
    return this.views(em, rows);
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
    const views = await this.views(em, rows);
    return views.map((row) => ({
      ...row,
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
    const em = this.em.fork();
    const [rows, total] = await em.findAndCount(UserRequest, where, {
      orderBy: { createdAt: 'desc' },
      limit: query.limit,
      offset: query.offset,
    });
    return { data: await this.views(em, rows), total };
  }

  private async load(id: string): Promise<UserRequest> {
    const request = UUID.test(id) ? await this.em.fork().findOne(UserRequest, { id }) : null;
    if (!request) throw AppError.notFound(NOT_FOUND);
    return request;
  }

  private async viewOf(request: UserRequest): Promise<UserRequestView> {
    const [one] = await this.views(this.em.fork(), [request]);
    return one;
  }

  async get(id: string): Promise<UserRequestView> {
    return this.viewOf(await this.load(id));
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
    return this.viewOf(await this.loadForChat(id, session));
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
   * `sessionId` limits it to a member's own requests (another session's answers 404). A staff
   * change names its audit action: the audit row is written in the same transaction.
   */
  private async change(
    id: string,
    sessionId: string | null,
    change: (em: EntityManager, request: UserRequest) => void,
    auditAction?: string,
  ): Promise<UserRequestWithHistory> {
    if (!UUID.test(id)) throw AppError.notFound(NOT_FOUND);
    const em = this.em.fork();
    const request = await em.transactional(async (trx) => {
      const row = await trx.findOne(UserRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row || (sessionId !== null && row.sessionId !== sessionId)) throw AppError.notFound(NOT_FOUND);
      const before = { ...row };
      change(trx, row);
      await trx.flush();
      if (auditAction) {
        await this.audit.record(trx, {
          action: auditAction,
          target: { type: 'request', id },
          changes: changesBetween<UserRequest>(before, row, ['status', 'options']),
        });
      }
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
    return this.change(
      id,
      null,
      (em, request) => {
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
      },
      actor.kind === 'staff' ? 'request.status' : undefined,
    );
  }

  /** Staff propose a short list of options with prices; the request moves to options proposed. */
  async proposeOptions(
    id: string,
    options: Array<Omit<RequestOption, 'id'>>,
    actor: Actor,
    note?: string | null,
  ): Promise<UserRequestWithHistory> {
    return this.change(
      id,
      null,
      (em, request) => {
        if (!['received', 'in_progress', 'options_proposed'].includes(request.status)) {
          throw AppError.conflict(`Options cannot be proposed: this request is ${LABEL[request.status]}.`);
        }
        request.options = options.map((option) => ({
          ...option,
          id: randomUUID(),
          title: option.title.trim(),
        }));
        request.acceptedOptionId = null;
        this.move(em, request, 'options_proposed', actor, note ?? options.map((o) => o.title.trim()).join('; '));
      },
      actor.kind === 'staff' ? 'request.propose-options' : undefined,
    );
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
      return readEntities({ ...request.parsedEntities });
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
