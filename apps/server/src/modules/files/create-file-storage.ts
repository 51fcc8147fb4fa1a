import type { StorageConfig } from '../../config/env.js';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

/** The adapter the configuration names (FILE_STORAGE: local by default, s3). */
export function createFileStorage(config: StorageConfig): FileStorage {
  if (config.kind === 's3') {
    const { kind: _kind, ...s3 } = config;
    return new S3FileStorage(s3);
  }
  return new LocalFileStorage(config.dir);
}
