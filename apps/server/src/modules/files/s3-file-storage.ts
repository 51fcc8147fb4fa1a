import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config/env.js';
import { assertStorageKey, newStorageKey, storedFileMissing, type FileStorage } from './file-storage.js';

/** Documents in an S3-compatible bucket, shared by every instance. Objects are private; we stream them through. */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    const options: S3ClientConfig = {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      // Ask for and check checksums only when the operation needs them: S3-compatible servers differ here.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (config.endpoint) options.endpoint = config.endpoint;
    if (config.accessKeyId && config.secretAccessKey) {
      options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
    }
    this.client = new S3Client(options);
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return `${this.config.prefix}${key}`;
  }

  async put(bytes: Buffer): Promise<{ key: string; sha256: string }> {
    const key = newStorageKey();
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: 'application/octet-stream',
      }),
    );
    return { key, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  async open(key: string): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
      // In Node the body is the HTTP response stream itself: bytes flow through without being held.
      if (!(res.Body instanceof Readable)) throw new Error(`S3 answered no stream for ${key}`);
      return res.Body;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') {
        throw storedFileMissing(key);
      }
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    // S3 answers 204 for a key that holds nothing.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}
