import { createHash } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, newStorageKey, storedFileMissing, type FileStorage } from './file-storage.js';

/**
 * Files under one directory (DATA_DIR/files, or FILES_DIR: a disk that several instances mount), at
 * `<yyyy-mm>/<uuid>`, written to a temp name then renamed (no half-written files).
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Bad storage key ${key}`);
    return full;
  }

  async put(bytes: Buffer): Promise<{ key: string; sha256: string }> {
    const key = newStorageKey();
    const full = this.resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    const temp = `${full}.part`;
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, full);
    return { key, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  async open(key: string): Promise<Readable> {
    // Opened before the stream is handed over, so a missing file is an error before any response header.
    const handle = await open(this.resolve(key), 'r').catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? storedFileMissing(key) : err;
    });
    return handle.createReadStream();
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  close(): void {
    // Nothing held open.
  }
}
