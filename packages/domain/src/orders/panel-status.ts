import { translateDomainMessage, type DomainMessageKey } from '../i18n/domain-messages.js';
import type { Language } from '../stores/stores.js';

/** The 24 back-office statuses of an order item (spec document 2, section 4), in display order. */
export const PANEL_STATUS_IDS = [
  0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 97, 98, 99, 100, 101, 102, 103, 110, 120, 1000, 1001, 1002, 1003, 1004,
] as const;

export type PanelStatusId = (typeof PANEL_STATUS_IDS)[number];

/** The panel statuses by name (spec document 2, section 4): code says `PanelStatus.Incident`, never 60. */
export const PanelStatus = {
  PendingPayment: 0,
  OnHold: 10,
  UnderReview: 20,
  AutoProcessing: 30,
  Pending: 40,
  InProcess: 50,
  Incident: 60,
  Denied: 70,
  Responded: 80,
  Scheduled: 90,
  AtProvider: 97,
  AtNotary: 98,
  PreProcessedPt: 99,
  Processed: 100,
  PostProcessed: 101,
  Claimed: 102,
  ProcessedWithCustomerEmail: 103,
  Delivered: 110,
  Closed: 120,
  NotaryInProgress: 1000,
  NotaryDelivered: 1001,
  VisitScheduled: 1002,
  PendingCertification: 1003,
  PendingReport: 1004,
} as const satisfies Record<string, PanelStatusId>;

/** Whether a number is one of the 24 panel statuses. */
export function isPanelStatusId(value: number): value is PanelStatusId {
  return (PANEL_STATUS_IDS as readonly number[]).includes(value);
}

/** The status text in a language; unknown ids give the "not mapped" text, as the spec asks. */
export function panelStatusText(id: number, language: Language = 'es'): string {
  if (!isPanelStatusId(id)) return translateDomainMessage(language, { key: 'status.not_mapped', params: { id } });
  return translateDomainMessage(language, { key: `panel_status.${id}` as DomainMessageKey });
}
