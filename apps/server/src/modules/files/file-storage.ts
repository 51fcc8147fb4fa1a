import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded documents live. Local disk by default; a shared store (S3, NFS) is needed for several instances. */
export interface FileStorage {
  put(bytes: Buffer): Promise<{ key: string; sha256: string }>;
  open(key: string): Readable;
  remove(key: string): Promise<void>;
}

/** Files under DATA_DIR/files/<yyyy-mm>/<uuid>, written to a temp name then renamed (no half-written files). */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Bad storage key ${key}`);
    return full;
  }

  async put(bytes: Buffer): Promise<{ key: string; sha256: string }> {
    const key = `${new Date().toISOString().slice(0, 7)}/${randomUUID()}`;
    const full = this.resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    const temp = `${full}.part`;
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, full);
    return { key, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  open(key: string): Readable {
    return createReadStream(this.resolve(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }
}
