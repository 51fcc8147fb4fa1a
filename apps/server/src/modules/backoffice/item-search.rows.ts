import {
  agentDisplayName,
  clientStatusFor,
  formatMoneyString,
  isLockLive,
  itemFlags,
  linksAsRelated,
  panelStatusText,
  type Cents,
  type Language,
  type PanelStatusId,
} from '@ventanilla/domain';
import { PINNED_NOTE_CHARS } from './item-search.query.js';

/** A row of searchPageQuery as the driver returns it (bigint as text, timestamps as Date, json parsed). */
export interface SearchRow extends Record<string, unknown> {
  item_id: number;
  order_id: string | number;
  product_id: number;
  product_name: string;
  panel_status_id: number;
  client_status_id: number | null;
  incidencia_status_id: number | null;
  answers: Record<string, unknown> | null;
  referencia: string | null;
  priority: number;
  standby_until: Date | null;
  deadline_at: Date | null;
  provider_id: string | null;
  locked_by: number | null;
  locked_at: Date | null;
  lock_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  total: number;
  order_status: string | null;
  store_id: number;
  customer_email: string;
  customer_firstname: string;
  customer_lastname: string;
  locked_by_name: string | null;
  notes_count: number;
  files_count: number;
  pinned_notes: Array<{ id: number; text: string }>;
  responded_history: Array<{ old: number | null; new: number | null }>;
  issued_at: Date | null;
  incidences_sent: number[] | null;
  related_candidates: Array<{ item_id: number; product_id: number; panel_status_id: number }>;
  /** The customer's latest answer to an incident, the staff's latest message to them (the incident loop). */
  customer_message_at: Date | null;
  staff_message_at: Date | null;
}

function iso(d: Date | null | undefined): string | null {
  return d ? new Date(d).toISOString() : null;
}

function date(d: Date | null | undefined): Date | null {
  return d ? new Date(d) : null;
}

function shorten(text: string): string {
  return [...text].length > PINNED_NOTE_CHARS ? `${[...text].slice(0, PINNED_NOTE_CHARS).join('')}…` : text;
}

/** A list row: what the agent sees, with the domain's derived flags computed at `now`. */
export function searchRowOut(row: SearchRow, language: Language, now: Date) {
  const orderId = Number(row.order_id);
  const related = row.related_candidates
    .filter((candidate) =>
      linksAsRelated(
        { productId: row.product_id, panelStatusId: row.panel_status_id },
        { productId: candidate.product_id, panelStatusId: candidate.panel_status_id },
      ),
    )
    .map((candidate) => candidate.item_id);
  const flags = itemFlags(
    {
      orderId,
      productId: row.product_id,
      panelStatusId: row.panel_status_id,
      incidenciaStatusId: row.incidencia_status_id,
      history: row.responded_history.map((h) => ({ oldStatus: h.old, newStatus: h.new })),
      incidenceTypesSent: row.incidences_sent ?? [],
      answers: row.answers ?? {},
      latestClientEmailAt: date(row.customer_message_at),
      latestRegistryEmailAt: date(row.staff_message_at),
      issuedAt: date(row.issued_at),
    },
    now,
  );
  const lock =
    row.locked_by !== null && row.lock_expires_at !== null
      ? {
          holderId: row.locked_by,
          acquiredAt: date(row.locked_at) ?? new Date(row.lock_expires_at),
          expiresAt: new Date(row.lock_expires_at),
        }
      : null;
  const client = clientStatusFor({
    rawStatus: row.order_status,
    panelStatusId: row.panel_status_id,
    clientStatusId: row.client_status_id,
  });
  return {
    item_id: row.item_id,
    order_id: orderId,
    product_id: row.product_id,
    product_name: row.product_name,
    panel_status_id: row.panel_status_id as PanelStatusId,
    status_text: panelStatusText(row.panel_status_id, language),
    client_status: client.ok ? client.status.key : null,
    email: row.customer_email,
    customer_name: `${row.customer_firstname} ${row.customer_lastname}`.trim(),
    referencia: row.referencia,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    total: formatMoneyString(Number(row.total) as Cents),
    notes_count: Number(row.notes_count),
    files_count: Number(row.files_count),
    flags: {
      responded: flags.responded,
      incident_shown_to_client: flags.incidentShownToClient,
      client_email_answered: flags.clientEmailAnswered,
      claimed_from_registrars: flags.claimedFromRegistrars,
      urgent: flags.urgent,
      related_orders: related.length > 0,
      nota_simple_refreshable: flags.notaSimpleRefreshable,
      country: flags.country,
    },
    related_item_ids: related,
    lock:
      lock && isLockLive(lock, now)
        ? {
            item_id: row.item_id,
            locked_by: lock.holderId,
            // The agent with admin user id 1 is "Sistema" (the spec), as everywhere in the back office.
            locked_by_name: agentDisplayName(lock.holderId, row.locked_by_name, language),
            expires_at: lock.expiresAt.toISOString(),
          }
        : null,
    standby_until: iso(row.standby_until),
    deadline_at: iso(row.deadline_at),
    priority: row.priority,
    provider_id: row.provider_id,
    pinned_notes: row.pinned_notes.map((note) => ({ id: note.id, text: shorten(note.text) })),
  };
}
