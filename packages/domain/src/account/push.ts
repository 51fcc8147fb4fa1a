// Web push (spec: "Push subscription registers once per distinct endpoint; re-subscribe retries fewer than
// 5 times") and the notifications an order's changes make.
import { clientStatusFor, type ClientStatusKey } from '../orders/customer-status.js';
import { PanelStatus } from '../orders/panel-status.js';

/** A browser tries to (re)subscribe at most this many times in a row; the spec: fewer than 5. */
export const PUSH_RESUBSCRIBE_MAX_ATTEMPTS = 4;

/** Whether another subscribe attempt may be made after `failedAttempts` failed ones. */
export function mayRetryPushSubscribe(failedAttempts: number): boolean {
  return Number.isInteger(failedAttempts) && failedAttempts >= 0 && failedAttempts < PUSH_RESUBSCRIBE_MAX_ATTEMPTS;
}

/** Devices (endpoints) one customer may subscribe; the oldest is not dropped silently: the next one is refused. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

const PRIVATE_V4 = [
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^0\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];

/**
 * Whether the server may POST to a subscription's endpoint. The server sends pushes to whatever address the browser
 * gave, so an endpoint is a server-side request: in production only https on the default port to a public DNS name
 * (no IP literals, no localhost, no single-label or .local/.internal names, no credentials); outside production also
 * http://127.0.0.1 and http://localhost on any port (the local push test double).
 */
export function checkPushEndpoint(endpoint: string, production: boolean): boolean {
  if (endpoint.length === 0 || endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(endpoint)) return false;
  // No URL class here (the domain has no platform APIs): scheme, authority and the rest, by hand.
  const m = /^(https?):\/\/([^/?#]*)([/?#].*)?$/i.exec(endpoint);
  if (!m) return false;
  const protocol = m[1]!.toLowerCase();
  const authority = m[2]!;
  if (authority.includes('@') || authority.includes('%') || authority.includes('\\')) return false;
  const hp = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(authority);
  if (!hp) return false;
  const host = hp[1]!.toLowerCase();
  const port = hp[2];
  if (host === '') return false;
  const loopback = host === '127.0.0.1' || host === 'localhost';
  if (!production && loopback) return true;
  if (protocol !== 'https' || port !== undefined) return false;
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || /^0x/i.test(host)) return false;
  if (!/^[a-z0-9.-]+$/.test(host)) return false;
  // Every label non-empty: a trailing dot ("localhost.", "metadata.", "db.internal.") is the same name to DNS and
  // would slip past the suffix and single-label checks below.
  if (host.split('.').some((label) => label === '')) return false;
  if (PRIVATE_V4.some((r) => r.test(host))) return false;
  if (!host.includes('.') || host === 'localhost' || /\.(local|internal|localhost|lan|home|corp)$/.test(host)) {
    return false;
  }
  return true;
}

export type NotificationKind = 'order_status' | 'incident';

/**
 * What an item's panel-status change tells its customer: `incident` when it enters an incidence that needs the
 * customer (60), `order_status` when the status the customer sees changes, else nothing (internal moves).
 */
export function notificationForStatusChange(input: {
  rawStatus: string | null;
  clientStatusId: number | null;
  oldPanelStatus: number;
  newPanelStatus: number;
}): { kind: NotificationKind; status: ClientStatusKey } | null {
  const before = clientStatusFor({
    rawStatus: input.rawStatus,
    panelStatusId: input.oldPanelStatus,
    clientStatusId: input.clientStatusId,
  });
  const after = clientStatusFor({
    rawStatus: input.rawStatus,
    panelStatusId: input.newPanelStatus,
    clientStatusId: input.clientStatusId,
  });
  if (!after.ok) return null;
  if (input.newPanelStatus === PanelStatus.Incident && input.oldPanelStatus !== PanelStatus.Incident)
    return { kind: 'incident', status: after.status.key };
  if (!before.ok || before.status.key !== after.status.key) return { kind: 'order_status', status: after.status.key };
  return null;
}
