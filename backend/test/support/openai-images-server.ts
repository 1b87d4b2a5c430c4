import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

export interface ImageGenerationBody {
  model: string;
  prompt: string;
  n?: number;
  size?: string;
  quality?: string;
  output_format?: string;
  response_format?: string;
}

/** How the server answers one request. */
export type ImageBehaviour = { kind: 'image'; delayMs?: number } | { kind: 'status'; status: number };

export interface OpenAiImagesServer {
  baseURL: string;
  /** Every request body received, in order. */
  requests: ImageGenerationBody[];
  answer(fn: (body: ImageGenerationBody) => ImageBehaviour): void;
  close(): Promise<void>;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (a gold gradient, width x height), as an images API returns one. */
export function goldPng(width = 24, height = 16): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1) rows.push(201 - y * 4, 163 - y * 4, 91 - x);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real OpenAI-compatible images server for tests: POST /v1/images/generations, answering base64 PNGs. */
export async function startOpenAiImagesServer(): Promise<OpenAiImagesServer> {
  let behaviour: (body: ImageGenerationBody) => ImageBehaviour = () => ({ kind: 'image' });
  const state: OpenAiImagesServer = {
    baseURL: '',
    requests: [],
    answer: (fn) => {
      behaviour = fn;
    },
    close: async () => undefined,
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const piece of req) raw += piece;
    if (req.method !== 'POST' || !req.url?.endsWith('/images/generations')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as ImageGenerationBody;
    state.requests.push(body);
    const plan = behaviour(body);
    if (plan.kind === 'status') {
      res.writeHead(plan.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'upstream failure', type: 'server_error' } }));
      return;
    }
    if (plan.delayMs) await new Promise((r) => setTimeout(r, plan.delayMs));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        created: Math.floor(Date.now() / 1000),
        data: [{ b64_json: goldPng().toString('base64') }],
        usage: { total_tokens: 1, input_tokens: 1, output_tokens: 0 },
      }),
    );
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
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
