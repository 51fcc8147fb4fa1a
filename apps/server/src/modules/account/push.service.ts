// Web push with VAPID (docs/pwa.md, "Web push"): browsers' subscriptions (one per endpoint), and the push a
// notification sends to each device of its customer. The payload is encrypted for the browser (aes128gcm, RFC 8291)
// and signed with the server's VAPID key (RFC 8292) by the web-push package; the request itself is sent here with
// fetch (no redirects followed, a timeout), after the endpoint passed the SSRF check again.
import '@ventanilla/domain/icu';
import {
  checkPushEndpoint,
  clientStatusText,
  formatMessage,
  isLanguage,
  PUSH_SUBSCRIPTIONS_MAX,
  type Language,
} from '@ventanilla/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { notifications, pushSubscriptions } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { CatalogService } from '../catalog/index.js';
import { recordActivity } from './notifications.service.js';

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface SubscriptionOut {
  id: number;
  /** The push service's host only: the endpoint itself is a bearer secret of the browser. */
  push_service: string;
  user_agent: string | null;
  created_at: string;
  last_sent_at: string | null;
}

/** What the service worker receives (apps/web/public/sw.js shows it and opens `url` on click). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  notification_id: number;
}

const TEXTS: Record<Language, { status: string; statusBody: string; incident: string; incidentBody: string }> = {
  es: {
    status: 'Tu pedido {order}: {status}',
    statusBody: '«{product}» está ahora: {status}.',
    incident: 'Incidencia en tu pedido {order}',
    incidentBody: '«{product}» necesita tu respuesta para continuar.',
  },
  en: {
    status: 'Your order {order}: {status}',
    statusBody: '“{product}” is now: {status}.',
    incident: 'Issue with your order {order}',
    incidentBody: '“{product}” needs your answer to go on.',
  },
  pt: {
    status: 'A sua encomenda {order}: {status}',
    statusBody: '«{product}» está agora: {status}.',
    incident: 'Incidência na sua encomenda {order}',
    incidentBody: '«{product}» precisa da sua resposta para continuar.',
  },
};

// A browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
const P256DH = /^[A-Za-z0-9_-]{86,88}$/;
const AUTH = /^[A-Za-z0-9_-]{21,24}$/;

export type PushFetch = (url: string, init: RequestInit) => Promise<Response>;

export class PushService {
  private readonly production: boolean;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly catalog: CatalogService,
    private readonly fetchImpl: PushFetch = fetch,
  ) {
    this.production = config.nodeEnv === 'production';
  }

  get publicKey(): string {
    return this.config.push.publicKey;
  }

  /**
   * Subscribes a browser: one row per endpoint, so the same endpoint twice is one subscription (its keys refreshed).
   * An endpoint another account subscribed moves to this one (the browser is now signed in as this customer). At
   * most PUSH_SUBSCRIPTIONS_MAX devices a customer (409 beyond).
   */
  async subscribe(
    userId: number,
    input: SubscriptionInput,
    userAgent: string | null,
  ): Promise<{ subscription: SubscriptionOut; created: boolean }> {
    const fields: Array<{ field: string; message: { key: 'push.endpoint_invalid' } }> = [];
    if (!checkPushEndpoint(input.endpoint, this.production)) {
      fields.push({ field: 'endpoint', message: { key: 'push.endpoint_invalid' } });
    }
    if (!P256DH.test(input.keys.p256dh))
      fields.push({ field: 'keys.p256dh', message: { key: 'push.endpoint_invalid' } });
    if (!AUTH.test(input.keys.auth)) fields.push({ field: 'keys.auth', message: { key: 'push.endpoint_invalid' } });
    if (fields.length > 0) throw new AppError('VALIDATION_ERROR', 'push subscription', { fields });
    const agent = userAgent ? userAgent.slice(0, 300) : null;
    return this.db.transaction(async (tx) => {
      // Serialises one customer's subscribes, so the cap holds under concurrency.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('push-subscribe'), ${userId})`);
      const [existing] = await tx
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, input.endpoint));
      if (existing?.userId !== userId) {
        const [mine] = await tx
          .select({ n: count() })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId));
        if ((mine?.n ?? 0) >= PUSH_SUBSCRIPTIONS_MAX) {
          throw new AppError('PUSH_SUBSCRIPTIONS_LIMIT', `user ${userId} has ${mine?.n} push subscriptions`);
        }
      }
      const [row] = await tx
        .insert(pushSubscriptions)
        .values({
          userId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          userAgent: agent,
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: agent },
        })
        .returning();
      if (!row) throw new Error('push subscription upsert returned nothing');
      const created = existing?.userId !== userId;
      if (created) await recordActivity(tx, userId, 'push_subscribed', { push_service: new URL(row.endpoint).host });
      return { subscription: this.out(row), created };
    });
  }

  /** Unsubscribes by endpoint (the browser knows it) or id (the devices list); another customer's is 404. */
  async unsubscribe(userId: number, by: { endpoint: string } | { id: number }): Promise<void> {
    const match = 'endpoint' in by ? eq(pushSubscriptions.endpoint, by.endpoint) : eq(pushSubscriptions.id, by.id);
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .delete(pushSubscriptions)
        .where(and(match, eq(pushSubscriptions.userId, userId)))
        .returning({ endpoint: pushSubscriptions.endpoint });
      if (rows.length === 0) throw new AppError('NOT_FOUND', 'push subscription');
      await recordActivity(tx, userId, 'push_unsubscribed', { push_service: new URL(rows[0]!.endpoint).host });
    });
  }

  async list(userId: number, page: number, perPage: number): Promise<{ items: SubscriptionOut[]; total: number }> {
    const mine = eq(pushSubscriptions.userId, userId);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(pushSubscriptions)
        .where(mine)
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(pushSubscriptions).where(mine),
    ]);
    return { items: rows.map((r) => this.out(r)), total: totals[0]?.n ?? 0 };
  }

  private out(r: typeof pushSubscriptions.$inferSelect): SubscriptionOut {
    return {
      id: r.id,
      push_service: new URL(r.endpoint).host,
      user_agent: r.userAgent,
      created_at: r.createdAt.toISOString(),
      last_sent_at: r.lastSentAt?.toISOString() ?? null,
    };
  }

  /** The push of a notification, in the language of its order's store. */
  payloadFor(n: typeof notifications.$inferSelect): PushPayload {
    const store = this.catalog.getStore(n.storeId);
    const language: Language = store && isLanguage(store.language) ? store.language : 'es';
    const t = TEXTS[language];
    const values = { order: n.orderId, product: n.productName, status: clientStatusText(n.status, language) };
    const incident = n.kind === 'incident';
    return {
      title: formatMessage(language, incident ? t.incident : t.status, values),
      body: formatMessage(language, incident ? t.incidentBody : t.statusBody, values),
      url: `/orders/detail/${n.orderId}`,
      tag: `order-${n.orderId}`,
      notification_id: n.id,
    };
  }

  /**
   * Sends a notification's push to every device of its customer (the "push-send" job). A push service answering
   * 404 or 410 says the subscription is gone: it is removed. Other failures are logged and not retried (the
   * notification stays in the list; a repeated job would push twice to the devices that got it). Returns counts.
   */
  async sendNotification(
    notificationId: number,
    log?: { warn(obj: object, msg: string): void },
  ): Promise<{ sent: number; removed: number; failed: number }> {
    const result = { sent: 0, removed: 0, failed: 0 };
    const [n] = await this.db.select().from(notifications).where(eq(notifications.id, notificationId));
    if (!n) return result;
    const subs = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, n.userId));
    const payload = JSON.stringify(this.payloadFor(n));
    for (const sub of subs) {
      if (!checkPushEndpoint(sub.endpoint, this.production)) {
        await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
        result.removed++;
        continue;
      }
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
          {
            vapidDetails: {
              subject: this.config.push.subject,
              publicKey: this.config.push.publicKey,
              privateKey: this.config.push.privateKey,
            },
            TTL: 24 * 3600,
            contentEncoding: 'aes128gcm',
            urgency: n.kind === 'incident' ? 'high' : 'normal',
            topic: `order-${n.orderId}`,
          },
        );
        const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
        const res = await this.fetchImpl(details.endpoint, {
          method: details.method,
          headers,
          body: details.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        await res.body?.cancel().catch(() => undefined);
        if (res.status === 404 || res.status === 410) {
          await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
          result.removed++;
        } else if (res.status >= 200 && res.status < 300) {
          await this.db
            .update(pushSubscriptions)
            .set({ lastSentAt: new Date() })
            .where(eq(pushSubscriptions.id, sub.id));
          result.sent++;
        } else {
          log?.warn({ subscriptionId: sub.id, status: res.status }, 'push refused by the push service');
          result.failed++;
        }
      } catch (err) {
        log?.warn({ subscriptionId: sub.id, err: (err as Error).message }, 'push could not be sent');
        result.failed++;
      }
    }
    return result;
  }
}
