import { PanelStatus } from './panel-status.js';

/** Commercial statuses under which an order's lines can no longer change (closed, refunded, cancelled...). */
const FINAL_RAW_STATUSES = new Set(['canceled', 'cancelled', 'closed', 'closed_lost', 'abonado_perseguir', 'fraud']);

/**
 * Whether a customer may complete or correct the answers of an order line (`/tienda/product/actualizar/...`):
 * while nobody works on it yet (0 Pendiente de pago, 40 Pendiente) or when the agent asked for it (60 Incidencia).
 * Never once the order is closed, refunded or cancelled (docs/decisions/0004-item-answer-corrections.md).
 */
export function canCorrectAnswers(rawStatus: string, panelStatusId: number): boolean {
  if (FINAL_RAW_STATUSES.has(rawStatus)) return false;
  return (
    panelStatusId === PanelStatus.PendingPayment ||
    panelStatusId === PanelStatus.Pending ||
    panelStatusId === PanelStatus.Incident
  );
}
