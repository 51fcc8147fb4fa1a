// Web push in the browser (docs/pwa.md, "Web push"): subscribe this device through the installed service worker with
// the server's VAPID key, and register the subscription once per endpoint (the server keeps one row per endpoint).
// A failed attempt is retried fewer than 5 times in a row (the spec; PUSH_RESUBSCRIBE_MAX_ATTEMPTS in the domain).
import { mayRetryPushSubscribe } from '@ventanilla/domain';
import { api } from '../lib/api-client';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function supported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const a = new Uint8Array(current);
  return a.length === key.length && a.every((b, i) => b === key[i]);
}

/** Whether this device receives pushes now. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

async function subscribeOnce(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const { public_key } = await api.GET('/api/me/push-key');
  const key = keyBytes(public_key);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another server key (a new VAPID pair) no longer receives: made again.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint = subscription.endpoint, keys, expirationTime } = subscription.toJSON();
  await api.POST('/api/me/push-subscriptions', {
    body: { endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' }, expirationTime },
  });
}

/**
 * Asks for permission (must follow a click), subscribes and registers the subscription; retries a failed attempt
 * while the domain allows (fewer than 5 attempts). Resolves to the resulting state.
 */
export async function enablePush(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  for (let failed = 0; ; failed++) {
    try {
      await subscribeOnce();
      return 'on';
    } catch (error) {
      if (!mayRetryPushSubscribe(failed + 1)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * (failed + 1)));
    }
  }
}

/** Unsubscribes this device, here and on the server. */
export async function disablePush(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api.DELETE('/api/me/push-subscriptions', { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
  await subscription.unsubscribe();
}
