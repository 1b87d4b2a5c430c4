import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { AppError } from '../../common/app-error';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { ReplyStream } from '../../platform/ai/reply-stream';
import type { ReplyStep } from '../../platform/ai/types';
import { ProcessDrain } from '../../platform/http/process-drain';
import { LiveEventsService } from '../../platform/live/live-events.service';
import { sseFrame } from '../../platform/live/sse';
import { REDIS } from '../../platform/redis/redis.module';
import { asksForPerson } from '../concierge-language';
import { RequestsService } from '../requests';
import { ChatService } from './chat.service';
import { memberIdOf } from './concierge-session.service';
import type { StreamChatDto } from './dto/chat.dto';
import type { MessageStatus } from './threads/thread.entity';
import { ThreadsService } from './threads/threads.service';

/**
 * One frame of a reply: `delta` (a piece) and `step` (something the concierge looked up or did),
 * then `done` (the whole message) or `error`. It is encoded once, as the Server-Sent Events text
 * every reader writes as it is.
 */
export interface ReplyFrame {
  /** Its place in the reply, from 1: the SSE `id`, and the Redis stream entry `0-<id>`. */
  id: number;
  /** The last frame (`done` or `error`): the reader's answer ends after it. */
  last: boolean;
  /** The frame as SSE text (`event`, `id` and `data` lines). */
  text: string;
}

export type FrameListener = (frame: ReplyFrame) => void;

/** What follows a reply from Redis: each frame, then the end (after the last frame, or with nothing more to send). */
export interface Follower {
  frame: FrameListener;
  end(): void;
}

type FrameEvent = 'delta' | 'step' | 'done' | 'error';

function replyFrame(id: number, event: FrameEvent, data: Record<string, unknown>): ReplyFrame {
  return { id, last: event === 'done' || event === 'error', text: sseFrame(event, data, id) };
}

/** A frame read back from the reply's Redis stream: entry `0-<id>`, field `t` its text. */
function keptFrame(entryId: string, fields: string[]): ReplyFrame {
  const text = fields[1];
  const last = text.startsWith('event: done\n') || text.startsWith('event: error\n');
  return { id: Number(entryId.slice(2)), last, text };
}

/** A reply that could not be asked for: its readers get the error frame. */
function failedReply(error: unknown): ReplyStream {
  const pieces = new ReplyStream();
  pieces.fail(error);
  return pieces;
}

/** What a reader is sent when the reply's writer went away before its last frame. */
const interrupted = (id: number) => replyFrame(id, 'error', { error: 'The reply was interrupted. Please try again.' });

const NO_LONGER_STREAMING = 'This reply is no longer streaming.';

/** A reply this process is writing. */
export interface Reply {
  id: string;
  sessionId: string;
  threadId: string;
  /** What the model (or our notice) writes, read once a listener is there. */
  pieces: ReplyStream;
  controller: AbortController;
  /** Its pieces are being read (from the first listener on). */
  started: boolean;
  seq: number;
  content: string;
  /** What the concierge looked up or did, in order (a member's reply only). */
  steps: ReplyStep[];
  createdAt: string;
  listeners: Set<FrameListener>;
  /** The thread holds the reply (null), or why it could not be written. */
  written: Promise<string | null>;
}

const MAX_FRAMES = 20_000;
/**
 * Frames reach Redis in batches at most this long after they are written: only another tab or a
 * reload reads them there (the request that started a reply has its frames at once), and with
 * many replies streaming one command carries the frames of all of them.
 */
const FRAME_FLUSH_MS = 20;
/** How often a follower checks that the reply it waits for still exists (its writer may have gone). */
const FOLLOW_CHECK_MS = 10_000;

/**
 * Appends a batch of frames, of any replies, in one command, and publishes each to the reply's
 * live channel: KEYS are the replies' streams, ARGV[1] the expiry, ARGV[2] the MAXLEN, then per
 * key its entry id, the frame's text, whether to (re)set the expiry, its channel and the message
 * published there. A frame that cannot be added (its id already there) does not stop the rest.
 */
const APPEND_SCRIPT = `
for i = 1, #KEYS do
  local at = 5 * (i - 1) + 3
  redis.pcall('XADD', KEYS[i], 'MAXLEN', '~', ARGV[2], ARGV[at], 't', ARGV[at + 1])
  if ARGV[at + 2] == '1' then redis.pcall('EXPIRE', KEYS[i], ARGV[1]) end
  redis.pcall('PUBLISH', ARGV[at + 3], ARGV[at + 4])
end
return #KEYS
`;

type FrameAppender = Redis & {
  appendChatFrames(keyCount: number, ...keysThenArgs: string[]): Promise<number>;
};
const CONTROL = 'chat:control';
const replyChannel = (id: string) => `chat:${id}`;

/**
 * Members' replies, written by the server independently of the request that asked for one. A
 * reply reads top to bottom in `start`: the session was checked by the guard; the thread is read
 * (and whether a person has it); the model is asked; the thread is written; or, for a person, the
 * thread is written and the member told a person will answer. Each frame goes at once to the listeners on this process (the request
 * that started it) and, batched, to a Redis stream (explicit ids 0-1, 0-2..., so nothing is read
 * twice) and the reply's live channel: a reload or a second tab, on any api process, reads what
 * is kept and follows the rest. Stop is published to every api process; the one writing aborts,
 * upstream request included, and the partial reply is kept as `stopped`.
 */
@Injectable()
export class ChatStreamsService implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('ChatStreams');
  private readonly running = new Map<string, Reply>();
  private control: Promise<() => void> | null = null;
  private redisDown = false;
  private readonly redis: FrameAppender;
  /** Frames for Redis not sent yet: their streams' keys, and per frame its arguments. */
  private unsentKeys: string[] = [];
  private unsentArgs: string[] = [];
  /** Batches of frames on their way to Redis (a process that stops waits for them). */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) redis: Redis,
    private readonly live: LiveEventsService,
    private readonly chat: ChatService,
    private readonly threads: ThreadsService,
    private readonly requests: RequestsService,
    @Optional() private readonly drain?: ProcessDrain,
  ) {
    // A defined command runs by EVALSHA: the script is not sent again with every batch.
    if (!('appendChatFrames' in redis)) redis.defineCommand('appendChatFrames', { lua: APPEND_SCRIPT });
    this.redis = redis as FrameAppender;
  }

  private streamKey(id: string) {
    return `${this.config.REDIS_PREFIX}:chat:stream:${id}`;
  }

  private metaKey(id: string) {
    return `${this.config.REDIS_PREFIX}:chat:meta:${id}`;
  }

  /**
   * Begins a reply in the member's thread and answers it, ready to be listened to (`listen`).
   * A thread of another session (404), a taken message id (409) or a thread that does not end
   * with the member's message (400) are refused before anything is written or asked.
   */
  async start(sessionId: string, body: StreamChatDto): Promise<Reply> {
    const id = randomUUID();
    const message = body.message === undefined ? undefined : { id: body.userMessageId, content: body.message };
    const begin = { id, message, replaceFrom: body.replaceFrom };
    const { turns, handedOff } = await this.threads.replyContext(sessionId, body.threadId, begin);
    await this.listenForStop().catch(() => undefined);
    const controller = new AbortController();
    const forAPerson = handedOff || (message !== undefined && asksForPerson(message.content));
    // The model is asked first; the thread is written while the model thinks (a commit waits for
    // the disk, a member need not), and the reply is saved in it only once it is written.
    const memberId = memberIdOf(sessionId);
    const member = memberId
      ? {
          owner: sessionId,
          memberId,
          threadId: body.threadId,
          messageId: message?.id ?? null,
          said: message?.content ?? null,
          since: new Date(),
        }
      : null;
    let pieces = forAPerson ? null : await this.chat.stream(turns, controller.signal, member).catch(failedReply);
    // The model's request goes out on this turn of the event loop; the thread's write (a
    // transaction of several round trips to the database) starts on the next one, so that its work
    // does not hold the request back.
    if (pieces) await nextTurn();
    const written = this.threads.beginReply(sessionId, body.threadId, begin);
    if (!pieces) {
      await written;
      pieces = await this.personNotice(handedOff, body.threadId).catch(failedReply);
    }
    const reply: Reply = {
      id,
      sessionId,
      threadId: body.threadId,
      pieces,
      controller,
      started: false,
      seq: 0,
      content: '',
      steps: [],
      createdAt: new Date().toISOString(),
      listeners: new Set(),
      written: written.then(
        () => null,
        (error: unknown) => {
          // Another tab changed the thread between its read and this write: the model stops.
          controller.abort();
          return error instanceof AppError ? error.message : 'An error occurred. Please try again.';
        },
      ),
    };
    this.running.set(id, reply);
    this.redis
      .set(this.metaKey(id), sessionId, 'EX', this.config.CHAT_STREAM_TTL_SECONDS)
      .catch((error: Error) => this.redisFailed(error));
    return reply;
  }

  /** Hands the reply's frames to `listener`, from the first; the reply is written from now on. */
  listen(reply: Reply, listener: FrameListener): void {
    reply.listeners.add(listener);
    if (!reply.started) this.run(reply);
  }

  /** A listener that leaves; the reply runs to its end all the same (its thread keeps it). */
  leave(reply: Reply, listener: FrameListener): void {
    reply.listeners.delete(listener);
  }

  /** Hands the thread to a person (unless one has it) and tells the member, with the expected time. */
  private async personNotice(handedOff: boolean, threadId: string): Promise<ReplyStream> {
    if (!handedOff) await this.threads.handOff(threadId);
    const first = !handedOff;
    const median = await this.requests.medianFirstResponseSeconds(7).catch(() => ({ seconds: null }));
    const minutes = Math.max(5, Math.ceil((median.seconds ?? 15 * 60) / 60 / 5) * 5);
    const text = first
      ? `Of course. I have asked one of our concierges to take over: a person will answer you here, usually within ${minutes} minutes. Until then, I will stay quiet.`
      : `Your concierge has your message and will answer you here personally, usually within ${minutes} minutes.`;
    return ReplyStream.of(text);
  }

  /** Hands the reply's pieces to its listeners and Redis as they come, then its last frame. */
  private run(reply: Reply): void {
    reply.started = true;
    const { signal } = reply.controller;
    reply.pieces.pipe({
      piece: (text) => {
        if (signal.aborted) return;
        reply.content += text;
        this.emit(reply, 'delta', { content: text });
      },
      step: (step) => {
        if (signal.aborted) return;
        reply.steps.push(step);
        this.emit(reply, 'step', { step });
      },
      end: () => void this.finish(reply, signal.aborted ? 'stopped' : 'complete', null),
      fail: (error) => {
        if (signal.aborted) return void this.finish(reply, 'stopped', null);
        const failure =
          error instanceof Error && error.name === 'AiUnavailableError'
            ? error.message
            : 'An error occurred. Please try again.';
        if (!(error instanceof Error && error.name === 'AiUnavailableError')) {
          this.logger.warn(`A reply failed (${error instanceof Error ? error.message : String(error)})`);
        }
        void this.finish(reply, 'error', failure);
      },
    });
  }

  private emit(reply: Reply, event: FrameEvent, data: Record<string, unknown>): void {
    reply.seq += 1;
    const frame = replyFrame(reply.seq, event, data);
    for (const listener of [...reply.listeners]) listener(frame);
    if (this.unsentKeys.length === 0) setTimeout(() => this.sendFrames(), FRAME_FLUSH_MS);
    this.unsentKeys.push(this.streamKey(reply.id));
    this.unsentArgs.push(
      `0-${frame.id}`,
      frame.text,
      frame.id === 1 || frame.last ? '1' : '0',
      this.live.channelKey(replyChannel(reply.id)),
      JSON.stringify({ event: 'frame', data: frame }),
    );
  }

  private sendFrames(): Promise<void> {
    const keys = this.unsentKeys;
    const args = this.unsentArgs;
    this.unsentKeys = [];
    this.unsentArgs = [];
    if (keys.length === 0) return Promise.resolve();
    const sent = this.redis
      .appendChatFrames(keys.length, ...keys, String(this.config.CHAT_STREAM_TTL_SECONDS), String(MAX_FRAMES), ...args)
      .then(
        () => void (this.redisDown = false),
        (error: Error) => this.redisFailed(error),
      );
    this.sending.add(sent);
    void sent.finally(() => this.sending.delete(sent));
    return sent;
  }

  private redisFailed(error: Error): void {
    if (!this.redisDown) this.logger.warn(`Reply frames could not be kept in Redis (${error.message})`);
    this.redisDown = true;
  }

  /** Saves the reply in its thread, then sends its last frame: once a member has read it, the thread holds it. */
  private async finish(reply: Reply, status: MessageStatus, failure: string | null): Promise<void> {
    const refused = await reply.written;
    if (refused !== null) {
      this.emit(reply, 'error', { error: refused });
      reply.listeners.clear();
      this.running.delete(reply.id);
      return;
    }
    await this.threads
      .finishReply(reply.sessionId, reply.threadId, reply.id, { content: reply.content, status, steps: reply.steps })
      .catch((error: Error) => this.logger.warn(`A finished reply could not be saved (${error.message})`));
    if (failure !== null) {
      this.emit(reply, 'error', { error: failure });
    } else {
      const { id, content, createdAt, steps } = reply;
      const message = { id, role: 'assistant', content, createdAt, status, ...(steps.length > 0 ? { steps } : {}) };
      this.emit(reply, 'done', { message });
    }
    reply.listeners.clear();
    // Running until its last frame is written: a process that stops waits for it (see below).
    this.running.delete(reply.id);
  }

  /** Refuses (404) a reply that is not the session's, or is no longer kept. */
  async assertOwner(sessionId: string, id: string): Promise<void> {
    const owner = await this.redis.get(this.metaKey(id));
    if (owner !== sessionId) throw AppError.notFound(NO_LONGER_STREAMING);
  }

  /**
   * The frames of a reply after `after` (0: all), then the rest as they come, until the last:
   * the reply's live channel is listened to first, then what its Redis stream keeps is read, so
   * every frame is in one or the other (a frame is kept and published in one script); none is
   * handed over twice. A reply that has ended is answered from what is kept, and not followed.
   * Call `assertOwner` first. Aborting `signal` stops following (and `end` is not called).
   */
  async follow(id: string, after: number, follower: Follower, signal: AbortSignal): Promise<void> {
    let last = after;
    let caughtUp = false;
    let over = false;
    const early: ReplyFrame[] = [];
    let unsubscribe: () => void = () => undefined;
    // A reply whose writer went away (its process stopped) is over once its key expires.
    const check = setInterval(() => {
      this.redis
        .exists(this.metaKey(id))
        .then((found) => {
          if (found > 0 || over) return;
          follower.frame(interrupted(last + 1));
          end();
        })
        .catch(() => undefined);
    }, FOLLOW_CHECK_MS);
    check.unref();
    const stop = () => {
      over = true;
      unsubscribe();
      clearInterval(check);
    };
    const end = () => {
      if (over) return;
      stop();
      follower.end();
    };
    const deliver = (frame: ReplyFrame) => {
      if (over) return;
      if (frame.id > last) {
        last = frame.id;
        follower.frame(frame);
      }
      // The reply's last frame ends the answer even when the reader asked to start past it (a
      // reply that ended while its last frames were on their way to Redis).
      if (frame.last) end();
    };
    signal.addEventListener('abort', stop, { once: true });
    try {
      unsubscribe = await this.live.subscribe(replyChannel(id), ({ data }) => {
        const frame = data as ReplyFrame;
        if (caughtUp) deliver(frame);
        else early.push(frame);
      });
      if (signal.aborted) return stop();
      const key = this.streamKey(id);
      const [kept, newest] = await Promise.all([
        this.redis.xrange(key, `0-${BigInt(after) + 1n}`, '+', 'COUNT', MAX_FRAMES),
        this.redis.xrevrange(key, '+', '-', 'COUNT', 1),
      ]);
      for (const [entryId, fields] of kept) deliver(keptFrame(entryId, fields));
      caughtUp = true;
      for (const frame of early.sort((a, b) => a.id - b.id)) deliver(frame);
      // Asked to start past the reply's last frame: there is nothing more to send.
      if (newest.length > 0 && keptFrame(newest[0][0], newest[0][1]).last) end();
    } catch (error) {
      // The stream is open: a failure (Redis out of reach) is told as the reply's error frame.
      this.logger.warn(`A reply could not be followed (${(error as Error).message})`);
      if (!over) follower.frame(interrupted(last + 1));
      end();
    }
  }

  /** Stops a reply of the session, on whichever process writes it. */
  async stop(sessionId: string, id: string): Promise<void> {
    await this.assertOwner(sessionId, id);
    this.abort(id);
    await this.live.publish(CONTROL, 'stop', { id });
  }

  /** Every process that writes replies listens for Stop, whichever process it was sent to. */
  private listenForStop(): Promise<() => void> {
    this.control ??= this.live.subscribe(CONTROL, ({ event, data }) => {
      const id = (data as { id?: string }).id;
      if (event === 'stop' && id) this.abort(id);
    });
    return this.control;
  }

  private abort(id: string): void {
    this.running.get(id)?.controller.abort();
  }

  /**
   * An api process that stops (ProcessDrain) lets the replies it writes finish within its grace:
   * their readers were told to reconnect, and follow them from Redis on another process.
   */
  async beforeApplicationShutdown(): Promise<void> {
    const until = this.drain?.draining ? this.drain.deadline : 0;
    while (this.running.size > 0 && Date.now() < until) await sleep(50);
    await this.sendFrames();
    await Promise.all(this.sending);
  }

  /** Replies still running at the end are stopped: their partial text is kept as `stopped`. */
  onApplicationShutdown(): void {
    for (const reply of this.running.values()) reply.controller.abort();
  }
}
