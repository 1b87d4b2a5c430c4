import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Objects by key, with the content type they were stored with. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** "METHOD key status" of every request, in order. */
  log: string[];
  close(): Promise<void>;
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Recomputes a request's Signature Version 4 from what arrived on the wire, as S3 does, written
 * apart from the product's signer so that a mistake there cannot hide here.
 */
function signedCorrectly(req: IncomingMessage, body: Buffer, server: S3Server): boolean {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
  if (!auth) return false;
  const [, keyId, day, region, signedHeaders, given] = auth;
  if (keyId !== server.accessKeyId || region !== server.region) return false;
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256(body)) return false;
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return false;
  const canonical = [
    req.method,
    new URL(req.url ?? '/', 'http://x').pathname,
    '',
    names.map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const date = String(req.headers['x-amz-date']);
  const toSign = `AWS4-HMAC-SHA256\n${date}\n${day}/${region}/s3/aws4_request\n${sha256(canonical)}`;
  const key = hmac(hmac(hmac(hmac(`AWS4${server.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === given;
}

function xmlError(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/** A real S3-compatible HTTP server for tests, path-style: PUT, GET and HEAD of objects in one bucket. */
export async function startS3Server(): Promise<S3Server> {
  const state: S3Server = {
    endpoint: '',
    bucket: 'maison-media',
    accessKeyId: 'AKIDLOCALTEST',
    secretAccessKey: 'local-secret-for-tests',
    region: 'eu-west-3',
    objects: new Map(),
    log: [],
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const prefix = `/${state.bucket}/`;
      const key = path.startsWith(prefix) ? decodeURIComponent(path.slice(prefix.length)) : null;
      const answer = (status: number, headers: Record<string, string> = {}, payload?: Buffer | string) => {
        state.log.push(`${req.method} ${key ?? path} ${status}`);
        res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : payload);
      };
      if (!key) return answer(404, {}, xmlError('NoSuchBucket', 'The specified bucket does not exist'));
      if (!signedCorrectly(req, body, state)) {
        return answer(403, {}, xmlError('SignatureDoesNotMatch', 'The request signature we calculated does not match'));
      }
      if (req.method === 'PUT') {
        state.objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        return answer(200, { ETag: `"${sha256(body).slice(0, 32)}"` });
      }
      const object = state.objects.get(key);
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (!object) return answer(404, {}, xmlError('NoSuchKey', 'The specified key does not exist.'));
        return answer(
          200,
          { 'Content-Type': object.contentType, 'Content-Length': String(object.body.length) },
          object.body,
        );
      }
      return answer(405);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.endpoint = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
