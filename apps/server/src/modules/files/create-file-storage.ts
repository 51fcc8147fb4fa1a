import type { StorageConfig } from '../../config/env.js';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';

/**
 * The adapter the configuration names (FILE_STORAGE: local by default, s3). The S3 adapter and its SDK (~0.6 MB of
 * code) are loaded only when it is the one named.
 */
export async function createFileStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.kind === 's3') {
    const { kind: _kind, ...s3 } = config;
    const { S3FileStorage } = await import('./s3-file-storage.js');
    return new S3FileStorage(s3);
  }
  return new LocalFileStorage(config.dir);
}
