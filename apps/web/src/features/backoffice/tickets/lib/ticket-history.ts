import { translateCode, type Translate } from '../../../../shared/i18n';
import { historyChangesText, type HistoryFormat } from '../../shared';

/** One entry of a ticket's history as the detail returns it. */
export interface TicketHistoryEntry {
  accion: string;
  details: Record<string, unknown> | null;
}

/**
 * A history entry in words: its action in the agent's language, what it changed (old and new values: assignee,
 * related order, postponed until, copies...), and what mail in recorded: a reference to another customer's ticket that
 * was refused (the message opened this ticket instead), files of a message that were not kept and why.
 */
export function ticketHistoryText(row: TicketHistoryEntry, t: Translate, format: HistoryFormat): string {
  const d = row.details ?? {};
  const notes: string[] = [];
  if (row.accion === 'hilo_rechazado') {
    notes.push(
      t('tickets.threadRefused', {
        from: String(d.from ?? ''),
        reference: String(d.reference ?? ''),
        ticket: String(d.ticket_id ?? ''),
      }),
    );
  }
  if (row.accion === 'adjuntos_no_guardados') {
    if (Number(d.too_many) > 0) {
      notes.push(t('tickets.attachmentsTooMany', { count: Number(d.too_many), max: Number(d.max_files) }));
    }
    if (Number(d.too_large) > 0) {
      const mb = Math.round((Number(d.max_bytes) / (1024 * 1024)) * 10) / 10;
      notes.push(t('tickets.attachmentsTooLarge', { count: Number(d.too_large), mb }));
    }
  }
  const changes = historyChangesText(row, t, format);
  if (changes !== '') notes.unshift(changes);
  const action = translateCode(t, 'code.action', row.accion);
  return notes.length === 0 ? action : `${action}: ${notes.join('; ')}`;
}
