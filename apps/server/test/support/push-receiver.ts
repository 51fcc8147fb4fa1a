// A local push service test double (docs/pwa.md, "Web push"): an HTTP server on 127.0.0.1 that takes what a real push
// service would (the VAPID-signed, aes128gcm-encrypted POST) and decrypts it with the subscription's private key, as
// the browser would (RFC 8291 over RFC 8188), so tests assert the real payload. Also checks the VAPID JWT (RFC 8292).
// Used by the API tests and the browser journey (headless Chromium cannot reach a real push service).
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload (JSON parsed when it is JSON). */
  payload: unknown;
  /** The VAPID JWT's claims, after its ES256 signature was checked against the key in the header. */
  vapid: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export class PushSubscriber {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly authSecret = randomBytes(16);

  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }

  /** What PushSubscription.toJSON() gives (and the API takes). */
  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /** RFC 8291 decryption of one aes128gcm message (RFC 8188 header: salt, rs, idlen, keyid = sender's key). */
  decrypt(body: Buffer): Buffer {
    const salt = body.subarray(0, 16);
    const rs = body.readUInt32BE(16);
    const idlen = body.readUInt8(20);
    const senderPublic = body.subarray(21, 21 + idlen);
    const records = body.subarray(21 + idlen);
    if (idlen !== 65) throw new Error(`keyid must be the sender's 65-byte key, got ${idlen} bytes`);
    if (records.length > rs) throw new Error('more than one record: not what a web push sends');
    const ecdhSecret = this.ecdh.computeSecret(senderPublic);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), senderPublic]);
    const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(records.subarray(records.length - 16));
    const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
    // The last record ends with a 0x02 delimiter followed by zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('missing last-record delimiter');
    return padded.subarray(0, end);
  }
}

function checkVapid(authorization: string | undefined): { claims: ReceivedPush['vapid']; key: string } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${authorization}`);
  const [header, claims, signature] = m[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(m[2]!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  return { claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as ReceivedPush['vapid'], key: m[2]! };
}

/** The push service double: subscribers get endpoints under it; `answer` sets the status per path (201 default). */
export class PushReceiver {
  private server: Server | undefined;
  private readonly subscribers = new Map<string, PushSubscriber>();
  readonly received: ReceivedPush[] = [];
  readonly errors: string[] = [];
  readonly answer = new Map<string, number>();
  private waiters: Array<() => void> = [];
  baseUrl = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        const status = this.answer.get(path) ?? 201;
        try {
          const subscriber = this.subscribers.get(path);
          if (!subscriber) throw new Error(`no subscriber at ${path}`);
          if (req.method !== 'POST') throw new Error(`method ${req.method}`);
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          if (!req.headers.ttl) throw new Error('no TTL header');
          const { claims, key } = checkVapid(req.headers.authorization);
          const plain = subscriber.decrypt(Buffer.concat(chunks)).toString('utf8');
          let payload: unknown = plain;
          try {
            payload = JSON.parse(plain);
          } catch {
            // not JSON: kept as text
          }
          if (status < 300)
            this.received.push({ path, headers: req.headers, payload, vapid: claims, vapidPublicKey: key });
        } catch (err) {
          this.errors.push((err as Error).message);
        }
        res.writeHead(status).end();
        for (const w of this.waiters.splice(0)) w();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** A new browser subscription whose endpoint is this double. */
  subscriber(name = `sub-${this.subscribers.size + 1}`): PushSubscriber {
    const path = `/push/${name}`;
    const s = new PushSubscriber(`${this.baseUrl}${path}`);
    this.subscribers.set(path, s);
    return s;
  }

  /** Registers a subscription whose keys were made elsewhere (a browser's, read through the page). */
  adopt(path: string, subscriber: PushSubscriber): void {
    this.subscribers.set(path, subscriber);
  }

  /** Waits until `n` pushes arrived (or throws after timeoutMs). */
  async waitFor(n: number, timeoutMs = 15_000): Promise<ReceivedPush[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < n) {
      if (Date.now() > deadline)
        throw new Error(`${this.received.length} of ${n} pushes; errors: ${this.errors.join('; ')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.received;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
