import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/support/s3-server.js';
import { loadConfig, type S3StorageConfig } from '../../config/env.js';
import { AppError } from '../../shared/app-error.js';
import { createFileStorage } from './create-file-storage.js';
import { assertStorageKey, readStoredFile, type FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

let s3: TestS3Server;
let localRoot: string;
let local: LocalFileStorage;
let bucket: S3FileStorage;

function s3Config(prefix = ''): S3StorageConfig {
  return {
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    prefix,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
}

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = await mkdtemp(path.join(tmpdir(), 'ventanilla-files-'));
  local = new LocalFileStorage(localRoot);
  bucket = new S3FileStorage(s3Config('shop/'));
});
afterAll(async () => {
  bucket.close();
  await s3.close();
  await rm(localRoot, { recursive: true, force: true });
});
const adapters: Array<{ name: string; storage: () => FileStorage }> = [
  { name: 'local disk', storage: () => local },
  { name: 'S3 (s3rver)', storage: () => bucket },
];

describe.each(adapters)('FileStorage on $name', ({ storage }) => {
  it('gives back the bytes it stored, as a stream, under a new unguessable key each time', async () => {
    const bytes = Buffer.from('%PDF-1.4 contents ' + 'x'.repeat(70_000));
    const a = await storage().put(bytes);
    const b = await storage().put(bytes);
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^\d{4}-\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const stream = await storage().open(a.key);
    expect(stream).toBeInstanceOf(Readable);
    expect((await readStoredFile(storage(), a.key)).equals(bytes)).toBe(true);
    stream.destroy();
  });

  it('forgets removed files: open is NOT_FOUND before any byte, and removing again is fine', async () => {
    const { key } = await storage().put(Buffer.from('gone soon'));
    await storage().remove(key);
    const missing = await storage()
      .open(key)
      .then(() => null)
      .catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(AppError);
    expect((missing as AppError).code).toBe('NOT_FOUND');
    await expect(storage().remove(key)).resolves.toBeUndefined();
  });

  it.each(['../etc/passwd', '2026-01/../../x', '/etc/passwd', 'a//b', '.hidden', 'a\\b', 'a/\0b', '', 'a/./b'])(
    'refuses the key %j on every operation',
    async (key) => {
      await expect(storage().open(key)).rejects.toThrow(/Bad storage key/);
      await expect(storage().remove(key)).rejects.toThrow(/Bad storage key/);
    },
  );
});

describe('the S3 adapter', () => {
  it('keeps objects under its prefix, and two adapters on one bucket see the same files (several instances)', async () => {
    const { key } = await bucket.put(Buffer.from('shared'));
    const other = new S3FileStorage(s3Config('shop/'));
    const elsewhere = new S3FileStorage(s3Config('other/'));
    try {
      expect((await readStoredFile(other, key)).toString()).toBe('shared');
      await expect(elsewhere.open(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      other.close();
      elsewhere.close();
    }
  });
});

describe('configuration', () => {
  it('stores on the local disk by default, under FILES_DIR when set (a disk several instances mount)', async () => {
    expect(loadConfig({ DATA_DIR: '/srv/v' }).storage).toEqual({ kind: 'local', dir: '/srv/v/files' });
    expect(loadConfig({ DATA_DIR: '/srv/v', FILES_DIR: '/mnt/shared' }).storage).toEqual({
      kind: 'local',
      dir: '/mnt/shared',
    });
    expect((await createFileStorage(loadConfig({ DATA_DIR: '/srv/v' }).storage)).kind).toBe('local');
  });

  it('FILE_STORAGE=s3 makes the S3 adapter (its SDK loaded then, not at boot)', async () => {
    const config = loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'docs', S3_ENDPOINT: 'http://127.0.0.1:9' }).storage;
    expect((await createFileStorage(config)).kind).toBe('s3');
  });

  it('reads the S3 variables, path style for S3-compatible endpoints, and refuses half a configuration', () => {
    const config = loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'docs', S3_ENDPOINT: 'http://minio:9000' }).storage;
    expect(config).toMatchObject({ kind: 's3', bucket: 'docs', forcePathStyle: true, region: 'us-east-1', prefix: '' });
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'docs' }).storage).toMatchObject({ forcePathStyle: false });
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET is required/);
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'k' })).toThrow(/go together/);
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'docs', S3_PREFIX: '../' })).toThrow(/S3_PREFIX/);
  });
});

it('assertStorageKey accepts the keys we make', () => {
  expect(() => assertStorageKey('2026-11/0b8e4c1e-5a52-4d3f-9d0c-2b9f1d2e3a4b')).not.toThrow();
});
