import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * Connections kept open to the model's server, so a reply never waits for a TCP or TLS handshake
 * (tens of milliseconds to a distant API). Members read a reply for longer than a few seconds
 * before they write again, so an idle connection is kept for 30 s. A server that closes it first
 * is noticed when its FIN arrives; one that closes it just as a request goes out costs one retry
 * (see streamChatCompletion).
 */
const IDLE_CONNECTION_MS = 30_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
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

/** Opens the request: a pooled connection, or a new one being made. Nothing is sent until `end`. */
function open(request: ChatCompletionStreamRequest): Opened {
  const url = new URL(`${request.baseURL.replace(/\/+$/, '')}/chat/completions`);
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

/** Sends the request (its answer is awaited separately, so a caller can close it meanwhile). */
function send(request: ChatCompletionStreamRequest, opened: Opened = open(request)): ClientRequest {
  opened.outgoing.end(opened.payload);
  return opened.outgoing;
}

function answer(outgoing: ClientRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
  });
}

/** An error answer's own message, when it has one ({"error": {"message": ...}}). */
async function failure(response: IncomingMessage): Promise<UpstreamStreamError> {
  let text = '';
  for await (const piece of response) {
    if (text.length < 4096) text += String(piece);
  }
  let detail = text.slice(0, 300);
  try {
    detail = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? detail;
  } catch {
    // Not JSON: the text itself.
  }
  return new UpstreamStreamError(`upstream answered ${response.statusCode}: ${detail}`);
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
 * POST /chat/completions with `stream: true` and yield the text of each chunk as it arrives.
 *
 * The openai SDK does the same through fetch and web streams; on the members' reply path that
 * adds CPU per stream before the first token, which a plain http request avoids (bench:chat-stream
 * measures it). Every other call to the model still goes through the SDK.
 * With `cleared`, the connection is opened at once and the request waits for it (see
 * ChatCompletionStreamRequest); nothing reaches the model before it is cleared.
 * Ends quietly when `signal` aborts; throws UpstreamStreamError on any other failure.
 */
export function streamChatCompletion(request: ChatCompletionStreamRequest): AsyncGenerator<string> {
  let early: Opened | undefined;
  if (request.cleared) {
    try {
      early = open(request);
    } catch {
      // Reported when the reply is read, as any other failure.
    }
    const opened = early;
    if (opened) {
      // A connection that fails while it waits is replaced when the request is sent.
      opened.outgoing.on('error', () => undefined);
      const drop = () => opened.outgoing.destroy();
      request.cleared.then((go) => (go ? undefined : drop()), drop);
      request.signal.addEventListener('abort', drop, { once: true });
    }
  }
  return generate(request, early);
}

async function* generate(request: ChatCompletionStreamRequest, early: Opened | undefined): AsyncGenerator<string> {
  const { signal } = request;
  if (request.cleared && !(await request.cleared.catch(() => false))) return;
  if (signal.aborted) {
    early?.outgoing.destroy();
    return;
  }
  let outgoing = early && !early.outgoing.destroyed ? send(request, early) : send(request);
  // Not http.request's own `signal` option: that would also close a pooled connection after a whole answer.
  const abort = () => outgoing.destroy();
  signal.addEventListener('abort', abort, { once: true });
  let response: IncomingMessage | undefined;
  let done = false;
  try {
    response = await answer(outgoing).catch((error: NodeJS.ErrnoException) => {
      // A pooled connection the server closed as we sent: once more, on a new one.
      if (!outgoing.reusedSocket || signal.aborted || !['ECONNRESET', 'EPIPE'].includes(error.code ?? '')) throw error;
      outgoing = send(request);
      return answer(outgoing);
    });
    if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) throw await failure(response);
    response.setEncoding('utf8');
    let buffered = '';
    let data: string[] = [];
    // Leaving the loop at [DONE] must not close the connection: it goes back to the pool.
    for await (const piece of response.iterator({ destroyOnReturn: false }) as AsyncIterable<string>) {
      buffered += piece;
      let end: number;
      while ((end = buffered.indexOf('\n')) !== -1) {
        const line = buffered.charCodeAt(end - 1) === 13 ? buffered.slice(0, end - 1) : buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (line === '') {
          // A blank line ends an event (server-sent events may split one over several data lines).
          if (data.length === 0) continue;
          const text = content(data.join('\n'));
          data = [];
          if (text === DONE) {
            done = true;
            return;
          }
          if (text !== null) yield text;
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.charCodeAt(5) === 32 ? 6 : 5));
        }
      }
    }
    const last = data.length > 0 ? content(data.join('\n')) : null;
    if (last !== DONE && last !== null) yield last;
  } catch (error) {
    if (signal.aborted) return;
    throw error instanceof UpstreamStreamError ? error : new UpstreamStreamError((error as Error).message);
  } finally {
    signal.removeEventListener('abort', abort);
    // After [DONE] the rest is read so the connection goes back to the pool; otherwise it is closed.
    if (done && response) await release(response, outgoing);
    else outgoing.destroy();
  }
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
