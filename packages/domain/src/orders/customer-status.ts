import { translateDomainMessage } from '../i18n/domain-messages.js';
import type { Language } from '../stores/stores.js';
import { PanelStatus } from './panel-status.js';

/** The five statuses a customer sees. */
export const CLIENT_STATUS_KEYS = ['pending', 'processing', 'incidence', 'ready', 'returned'] as const;
export type ClientStatusKey = (typeof CLIENT_STATUS_KEYS)[number];
/** How a client status is shown (a badge tone). */
export const CLIENT_STATUS_STYLES = ['danger', 'info', 'warning', 'success', 'gray'] as const;
export type ClientStatusStyle = (typeof CLIENT_STATUS_STYLES)[number];

export interface ClientStatus {
  key: ClientStatusKey;
  style: ClientStatusStyle;
}

const STYLE: Record<ClientStatusKey, ClientStatusStyle> = {
  pending: 'danger',
  processing: 'info',
  incidence: 'warning',
  ready: 'success',
  returned: 'gray',
};

/**
 * client_status_id values that agents may set explicitly. The spec names the five statuses but not their ids;
 * we number them in the order the spec lists them (docs/decisions/0003-status-model.md).
 */
export const CLIENT_STATUS_BY_ID: Readonly<Record<number, ClientStatusKey>> = {
  1: 'pending',
  2: 'processing',
  3: 'incidence',
  4: 'ready',
  5: 'returned',
};

const RETURNED_RAW = new Set(['abonado_perseguir', 'closed', 'closed_lost']);
const PENDING_RAW = new Set(['processing', 'canceled', 'cancelled', 'fraud', 'holded', 'held', 'payment_review']);

function looksPending(raw: string): boolean {
  return raw.startsWith('pending') || PENDING_RAW.has(raw) || raw.includes('stock');
}

/** The outcome of mapping: a status, or the spec's "Estado no encontrado" as a value. */
export type ClientStatusResult = { ok: true; status: ClientStatus } | { ok: false; error: 'status_not_found' };

function status(key: ClientStatusKey): ClientStatusResult {
  return { ok: true, status: { key, style: STYLE[key] } };
}

/**
 * What the customer sees for an order item (spec: customer-facing order status).
 * 1. An explicit client_status_id wins.
 * 2. Returned raw statuses (abonado_perseguir, closed, closed_lost) -> Abonado.
 * 3. Pending-like raw statuses (pending*, processing, canceled, fraud, holded, payment_review, stock) -> Pendiente de Pago.
 * 4. complete* ("looks ready") -> by panel status: 60 Incidencia, 110 or 120 Listo, any other En tramitación.
 * 5. Anything else -> "Estado no encontrado".
 * A missing raw status means no client status is set: the spec's default, En tramitación.
 */
export function clientStatusFor(input: {
  rawStatus: string | null | undefined;
  panelStatusId: number;
  clientStatusId?: number | null;
}): ClientStatusResult {
  if (input.clientStatusId != null) {
    const key = CLIENT_STATUS_BY_ID[input.clientStatusId];
    return key ? status(key) : { ok: false, error: 'status_not_found' };
  }
  const raw = input.rawStatus?.trim().toLowerCase();
  if (!raw) return status('processing');
  if (RETURNED_RAW.has(raw)) return status('returned');
  if (looksPending(raw)) return status('pending');
  if (raw.startsWith('complete')) {
    if (input.panelStatusId === PanelStatus.Incident) return status('incidence');
    if (input.panelStatusId === PanelStatus.Delivered || input.panelStatusId === PanelStatus.Closed) {
      return status('ready');
    }
    return status('processing');
  }
  return { ok: false, error: 'status_not_found' };
}

/** The text of a client status in a language. */
export function clientStatusText(key: ClientStatusKey, language: Language = 'es'): string {
  return translateDomainMessage(language, { key: `client_status.${key}` });
}

/** Commercial statuses an order goes through (Magento-style "raw" status). */
export const OrderStatus = {
  Pending: 'pending',
  Complete: 'complete',
  Canceled: 'canceled',
  Closed: 'closed',
} as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Every commercial status the server writes, for the API's schemas. */
export const ORDER_STATUSES = Object.values(OrderStatus);
