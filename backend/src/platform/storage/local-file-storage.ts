import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertStorageKey, contentTypeOf, type FileStorage, type StoredFile } from './file-storage';

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Files on local disk under one folder. A file appears whole or not at all (written aside, then renamed). */
export class LocalFileStorage implements FileStorage {
  readonly name = 'local';
  private readonly root: string;

  constructor(folder: string) {
    this.root = resolve(folder);
  }

  private path(key: string): string {
    assertStorageKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const aside = `${path}.${randomUUID()}.tmp`;
    await writeFile(aside, body);
    await rename(aside, path);
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      return { body: await readFile(this.path(key)), contentType: contentTypeOf(key) };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }
}
