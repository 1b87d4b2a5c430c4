/** A file kept by the storage adapter, as it is served. */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

/**
 * Where generated files live. The default keeps them on local disk under STORAGE_DIR; the api and
 * the worker must see the same storage (one machine, or a shared volume).
 */
export interface FileStorage {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when no file has the key. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Keys are ours (a hash and an extension); anything else is refused before it nears a path. */
export const STORAGE_KEY = /^[a-z0-9][a-z0-9-]{0,80}\/[a-z0-9][a-z0-9-]{0,80}\.(svg|png|jpg|webp)$/;

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key).slice(0, 100)}`);
}
