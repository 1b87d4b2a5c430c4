import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../../common/app-error';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/environment';
import { sessionChannel } from '../../../platform/live/channels';
import { LiveEventsService } from '../../../platform/live/live-events.service';
import { PlacesService } from '../../../platform/places/places.service';
import {
  MESSAGE_CATEGORIES,
  type ConciergeTool,
  type ConciergeToolbox,
  type MessageCategory,
  type MessageReading,
  type ReplyStep,
  type ToolResult,
} from '../../../platform/ai/types';
import { findPlace, fold, memoryCandidates, messageIntent } from '../../concierge-language';
import { EventsService } from '../../events';
import {
  isSensitiveKind,
  PREFERENCE_KIND_LABELS,
  PREFERENCE_KINDS,
  PreferencesService,
  type PreferenceKind,
} from '../../preferences';
import { RequestsService, type UserRequestView } from '../../requests';
import { VendorDirectory } from '../vendor-directory';

/** The reply the tools work for: whose it is, in which thread, answering which message. */
export interface ToolsFor {
  owner: string;
  memberId: string;
  threadId: string;
  /** The member's message being answered (the source of what is remembered from it), when known. */
  messageId: string | null;
  /** Its words; null for a reply asked again (Regenerate). */
  said: string | null;
  /** When the reply began: a request recorded from then on is this message's. */
  since: Date;
}

const OPEN_REQUEST = ['received', 'in_progress', 'options_sent'];

/** The tools a model is offered, with strict schemas (every property required, nothing else). */
const TOOLS: ConciergeTool[] = [
  {
    name: 'search_partners',
    description:
      'Search the club’s partner directory (restaurants, hotels, yachts, jets, wellness, fashion...) and known places for a kind of service in a place.',
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['category', 'place', 'query'],
      properties: {
        category: { type: 'string', enum: [...MESSAGE_CATEGORIES] },
        place: { type: ['string', 'null'], description: 'A city or country, e.g. "Monaco"; null for anywhere' },
        query: { type: ['string', 'null'], description: 'What to look for among places, e.g. "rooftop restaurant"' },
      },
    },
    changes: false,
    failure: 'Our partner directory did not answer in time',
  },
  {
    name: 'check_event_availability',
    description: 'Check one of the club’s own events (date, place, whether it is open or by invitation) by its name.',
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string', description: 'The event’s name or part of it' } },
    },
    changes: false,
    failure: 'Our events calendar did not answer in time',
  },
  {
    name: 'open_or_update_request',
    description:
      'Make sure the member’s request in this conversation is with the club’s concierges, with what was understood in one sentence.',
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['summary'],
      properties: { summary: { type: 'string', description: 'What the member asks for, in a few words' } },
    },
    changes: true,
    failure: 'Your request could not be confirmed just now; our concierges will still see your message',
  },
  {
    name: 'read_preferences',
    description: 'Read what the club remembers of the member (dining, seating, flights, companions...).',
    parameters: { type: 'object', additionalProperties: false, required: [], properties: {} },
    changes: false,
    failure: 'What we remember of you could not be read just now',
  },
  {
    name: 'remember_preference',
    description:
      'Propose to remember something lasting the member said about themselves (not a one-off request). Allergies and health are kept only once the member agrees.',
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'value', 'sensitive'],
      properties: {
        kind: { type: 'string', enum: [...PREFERENCE_KINDS] },
        value: {
          type: 'string',
          description: 'Short, in the member’s favour, e.g. "Terraces", "Never flies before 10:00"',
        },
        sensitive: { type: 'boolean', description: 'True for anything private (health, allergies)' },
      },
    },
    changes: true,
    failure: 'This could not be remembered just now',
  },
];

/** A message that asks for something opens (or adds to) the member's request, as the requests module records it. */
const opensRequest = (said: string) => messageIntent(said) === 'request';

const text = (value: unknown, max = 120): string =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, max) : '';

/**
 * The concierge's tools for a member's reply (the AI port's toolbox): what reads runs at once;
 * what changes something asks the member first, except keeping a preference that is not
 * sensitive and the member's own request. Nothing here is offered to a house-password session.
 */
@Injectable()
export class ConciergeTools {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly vendors: VendorDirectory,
    private readonly events: EventsService,
    private readonly requests: RequestsService,
    private readonly preferences: PreferencesService,
    private readonly live: LiveEventsService,
    private readonly places: PlacesService,
  ) {}

  forReply(reply: ToolsFor): ConciergeToolbox {
    return {
      tools: TOOLS,
      timeoutMs: this.config.CONCIERGE_TOOL_TIMEOUT_MS,
      run: (name, args, signal) => this.run(reply, name, args, signal),
      readMessage: (said) => this.read(reply.memberId, said),
    };
  }

  private async read(memberId: string, said: string): Promise<MessageReading> {
    const paused = await this.preferences.isPaused(memberId);
    return { remember: paused ? [] : memoryCandidates(said), opensRequest: opensRequest(said) };
  }

  private run(reply: ToolsFor, name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult> {
    switch (name) {
      case 'search_partners':
        return this.searchPartners(args);
      case 'check_event_availability':
        return this.checkEvent(args);
      case 'open_or_update_request':
        return this.request(reply, args, signal);
      case 'read_preferences':
        return this.readPreferences(reply.memberId);
      case 'remember_preference':
        return this.remember(reply, args);
      default:
        throw new Error(`No tool ${name}`);
    }
  }

  private async searchPartners(args: Record<string, unknown>): Promise<ToolResult> {
    const category = MESSAGE_CATEGORIES.includes(args.category as MessageCategory)
      ? (args.category as MessageCategory)
      : 'default';
    const asked = text(args.place, 80);
    const place = asked ? findPlace(asked) : null;
    const where = place ? ` in ${place.name}` : asked ? ` in ${asked}` : '';
    const looking = text(args.query, 80);
    const [found, known] = await Promise.all([
      this.vendors.findActive(category, place, 5),
      looking
        ? this.places.search({
            input: [looking, place?.name ?? asked].join(' ').trim(),
            types: 'establishment',
            radius: 50_000,
          })
        : [],
    ]);
    const partners = new Set(found.map((v) => v.name));
    const places = known
      .filter((p) => !partners.has(p.structured_formatting.main_text))
      .slice(0, 3)
      .map((p) => ({ name: p.structured_formatting.main_text, address: p.structured_formatting.secondary_text }));
    const detail = [
      found.map((v) => v.name).join(', '),
      places.length ? `Also known to us: ${places.map((p) => p.name).join(', ')}` : '',
    ].filter(Boolean);
    return {
      summary: `Searched our partners${where}: ${found.length} found`,
      detail: detail.join('. ') || undefined,
      data: { partners: found, places },
    };
  }

  private async checkEvent(args: Record<string, unknown>): Promise<ToolResult> {
    const asked = fold(text(args.name, 80));
    const { data } = await this.events.list({ page: 1, pageSize: 100 });
    const event = asked ? data.find((e) => e.status !== 'draft' && fold(e.name).includes(asked)) : undefined;
    if (!event) return { summary: 'Checked our events calendar: no such event', data: { found: false } };
    const standing = event.status !== 'published' ? event.status : event.isPrivate ? 'by invitation' : 'open';
    return {
      summary: `Checked ${event.name}: ${standing}`,
      detail: `${event.date}, ${event.venue}, ${event.city}`,
      data: {
        found: true,
        name: event.name,
        date: event.date,
        startTime: event.startTime,
        venue: event.venue,
        city: event.city,
        status: event.status,
        capacity: event.capacity,
        invitationOnly: event.isPrivate,
      },
    };
  }

  /**
   * The member's message is recorded as a request by the worker (written with the message, so it
   * is never lost); this waits for that record and says what became of it, changing nothing twice.
   */
  private async request(reply: ToolsFor, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult> {
    const summary = text(args.summary, 80) || 'your request';
    if (reply.said !== null && !opensRequest(reply.said)) {
      return {
        summary: 'Nothing to arrange yet',
        data: { opened: false, reason: 'The member’s message asks for nothing to arrange; no request is opened.' },
      };
    }
    const recorded = await this.recordedRequest(reply, signal);
    const opened = recorded.createdAt >= reply.since.toISOString();
    return {
      summary: `${opened ? 'Opened your request' : 'Added to your request'}: ${summary}`,
      data: { requestId: recorded.id, status: recorded.status, opened },
    };
  }

  private async recordedRequest(reply: ToolsFor, signal: AbortSignal): Promise<UserRequestView> {
    const since = reply.since.toISOString();
    const find = async () =>
      (await this.requests.listForMember(reply.owner)).find(
        (r) => r.threadId === reply.threadId && OPEN_REQUEST.includes(r.status) && r.updatedAt >= since,
      );
    return new Promise<UserRequestView>((resolve, reject) => {
      let stop: () => void = () => undefined;
      const look = () =>
        find().then((found) => {
          if (!found) return;
          stop();
          resolve(found);
        }, reject);
      signal.addEventListener('abort', () => stop(), { once: true });
      this.live
        .subscribe(sessionChannel(reply.owner), ({ event, data }) => {
          if (event === 'request.changed' && (data as { threadId?: string }).threadId === reply.threadId) void look();
        })
        .then((unsubscribe) => {
          stop = unsubscribe;
          if (signal.aborted) return unsubscribe();
          void look();
        }, reject);
    });
  }

  private async readPreferences(memberId: string): Promise<ToolResult> {
    const profile = await this.preferences.forModel(memberId);
    return {
      summary: `Read what we remember of you: ${profile.length} ${profile.length === 1 ? 'entry' : 'entries'}`,
      data: { preferences: profile },
    };
  }

  private async remember(reply: ToolsFor, args: Record<string, unknown>): Promise<ToolResult> {
    const kind = (PREFERENCE_KINDS as readonly string[]).includes(args.kind as string)
      ? (args.kind as PreferenceKind)
      : null;
    const value = text(args.value);
    if (!kind || !value) return { summary: 'Nothing to remember', data: { kept: false, reason: 'no kind or value' } };
    const memory = { kind, value };
    const paused = { summary: 'Not remembered: remembering is paused', data: { kept: false, reason: 'paused' } };
    if (await this.preferences.isPaused(reply.memberId)) return paused;
    if (args.sensitive === true || isSensitiveKind(kind)) {
      return {
        summary: `Shall I remember: ${value}?`,
        detail: `${PREFERENCE_KIND_LABELS[kind]}. Kept only if you say yes.`,
        status: 'ask',
        memory,
        data: { kept: false, reason: 'The member is asked first; say nothing of it as kept.' },
      };
    }
    const kept = await this.preferences.remember(reply.memberId, {
      kind,
      value,
      source: 'chat',
      sourceMessageId: reply.messageId,
    });
    if (!kept) return paused;
    return {
      summary: `Remembered: ${kept.value}`,
      detail: PREFERENCE_KIND_LABELS[kind],
      memory: { preferenceId: kept.id, kind, value: kept.value },
      data: { kept: true },
    };
  }

  /**
   * The member's answer to a step of a reply: Yes keeps what a step that asked offered, No drops
   * it; No to a memory kept (Undo) forgets it. The step as it now stands; any other answer is
   * refused (409), so a step is answered once.
   */
  async answer(
    memberId: string,
    step: ReplyStep,
    yes: boolean,
    sourceMessageId: string | null,
    tx: EntityManager,
  ): Promise<ReplyStep> {
    const memory = step.memory;
    const kept = memory?.preferenceId !== undefined && (step.status === 'done' || step.status === 'accepted');
    if (memory && kept && !yes) {
      await this.preferences.forget(memberId, memory.preferenceId!);
      return {
        ...step,
        status: 'declined',
        label: `Forgotten: ${memory.value}`,
        memory: { kind: memory.kind, value: memory.value },
      };
    }
    if (step.status !== 'ask') throw AppError.conflict('This has been answered already.', 'STEP_ANSWERED');
    if (step.tool !== 'remember_preference' || !memory) {
      return { ...step, status: yes ? 'accepted' : 'declined' };
    }
    const declined: ReplyStep = { ...step, status: 'declined', label: `Not remembered: ${memory.value}` };
    if (!yes) return declined;
    const remembered = await this.preferences.remember(
      memberId,
      { kind: memory.kind as PreferenceKind, value: memory.value, sensitive: true, source: 'chat', sourceMessageId },
      tx,
    );
    if (!remembered) return declined;
    return {
      ...step,
      status: 'accepted',
      label: `Remembered: ${remembered.value}`,
      memory: { preferenceId: remembered.id, kind: memory.kind, value: remembered.value },
    };
  }
}
