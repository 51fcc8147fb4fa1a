import { PanelStatus } from '../orders/panel-status.js';
import { countryFromOrderId } from '../stores/stores.js';

/*
 * The derived flags of the back-office list (spec: "Derived flags"). Each is one small function so the list, the item
 * page and the tests read the same rule. "Incident status" and "incident type" in the spec are the id of the incidence
 * template an item carries or was sent (incidencia_status_id), not a panel status (docs/backoffice.md).
 */

/** One entry of an item's history, as far as the flags need it. */
export interface FlagHistoryEntry {
  oldStatus?: number | null;
  newStatus?: number | null;
}

/** Responded: the item is, or ever was, in status 80 (Respondido) according to its history. */
export function isResponded(item: { panelStatusId: number; history: readonly FlagHistoryEntry[] }): boolean {
  if (item.panelStatusId === PanelStatus.Responded) return true;
  return item.history.some((h) => h.newStatus === PanelStatus.Responded || h.oldStatus === PanelStatus.Responded);
}

/** Incidence templates whose text the customer sees even outside status 60. */
export const CLIENT_VISIBLE_INCIDENCES: readonly number[] = [103, 76, 143, 52];

/** Incident shown to the client: panel status 60, or an incident of one of the client-visible types 103, 76, 143, 52. */
export function isIncidentShownToClient(item: { panelStatusId: number; incidenciaStatusId?: number | null }): boolean {
  if (item.panelStatusId === PanelStatus.Incident) return true;
  return item.incidenciaStatusId != null && CLIENT_VISIBLE_INCIDENCES.includes(item.incidenciaStatusId);
}

/** The incidence that asks the customer to answer by e-mail. */
export const CLIENT_EMAIL_INCIDENCE = 58;

/**
 * Client e-mail answered: incident 58 with panel status 40 (Pendiente), and the customer's latest e-mail is newer than
 * the registry's latest one (or the registry never wrote). Without a customer e-mail there is nothing answered.
 */
export function isClientEmailAnswered(item: {
  panelStatusId: number;
  incidenciaStatusId?: number | null;
  latestClientEmailAt?: Date | null;
  latestRegistryEmailAt?: Date | null;
}): boolean {
  if (item.incidenciaStatusId !== CLIENT_EMAIL_INCIDENCE || item.panelStatusId !== PanelStatus.Pending) return false;
  if (!item.latestClientEmailAt) return false;
  if (!item.latestRegistryEmailAt) return true;
  return item.latestClientEmailAt.getTime() > item.latestRegistryEmailAt.getTime();
}

/** Incidence types that claim the document from the registrars (spec: 157-160). */
export const REGISTRAR_CLAIM_INCIDENCES: readonly number[] = [157, 158, 159, 160];

/** Claimed from registrars: one of the incidence types 157-160 was sent for the item. */
export function isClaimedFromRegistrars(incidenceTypesSent: readonly number[]): boolean {
  return incidenceTypesSent.some((type) => REGISTRAR_CLAIM_INCIDENCES.includes(type));
}

/** An answer that makes an order urgent: this value chosen for this option. */
export interface UrgentOptionValue {
  optionId: number;
  value: number;
}

/**
 * The urgent choices. The spec names one (nota simple option 411, value 3782 "urgent service"); the others are the
 * catalogue's own "urgent" answers (catalog/forms: apostilles 6106/6208, DGT vehicle report 2103, mercantile nota simple
 * 1204). A catalogue change that adds an urgent answer adds it here.
 */
export const URGENT_OPTION_VALUES: readonly UrgentOptionValue[] = [
  { optionId: 411, value: 3782 },
  { optionId: 6106, value: 610602 },
  { optionId: 6208, value: 620802 },
  { optionId: 2103, value: 210302 },
  { optionId: 1204, value: 120402 },
];

/** Products that are urgent in themselves (spec: 18508, the urgent nota simple). */
export const URGENT_PRODUCT_IDS: readonly number[] = [18508];

/** Urgent: the product is an urgent variant, or an urgent value was chosen (answers by option id; "3782" = 3782). */
export function isUrgent(
  item: { productId: number; answers: Readonly<Record<string, unknown>> },
  urgentValues: readonly UrgentOptionValue[] = URGENT_OPTION_VALUES,
): boolean {
  if (URGENT_PRODUCT_IDS.includes(item.productId)) return true;
  return urgentValues.some((u) => chosen(item.answers[String(u.optionId)]).includes(u.value));
}

function chosen(value: unknown): number[] {
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((v) =>
    typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? [Number(v)] : [],
  );
}

/** Nota simple products (spec: 15867 and its urgent variant 18508). */
export const NOTA_SIMPLE_PRODUCT_IDS: readonly number[] = [15867, 18508];
/** Property-search products (spec: 18357 "what properties", the search that often precedes a nota simple). */
export const PROPERTY_SEARCH_PRODUCT_IDS: readonly number[] = [18357];

const FINISHED: readonly number[] = [PanelStatus.Delivered, PanelStatus.Closed];

/**
 * Related orders: a property search and a nota simple (of the same customer; the caller picks the candidates) link to
 * each other unless either is delivered (110) or closed (120): a finished order no longer needs its partner.
 */
export function linksAsRelated(
  a: { productId: number; panelStatusId: number },
  b: { productId: number; panelStatusId: number },
): boolean {
  if (FINISHED.includes(a.panelStatusId) || FINISHED.includes(b.panelStatusId)) return false;
  const search = (p: number) => PROPERTY_SEARCH_PRODUCT_IDS.includes(p);
  const nota = (p: number) => NOTA_SIMPLE_PRODUCT_IDS.includes(p);
  return (search(a.productId) && nota(b.productId)) || (nota(a.productId) && search(b.productId));
}

/** Age after which a nota simple may be refreshed (spec: 60 days). */
export const NOTA_SIMPLE_REFRESH_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A nota simple may be refreshed when it is older than 60 days: more than 60 x 24 h have passed since it was issued
 * (delivered). Day 60 itself is not yet "older than 60 days". Other products and undelivered ones never are.
 */
export function isNotaSimpleRefreshable(item: { productId: number; issuedAt?: Date | null }, now: Date): boolean {
  if (!NOTA_SIMPLE_PRODUCT_IDS.includes(item.productId) || !item.issuedAt) return false;
  return now.getTime() - item.issuedAt.getTime() > NOTA_SIMPLE_REFRESH_DAYS * DAY_MS;
}

/** Everything the list needs to compute an item's flags. */
export interface ItemFlagInput {
  orderId: number;
  productId: number;
  panelStatusId: number;
  incidenciaStatusId?: number | null;
  history: readonly FlagHistoryEntry[];
  incidenceTypesSent: readonly number[];
  /** The customer's answers by option id (the stored `answers`). */
  answers: Readonly<Record<string, unknown>>;
  latestClientEmailAt?: Date | null;
  latestRegistryEmailAt?: Date | null;
  /** When the document was delivered (for the nota simple refresh). */
  issuedAt?: Date | null;
}

export interface ItemFlags {
  responded: boolean;
  incidentShownToClient: boolean;
  clientEmailAnswered: boolean;
  claimedFromRegistrars: boolean;
  urgent: boolean;
  notaSimpleRefreshable: boolean;
  /** Country by the order id's prefix (spec: Spain 10, 15, 14, 21, 12, 90; Portugal 16, 26, 28); null otherwise. */
  country: 'ES' | 'PT' | null;
}

/** All derived flags of one item at `now`. */
export function itemFlags(item: ItemFlagInput, now: Date): ItemFlags {
  return {
    responded: isResponded(item),
    incidentShownToClient: isIncidentShownToClient(item),
    clientEmailAnswered: isClientEmailAnswered(item),
    claimedFromRegistrars: isClaimedFromRegistrars(item.incidenceTypesSent),
    urgent: isUrgent(item),
    notaSimpleRefreshable: isNotaSimpleRefreshable(item, now),
    country: countryFromOrderId(item.orderId),
  };
}
