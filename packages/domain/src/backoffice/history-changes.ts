/**
 * What a history line of an order item or a ticket changed, as values the screen puts in words in the agent's
 * language (docs/backoffice.md, "Histories in words"). The server records each action's `accion` code with its
 * `details` (old and new values where the action changes one); this reads them back, so no screen parses details
 * itself. Status changes have their own columns and are not repeated here.
 */

import { CLIENT_STATUS_KEYS, type ClientStatusKey } from '../orders/customer-status.js';
import { PREFERRED_PAYMENTS, type PreferredPayment } from './staff-edits.js';

/** One value of a change. `none`: nothing (no deadline, not postponed, not assigned, no related order). */
export type HistoryValue =
  | { type: 'text'; value: string }
  | { type: 'number'; value: number }
  | { type: 'instant'; value: string }
  | { type: 'agent'; id: number }
  | { type: 'item'; id: number }
  | { type: 'clientStatus'; key: ClientStatusKey }
  | { type: 'paymentMethod'; method: PreferredPayment }
  | { type: 'switch'; on: boolean }
  | { type: 'none' };

/** What changed; each has a label in every language (`history.field.<field>`). */
export type HistoryField =
  | 'priority'
  | 'deadline'
  | 'postponedUntil'
  | 'assignee'
  | 'provider'
  | 'reference'
  | 'reason'
  | 'note'
  | 'noteText'
  | 'file'
  | 'relatedItem'
  | 'product'
  | 'copy'
  | 'source'
  | 'clientStatus'
  | 'attributes'
  | 'paymentMethod'
  | 'bankAccount'
  | 'card'
  | 'dataChangeAlert';

/** A change: `from` is absent when the action only sets a value (a reason, the note or file it was about). */
export interface HistoryChange {
  field: HistoryField;
  from?: HistoryValue;
  to: HistoryValue;
}

/** A history line as the detail routes answer it (the reference has its own columns on order items). */
export interface HistoryLineValues {
  accion: string | null;
  details: Record<string, unknown> | null;
  old_referencia?: string | null;
  new_referencia?: string | null;
}

const NONE: HistoryValue = { type: 'none' };

function clientStatus(value: unknown): HistoryValue {
  return (CLIENT_STATUS_KEYS as readonly unknown[]).includes(value)
    ? { type: 'clientStatus', key: value as ClientStatusKey }
    : NONE;
}

function paymentMethod(value: unknown): HistoryValue {
  return (PREFERRED_PAYMENTS as readonly unknown[]).includes(value)
    ? { type: 'paymentMethod', method: value as PreferredPayment }
    : NONE;
}

/** Attributes as one text, `key: value` joined by "; " (an old line may hold anything: only pairs are read). */
function attributes(value: unknown): HistoryValue {
  if (!Array.isArray(value)) return NONE;
  const pairs = value.filter(
    (a): a is { key: string; value: string } => typeof a?.key === 'string' && typeof a?.value === 'string',
  );
  return text(pairs.map((a) => `${a.key}: ${a.value}`).join('; '));
}

/** The names of a list of files (`[{ filename }]`), joined by ", "; an old line may hold anything: only names count. */
function fileNames(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((f: unknown) => (f as { filename?: unknown } | null)?.filename)
    .filter((n): n is string => typeof n === 'string' && n !== '')
    .join(', ');
}

function text(value: unknown): HistoryValue {
  return typeof value === 'string' && value !== '' ? { type: 'text', value } : NONE;
}

// Number.isFinite and Number.isInteger are false for anything but a number.
function number(value: unknown): HistoryValue {
  return Number.isFinite(value) ? { type: 'number', value: value as number } : NONE;
}

function instant(value: unknown): HistoryValue {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? { type: 'instant', value } : NONE;
}

function agent(value: unknown): HistoryValue {
  return Number.isInteger(value) ? { type: 'agent', id: value as number } : NONE;
}

function item(value: unknown): HistoryValue {
  return Number.isInteger(value) ? { type: 'item', id: value as number } : NONE;
}

/** A change from `old`/`new` (order items) or `from`/`to` (tickets) of the details, read by `read`. */
function oldNew(field: HistoryField, d: Record<string, unknown>, read: (v: unknown) => HistoryValue): HistoryChange {
  const from = 'old' in d ? d['old'] : d['from'];
  const to = 'new' in d ? d['new'] : d['to'];
  return { field, from: read(from), to: read(to) };
}

/** Only the values the details hold (an old line may lack some): no change is made up. */
function present(changes: Array<HistoryChange | false>): HistoryChange[] {
  return changes.filter((c): c is HistoryChange => c !== false && !(c.from === undefined && c.to.type === 'none'));
}

/** The changes one history line records, in the order the screen shows them. */
export function historyChanges(line: HistoryLineValues): HistoryChange[] {
  const d = line.details ?? {};
  const changes: Array<HistoryChange | false> = [];
  if (line.old_referencia != null || line.new_referencia != null) {
    changes.push({ field: 'reference', from: text(line.old_referencia), to: text(line.new_referencia) });
  }
  switch (line.accion) {
    case 'cambio_prioridad':
      changes.push(oldNew('priority', d, number));
      break;
    case 'cambio_plazo':
      changes.push(oldNew('deadline', d, instant));
      break;
    case 'pospuesto':
    case 'pospuesto_anulado':
      changes.push(oldNew('postponedUntil', d, instant));
      break;
    case 'postponer':
      // Lines written before the old moment was kept have only `until`, the new one.
      changes.push(
        'to' in d ? oldNew('postponedUntil', d, instant) : { field: 'postponedUntil', to: instant(d['until']) },
      );
      break;
    case 'delegado':
    case 'delegacion_anulada':
    case 'delegate':
      changes.push(oldNew('assignee', d, agent));
      break;
    case 'cambio_proveedor':
      changes.push(oldNew('provider', d, text));
      break;
    case 'rel_pedido':
      changes.push(oldNew('relatedItem', d, item));
      break;
    case 'no_tramitar':
      changes.push({ field: 'reason', to: text(d['reason']) });
      break;
    case 'nota_fijada':
    case 'nota_desfijada':
    case 'save_note':
    case 'save_note_fixed':
    case 'fix_note':
    case 'unfix_note':
    case 'del_note':
      changes.push({ field: 'note', to: number(d['note_id']) });
      break;
    case 'nota_borrada':
      changes.push({ field: 'note', to: number(d['note_id']) }, { field: 'noteText', to: text(d['text']) });
      break;
    case 'archivo_subido':
    case 'archivo_borrado':
      changes.push({ field: 'file', to: text(d['filename']) });
      break;
    case 'archivo_cliente':
    case 'documento_identidad_cliente':
      // Documents the customer sent to the order (pushFilesToPedido): their names.
      changes.push({ field: 'file', to: text(fileNames(d['files'])) });
      break;
    case 'convert_lead':
      changes.push({ field: 'product', to: number(d['product_id']) });
      break;
    case 'reply':
      // No copies (an empty list) is no text: left out like any missing value.
      changes.push(
        Array.isArray(d['cc']) && { field: 'copy', to: text(d['cc'].filter((a) => typeof a === 'string').join(', ')) },
      );
      break;
    case 'cambio_estado_cliente':
      changes.push(oldNew('clientStatus', d, clientStatus));
      break;
    case 'cambio_atributos':
      changes.push(oldNew('attributes', d, attributes));
      break;
    case 'cambio_pago':
      changes.push(oldNew('paymentMethod', d, paymentMethod));
      break;
    case 'cambio_cuenta':
      changes.push(oldNew('bankAccount', d, text));
      break;
    case 'tarjeta_borrada':
      changes.push({ field: 'card', from: text(d['old']), to: NONE });
      break;
    case 'alerta_datos':
      changes.push({
        field: 'dataChangeAlert',
        to: typeof d['on'] === 'boolean' ? { type: 'switch', on: d['on'] } : NONE,
      });
      break;
    case 'creado':
      changes.push({ field: 'source', to: text(d['source']) });
      break;
  }
  return present(changes);
}
