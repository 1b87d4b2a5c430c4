import { assertStorageKey, contentTypeOf, type FileStorage, type StoredFile } from './file-storage';
import { amzDate, EMPTY_SHA256, sha256Hex, signature, type Credentials } from './sigv4';

export interface S3Settings {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Another S3-compatible server (MinIO, R2, ...), addressed path-style; unset: AWS, virtual-hosted. */
  endpoint?: string;
}

const TIMEOUT_MS = 15_000;

/**
 * Files in an S3 bucket, by plain HTTP signed with AWS Signature Version 4 (PUT, GET and HEAD of
 * objects is all it needs). The api still serves the files itself, from our own origin, so the
 * bucket stays private.
 */
export class S3FileStorage implements FileStorage {
  readonly name = 's3';
  private readonly credentials: Credentials;

  constructor(private readonly settings: S3Settings) {
    this.credentials = {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
    };
  }

  private url(key: string): URL {
    assertStorageKey(key);
    if (this.settings.endpoint) {
      return new URL(`${this.settings.endpoint.replace(/\/+$/, '')}/${this.settings.bucket}/${key}`);
    }
    return new URL(`https://${this.settings.bucket}.s3.${this.settings.region}.amazonaws.com/${key}`);
  }

  private async send(method: 'PUT' | 'GET' | 'HEAD', key: string, body?: Buffer, contentType?: string) {
    const url = this.url(key);
    const payloadHash = body ? sha256Hex(body) : EMPTY_SHA256;
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate(new Date()),
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const { authorization } = signature({ method, path: url.pathname, headers, payloadHash }, this.credentials);
    const { host: _host, ...sent } = headers;
    return fetch(url, {
      method,
      headers: { ...sent, authorization },
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, body, contentType);
    if (!response.ok) throw new Error(`S3 PUT ${key} failed: HTTP ${response.status} ${await response.text()}`);
  }

  async get(key: string): Promise<StoredFile | null> {
    const response = await this.send('GET', key);
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`S3 GET ${key} failed: HTTP ${response.status}`);
    return { body: Buffer.from(await response.arrayBuffer()), contentType: contentTypeOf(key) };
  }

  async exists(key: string): Promise<boolean> {
    const response = await this.send('HEAD', key);
    if (response.status === 404) return false;
    if (!response.ok) throw new Error(`S3 HEAD ${key} failed: HTTP ${response.status}`);
    return true;
  }
}
