import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatCompletionBody {
  model: string;
  messages: Array<{
    role: string;
    /** Null on the wire for an assistant's tool call; every other message has its text. */
    content: string;
    tool_call_id?: string;
    tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  }>;
  stream?: boolean;
  /** The tools offered (a member's reply), with their strict schemas. */
  tools?: Array<{ type: string; function: { name: string; strict?: boolean; parameters: unknown } }>;
  parallel_tool_calls?: boolean;
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: string };
}

/** How the server answers one request: the tokens to stream or return, or a failure. */
export type Behaviour =
  | { kind: 'reply'; tokens: string[]; delayMs?: number }
  | { kind: 'status'; status: number }
  | { kind: 'drop-after'; tokens: string[] }
  | { kind: 'endless'; delayMs: number }
  /** The body of a streamed answer exactly as given, piece by piece (bytes may split a character). */
  | { kind: 'raw'; pieces: Array<string | Buffer>; keepOpen?: boolean }
  /** The connection closed as the request arrives, as a server does to one it has just timed out. */
  | { kind: 'reset' }
  /** A streamed call of one tool (its arguments in two pieces), finished with 'tool_calls'. */
  | { kind: 'tool-call'; name: string; arguments: Record<string, unknown> };

export interface OpenAiServer {
  baseURL: string;
  /** Every request body received, in order. */
  requests: ChatCompletionBody[];
  /** How many streaming responses the client closed before the server finished them. */
  closedEarly: number;
  /** How many TCP connections clients have opened to the server. */
  connections: number;
  /** For each request, in order, the connection it came on (1 for the first one opened, and so on). */
  requestConnections: number[];
  /** Closes every connection with no request in progress, as a server does to those left idle. */
  closeIdle(): void;
  /** Resolves when the next streaming response is closed by the client. */
  nextClose(): Promise<void>;
  answer(fn: (body: ChatCompletionBody) => Behaviour): void;
  close(): Promise<void>;
}

function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-local',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'gpt-4o',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A real OpenAI-compatible HTTP server for tests: POST /v1/chat/completions, as JSON or as the
 * SSE chunks the openai SDK reads when streaming.
 */
export async function startOpenAiServer(): Promise<OpenAiServer> {
  let behaviour: (body: ChatCompletionBody) => Behaviour = () => ({ kind: 'reply', tokens: ['Hello', ' there'] });
  const waiters: Array<() => void> = [];
  const state: OpenAiServer = {
    baseURL: '',
    requests: [],
    closedEarly: 0,
    connections: 0,
    requestConnections: [],
    closeIdle: () => undefined,
    nextClose: () => new Promise<void>((resolve) => waiters.push(resolve)),
    answer: (fn) => {
      behaviour = fn;
    },
    close: async () => undefined,
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    state.requestConnections.push(connectionNumbers.get(req.socket) ?? 0);
    let raw = '';
    for await (const piece of req) raw += piece;
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as ChatCompletionBody;
    state.requests.push(body);
    const plan = behaviour(body);
    if (plan.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (plan.kind === 'status') {
      res.writeHead(plan.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'upstream failure', type: 'server_error' } }));
      return;
    }
    if (!body.stream) {
      const content = 'tokens' in plan ? plan.tokens.join('') : '';
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-local',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }
    let finished = false;
    res.on('close', () => {
      if (!finished) {
        state.closedEarly += 1;
        waiters.splice(0).forEach((w) => w());
      }
    });
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.write(chunk({ role: 'assistant', content: '' }));
    if (plan.kind === 'tool-call') {
      const args = JSON.stringify(plan.arguments);
      const half = Math.floor(args.length / 2);
      const id = `call_${state.requests.length}`;
      res.write(
        chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name: plan.name, arguments: '' } }] }),
      );
      res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] }));
      res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }));
      res.write(chunk({}, 'tool_calls'));
      res.write('data: [DONE]\n\n');
      finished = true;
      res.end();
      return;
    }
    if (plan.kind === 'raw') {
      for (const piece of plan.pieces) {
        res.write(piece);
        await sleep(10);
      }
      // keepOpen: the answer is left unfinished after its last piece, until the client goes.
      if (plan.keepOpen) return;
      finished = true;
      res.end();
      return;
    }
    if (plan.kind === 'endless') {
      for (let i = 0; !res.destroyed && i < 100_000; i += 1) {
        res.write(chunk({ content: `token${i} ` }));
        await sleep(plan.delayMs);
      }
      return;
    }
    for (const token of plan.tokens) {
      if (res.destroyed) return;
      res.write(chunk({ content: token }));
      if (plan.kind === 'reply' && plan.delayMs) await sleep(plan.delayMs);
      if (plan.kind === 'drop-after') await sleep(20);
    }
    if (plan.kind === 'drop-after') {
      req.socket.destroy();
      return;
    }
    res.write(chunk({}, 'stop'));
    res.write('data: [DONE]\n\n');
    finished = true;
    res.end();
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  const connectionNumbers = new WeakMap<object, number>();
  server.on('connection', (socket) => {
    state.connections += 1;
    connectionNumbers.set(socket, state.connections);
  });
  state.closeIdle = () => server.closeIdleConnections();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseURL = `http://127.0.0.1:${port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
