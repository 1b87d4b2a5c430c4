import { formatMoney } from '@maison/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../../common/app-error';
import { UUID } from '../../../common/uuid';
import {
  type RequestOption,
  RequestsService,
  type RequestStatus,
  type StaffListQuery,
  type UserRequestView,
  type UserRequestWithHistory,
} from '../../requests';
import { MemberNoticesService, type StaffActionKind } from '../../member-notices';
import { MembersService, type MemberTier } from '../../members';
import { memberIdOf } from '../concierge-session.service';
import { ThreadsService, type MessageView, type RatingView, type ThreadFacts } from '../threads/threads.service';

/** A card of the staff console: the request, and what its thread says about waiting. */
export interface StaffRequestCard extends UserRequestView {
  lastMemberMessageAt: string | null;
  /** When the member asked for a person, while the thread is still with staff. */
  handoffAt: string | null;
  /** Since when the member has been waiting for staff (null: answered, or closed). */
  waitingSince: string | null;
  /** Who asked, when a signed-in member did (null: a house-password session or the public chat). */
  member: DeskMember | null;
}

/** The member behind a request, as the desk shows it. */
interface DeskMember {
  /** The member's id: the staff's profile of the member is read by it. */
  id: string;
  name: string;
  tier: MemberTier;
}

export interface StaffRequestDetail {
  request: UserRequestWithHistory;
  card: StaffRequestCard;
  /** The member whose conversation it is (null: a house-password session or the public chat). */
  member: DeskMember | null;
  conversation: MessageView[];
  ratings: RatingView[];
}

const WAITING: RequestStatus[] = ['received', 'in_progress', 'options_proposed'];

/** What the member reads in the thread when staff change the request. */
const STATUS_MESSAGE: Record<RequestStatus, string> = {
  received: 'Your request is back with our team.',
  in_progress: 'Your request is now in progress: I am taking care of it personally.',
  options_proposed: 'I have prepared some options for you.',
  confirmed: 'Your request is confirmed.',
  completed: 'Your request is completed. It was a pleasure.',
  cancelled: 'Your request has been cancelled.',
};

function money(option: Pick<RequestOption, 'price' | 'currency'>): string {
  return formatMoney(option.price, option.currency);
}

/**
 * The member a request belongs to, by its owner key. Only a request from a members' thread is
 * read: a thread's owner is always the guard's (a public chat's session id is whatever the browser
 * sent, and could imitate a member's key).
 */
function memberOf(request: UserRequestView): string | null {
  const id = request.threadId ? memberIdOf(request.sessionId) : null;
  return id && UUID.test(id) ? id : null;
}

function card(request: UserRequestView, facts: ThreadFacts | undefined, member: DeskMember | null): StaffRequestCard {
  const handoffAt =
    facts?.handoffAt && !(facts.lastStaffMessageAt && facts.lastStaffMessageAt > facts.handoffAt)
      ? facts.handoffAt
      : null;
  let waitingSince: string | null = null;
  if (WAITING.includes(request.status)) {
    if (handoffAt) waitingSince = handoffAt;
    else if (!request.firstResponseAt) waitingSince = request.createdAt;
  }
  return {
    ...request,
    lastMemberMessageAt: facts?.lastMemberMessageAt ?? request.updatedAt,
    handoffAt: facts?.handoffAt ?? null,
    waitingSince,
    member,
  };
}

/**
 * The human concierge's desk: the staff console's view of requests and their threads, and what
 * staff do there. A change is made by the requests module (with its history row) and told to the
 * member as a message from the named concierge in the thread the request came from; both travel
 * on the one live mechanism (Redis pub/sub to SSE).
 */
@Injectable()
export class DeskService {
  constructor(
    private readonly requests: RequestsService,
    private readonly threads: ThreadsService,
    private readonly members: MembersService,
    private readonly notices: MemberNoticesService,
  ) {}

  private async cards(rows: UserRequestView[]): Promise<StaffRequestCard[]> {
    const memberIds = [...new Set(rows.flatMap((r) => memberOf(r) ?? []))];
    const [facts, members] = await Promise.all([
      this.threads.facts(rows.flatMap((r) => (r.threadId ? [r.threadId] : []))),
      memberIds.length > 0 ? this.members.describe(memberIds) : new Map<string, Omit<DeskMember, 'id'>>(),
    ]);
    return rows.map((row) => {
      const memberId = memberOf(row);
      const member = memberId ? members.get(memberId) : undefined;
      return card(
        row,
        row.threadId ? facts.get(row.threadId) : undefined,
        member ? { id: memberId!, ...member } : null,
      );
    });
  }

  async list(query: StaffListQuery): Promise<{ data: StaffRequestCard[]; total: number }> {
    const page = await this.requests.listForStaff(query);
    return { data: await this.cards(page.data), total: page.total };
  }

  async detail(id: string): Promise<StaffRequestDetail> {
    const request = await this.requests.getWithHistory(id);
    const [one] = await this.cards([request]);
    const session = request.threadId ? await this.threads.sessionOf(request.threadId) : null;
    return {
      request,
      card: one,
      member: one.member,
      conversation: request.threadId ? await this.threads.conversation(request.threadId) : [],
      ratings: session ? await this.threads.ratings(session) : [],
    };
  }

  /**
   * Says it in the request's thread, with the member's notice of it in the same transaction;
   * false when there is no thread to say it in.
   */
  private async tell(
    request: UserRequestView,
    author: string,
    content: string,
    notice: { kind: StaffActionKind; text: string },
    attachment?: RequestOption[],
  ): Promise<boolean> {
    if (!request.threadId) return false;
    return this.threads
      .postConciergeMessage(
        request.threadId,
        {
          author,
          content,
          attachment: attachment ? { type: 'options', requestId: request.id, options: attachment } : null,
        },
        undefined,
        this.told(request, notice.kind, author, notice.text),
      )
      .then(() => true)
      .catch((error: unknown) => {
        // The thread was deleted by the member: the change stands, there is nowhere to say it.
        if (!(error instanceof AppError && error.kind === 'not_found')) throw error;
        return false;
      });
  }

  /**
   * A member away from the concierge hears of it by email; one reading it sees an unread mark.
   * Recorded in the transaction that posts the staff message: one is never kept without the other.
   */
  private told(request: UserRequestView, kind: StaffActionKind, author: string, text: string) {
    const threadId = request.threadId;
    if (!threadId) return undefined;
    const action = { memberOwner: request.sessionId, threadId, requestId: request.id };
    return (tx: EntityManager) => this.notices.staffActed(tx, { ...action, kind, author, text });
  }

  async changeStatus(id: string, status: RequestStatus, staff: string, note?: string) {
    const request = await this.requests.setStatus(id, status, { kind: 'staff', name: staff }, note);
    const said = note ? `${STATUS_MESSAGE[status]}\n\n${note}` : STATUS_MESSAGE[status];
    await this.tell(request, staff, said, { kind: 'status', text: said });
    return request;
  }

  async reply(id: string, staff: string, content: string): Promise<MessageView> {
    const request = await this.requests.get(id);
    if (!request.threadId) {
      throw AppError.conflict('This request came from the public chat: there is no member thread to reply in.');
    }
    const message = await this.threads.postConciergeMessage(
      request.threadId,
      { author: staff, content },
      { action: 'request.reply', target: { type: 'request', id } },
      this.told(request, 'reply', staff, content),
    );
    await this.requests.markResponded(id);
    return message;
  }

  async proposeOptions(id: string, staff: string, options: Array<Omit<RequestOption, 'id'>>, note?: string) {
    const request = await this.requests.proposeOptions(id, options, { kind: 'staff', name: staff }, note);
    const list = request.options.map((o, i) => `${i + 1}. **${o.title}** · ${money(o)}`).join('\n');
    await this.tell(
      request,
      staff,
      `${STATUS_MESSAGE.options_proposed}${note ? `\n\n${note}` : ''}\n\n${list}\n\nChoose the one you prefer below.`,
      { kind: 'options', text: `${note ? `${note}\n` : ''}${list}` },
      request.options,
    );
    return request;
  }

  /** Staff hand the request's thread back to the AI, which answers it again. */
  async handBack(id: string): Promise<UserRequestView> {
    const request = await this.requests.get(id);
    if (request.threadId) {
      await this.threads.handBack(request.threadId, {
        action: 'request.hand-back',
        target: { type: 'request', id },
        changes: { handedOff: [true, false] },
      });
    }
    await this.requests.markResponded(id);
    return request;
  }

  /**
   * The member accepts an option in the chat: the request is confirmed. A signed-in member's priced
   * option is accepted by paying for it (bookings' pay route), never confirmed unpaid here.
   */
  async acceptOption(sessionId: string, id: string, optionId: string) {
    if (sessionId.startsWith('member:')) {
      const option = (await this.requests.get(id)).options.find((o) => o.id === optionId);
      if (option && option.price > 0) {
        throw AppError.conflict(
          'This option is accepted with a card: please use Accept on its card.',
          'PAYMENT_NEEDED',
        );
      }
    }
    return this.requests.acceptOption(sessionId, id, optionId);
  }

  cancelByMember(sessionId: string, id: string) {
    return this.requests.cancelByMember(sessionId, id);
  }

  listForMember(sessionId: string) {
    return this.requests.listForMember(sessionId);
  }

  async stats(): Promise<{ medianFirstResponseSeconds: number | null; answered: number }> {
    const median = await this.requests.medianFirstResponseSeconds(7);
    return { medianFirstResponseSeconds: median.seconds, answered: median.answered };
  }
}
