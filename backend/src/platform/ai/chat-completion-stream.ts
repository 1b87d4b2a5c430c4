import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ReplySink } from './reply-stream';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * Connections kept open to the model's server, so a reply never waits for a TCP or TLS handshake
 * (tens of milliseconds to a distant API). Members read a reply for longer than a few seconds
 * before they write again, so an idle connection is kept for 30 s. A server that closes it first
 * is noticed when its FIN arrives; one that closes it just as a request goes out costs one retry
 * (see streamChatCompletion).
 */
const IDLE_CONNECTION_MS = 30_000;

type Connect = (options: http.ClientRequestArgs) => Duplex | null | undefined;

/**
 * One connection kept ready per server, beside the pooled ones: a server closes a connection left
 * idle (Node's after 5 s, the big APIs after a minute or so) and a reply that then needs a new one
 * would wait for its handshake, on the path of the member's first word (a loopback connect took
 * 1.6 ms at p50 on our 2-core VMs; TCP and TLS to a distant API, tens of milliseconds). So when the
 * agent needs a new connection it takes the ready one and a new one is opened once the request is
 * on its way; one that the server closes unused is replaced. Only while replies are being written:
 * the last new connection asked for within IDLE_CONNECTION_MS. A connection that fails to open is
 * not replaced until the next reply asks.
 */
class Spares {
  private readonly ready = new Map<string, Socket>();
  private askedAt = 0;

  constructor(private readonly connect: Connect) {}

  /** A connected socket for these options, or undefined; a new spare is opened right after either way. */
  take(options: http.ClientRequestArgs & { _agentKey?: string }): Socket | undefined {
    this.askedAt = performance.now();
    const key = options._agentKey ?? '';
    const spare = this.ready.get(key);
    this.ready.delete(key);
    // The next spare is opened once this request is on its way, not on its path.
    const copy = { ...options };
    setImmediate(() => this.open(key, copy));
    if (!spare || spare.destroyed || spare.connecting) {
      spare?.destroy();
      return undefined;
    }
    spare.removeAllListeners('close');
    spare.removeAllListeners('error');
    spare.ref();
    return spare;
  }

  private open(key: string, options: http.ClientRequestArgs): void {
    if (this.ready.has(key)) return;
    const socket = this.connect({ ...options }) as Socket | null | undefined;
    if (!socket) return;
    socket.unref();
    socket.setNoDelay(true);
    this.ready.set(key, socket);
    let connected = false;
    socket.once('connect', () => (connected = true));
    socket.once('secureConnect', () => (connected = true));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      if (this.ready.get(key) !== socket) return;
      this.ready.delete(key);
      // Closed by the server while waiting: replaced while replies are being written.
      if (connected && performance.now() - this.askedAt < IDLE_CONNECTION_MS) this.open(key, options);
    });
  }
}

/** The agent, its new connections taken from a Spares of its own first. */
function warm<A extends http.Agent>(agent: A): A {
  const connect = agent.createConnection.bind(agent);
  const spares = new Spares((options) => connect(options));
  agent.createConnection = (options, callback) => spares.take(options) ?? connect(options, callback);
  return agent;
}

const agents = {
  'http:': warm(new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS })),
  'https:': warm(new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS })),
};

export interface ChatCompletionStreamRequest {
  /** The API's base URL, e.g. https://api.openai.com/v1. */
  baseURL: string;
  apiKey: string;
  /** The chat completion request; `stream: true` is added. */
  body: Record<string, unknown>;
  signal: AbortSignal;
  /** Longest wait for the answer to start, and between two pieces of it. */
  timeoutMs: number;
  /**
   * When given, the request waits for it: true sends it, false (or a failure) drops it unsent.
   * The connection opens meanwhile, so the caller's own checks and the handshake overlap.
   */
  cleared?: Promise<boolean>;
}

/** The upstream refused, failed or broke off; the message is for the logs, not for members. */
export class UpstreamStreamError extends Error {
  override readonly name = 'UpstreamStreamError';
}

/** A request with its headers set and its connection on the way, its body not yet sent. */
interface Opened {
  outgoing: ClientRequest;
  payload: string;
}

const urls = new Map<string, URL>();

/** The chat completions URL of a base URL (parsed once: every reply asks for it). */
function completionsUrl(baseURL: string): URL {
  let url = urls.get(baseURL);
  if (!url) {
    url = new URL(`${baseURL.replace(/\/+$/, '')}/chat/completions`);
    urls.set(baseURL, url);
  }
  return url;
}

/** Opens the request: a pooled connection, or a new one being made. Nothing is sent until `end`. */
function open(request: ChatCompletionStreamRequest): Opened {
  const url = completionsUrl(request.baseURL);
  const agent = agents[url.protocol as keyof typeof agents];
  if (!agent) throw new UpstreamStreamError(`unsupported base URL ${request.baseURL}`);
  const payload = JSON.stringify({ ...request.body, stream: true });
  const outgoing = (url.protocol === 'https:' ? https : http).request(url, {
    method: 'POST',
    agent,
    headers: {
      Authorization: `Bearer ${request.apiKey}`,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(payload),
      Accept: 'text/event-stream',
    },
  });
  outgoing.setNoDelay(true);
  outgoing.setTimeout(request.timeoutMs, () =>
    outgoing.destroy(new UpstreamStreamError(`no answer for ${request.timeoutMs} ms`)),
  );
  return { outgoing, payload };
}

/** Sends the request. */
function send(request: ChatCompletionStreamRequest, opened: Opened = open(request)): ClientRequest {
  opened.outgoing.end(opened.payload);
  return opened.outgoing;
}

/** An error answer's own message, when it has one ({"error": {"message": ...}}). */
function failure(response: IncomingMessage, report: (error: UpstreamStreamError) => void): void {
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (piece: string) => {
    if (text.length < 4096) text += piece;
  });
  response.on('error', () => undefined);
  response.on('close', () => {
    let detail = text.slice(0, 300);
    try {
      detail = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? detail;
    } catch {
      // Not JSON: the text itself.
    }
    report(new UpstreamStreamError(`upstream answered ${response.statusCode}: ${detail}`));
  });
}

const DONE = Symbol('done');

/** The content of one `data:` payload: text, nothing (a role or finish chunk), or the end. */
function content(data: string): string | null | typeof DONE {
  if (data === '[DONE]') return DONE;
  let chunk: { choices?: Array<{ delta?: { content?: unknown } }>; error?: { message?: string } };
  try {
    chunk = JSON.parse(data) as typeof chunk;
  } catch {
    throw new UpstreamStreamError(`unreadable event: ${data.slice(0, 200)}`);
  }
  if (chunk.error) throw new UpstreamStreamError(`upstream error: ${chunk.error.message ?? 'unknown'}`);
  const piece = chunk.choices?.[0]?.delta?.content;
  return typeof piece === 'string' && piece !== '' ? piece : null;
}

/**
 * POST /chat/completions with `stream: true`, handing the text of each chunk to `sink` as it
 * arrives, then `end` (at [DONE], at the answer's end, or quietly when `signal` aborts) or
 * `fail` with an UpstreamStreamError on any other failure.
 *
 * The openai SDK does the same through fetch and web streams, and an async iterator would cost
 * a promise per chunk; on the members' reply path, hundreds of streams at once, both add CPU that
 * a plain http request read by its events avoids (bench:chat-stream measures it). Every other
 * call to the model still goes through the SDK.
 * With `cleared`, the connection is opened at once and the request is sent the moment it
 * resolves true; nothing reaches the model before (false: the reply ends empty).
 */
export function streamChatCompletion(request: ChatCompletionStreamRequest, sink: ReplySink): void {
  const { signal } = request;
  let settled = false;
  const end = () => {
    if (settled) return;
    settled = true;
    sink.end();
  };
  const fail = (error: unknown) => {
    if (settled) return;
    settled = true;
    if (signal.aborted) sink.end();
    else sink.fail(error instanceof UpstreamStreamError ? error : new UpstreamStreamError((error as Error).message));
  };
  let early: Opened | undefined;
  if (request.cleared) {
    try {
      early = open(request);
      // A connection that fails while it waits is replaced when the request is sent.
      early.outgoing.on('error', () => undefined);
    } catch {
      // Reported when the request is sent, as any other failure.
    }
  }
  const go = (retried: boolean, opened?: Opened) => {
    let outgoing: ClientRequest;
    try {
      outgoing = opened && !opened.outgoing.destroyed ? send(request, opened) : send(request);
    } catch (error) {
      fail(error);
      return;
    }
    // Not http.request's own `signal` option: that would also close a pooled connection after a whole answer.
    const abort = () => {
      outgoing.destroy();
      end();
    };
    signal.addEventListener('abort', abort, { once: true });
    const stopListening = () => signal.removeEventListener('abort', abort);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (settled) return;
      // A pooled connection the server closed as we sent: once more, on a new one.
      if (!retried && outgoing.reusedSocket && !signal.aborted && ['ECONNRESET', 'EPIPE'].includes(error.code ?? '')) {
        stopListening();
        go(true);
        return;
      }
      stopListening();
      fail(error);
    });
    outgoing.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        failure(response, (error) => {
          stopListening();
          fail(error);
          outgoing.destroy();
        });
        return;
      }
      read(response, outgoing, {
        piece: (text) => {
          if (!settled) sink.piece(text);
        },
        end: () => {
          stopListening();
          end();
        },
        fail: (error) => {
          stopListening();
          fail(error);
        },
      });
    });
  };
  if (!request.cleared) {
    go(false);
    return;
  }
  const drop = () => {
    early?.outgoing.destroy();
    end();
  };
  request.cleared.then((clear) => (clear && !signal.aborted ? go(false, early) : drop()), drop);
}

/**
 * Reads a streamed answer by its events: server-sent events may split one event over several
 * data lines and one line over several reads. After [DONE] the rest of the answer is read before
 * `end`, so the connection is back in the pool when the member's next message arrives.
 */
function read(response: IncomingMessage, outgoing: ClientRequest, sink: ReplySink): void {
  let buffered = '';
  let data: string[] = [];
  let done = false;
  let over = false;
  const finish = (error?: unknown) => {
    if (over) return;
    over = true;
    if (error === undefined) sink.end();
    else {
      outgoing.destroy();
      sink.fail(error);
    }
  };
  response.setEncoding('utf8');
  response.on('data', (piece: string) => {
    if (done || over) return;
    buffered += piece;
    let at: number;
    try {
      while ((at = buffered.indexOf('\n')) !== -1) {
        const line = buffered.charCodeAt(at - 1) === 13 ? buffered.slice(0, at - 1) : buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        if (line === '') {
          // A blank line ends an event.
          if (data.length === 0) continue;
          const text = content(data.length === 1 ? data[0] : data.join('\n'));
          data = [];
          if (text === DONE) {
            done = true;
            void release(response, outgoing).then(() => finish());
            return;
          }
          if (text !== null) sink.piece(text);
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.charCodeAt(5) === 32 ? 6 : 5));
        }
      }
    } catch (error) {
      finish(error);
    }
  });
  response.on('end', () => {
    if (done) return;
    try {
      const last = data.length > 0 ? content(data.join('\n')) : null;
      if (last !== DONE && last !== null) sink.piece(last);
      finish();
    } catch (error) {
      finish(error);
    }
  });
  // After [DONE] the reply is whole: what happens to the rest of the answer (release) is not its failure.
  response.on('error', (error) => (done ? undefined : finish(error)));
  response.on('close', () => {
    if (!response.readableEnded && !done) finish(new UpstreamStreamError('the answer broke off'));
  });
}

/** How long the end of a response may trail its [DONE] before the connection is given up. */
const RELEASE_MS = 100;

/**
 * Reads what follows [DONE] (the end of the chunked answer) before the reply is reported finished,
 * so the connection is back in the pool when the member's next message arrives: otherwise that
 * request waits for a new connection (bench:chat-stream measures it). A server that
 * keeps the answer open after [DONE] loses the connection instead.
 */
function release(response: IncomingMessage, outgoing: ClientRequest): Promise<void> {
  if (response.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      outgoing.destroy();
      resolve();
    }, RELEASE_MS);
    response.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
    response.resume();
  });
}
