import { describe, expect, it } from 'vitest';
import { createTranslate, loadCatalogue } from '../../../../shared/i18n';
import type { HistoryFormat } from '../../shared';
import { ticketHistoryText, type TicketHistoryEntry } from './ticket-history';

const refused: TicketHistoryEntry = {
  accion: 'hilo_rechazado',
  details: { reference: '<abc@ventanilla.test>', ticket_id: 12, from: 'intruso@evil.test' },
};
const dropped: TicketHistoryEntry = {
  accion: 'adjuntos_no_guardados',
  details: { message_id: 3, too_many: 2, too_large: 1, max_files: 20, max_bytes: 20 * 1024 * 1024 },
};

/** Dates as the test can read them; agent 12 is known by name, others only by id. */
const format: HistoryFormat = {
  language: 'es',
  dateTime: (iso) => {
    const d = new Date(iso);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)} ${two(d.getUTCHours() + 1)}:${two(d.getUTCMinutes())}`;
  },
  agentName: (id) => (id === 12 ? 'Ana López' : undefined),
};

describe('ticket history in words', () => {
  it.each<['es' | 'en' | 'pt', TicketHistoryEntry, string]>([
    [
      'es',
      refused,
      'Mensaje no unido a otro ticket: Abierto como ticket nuevo: intruso@evil.test respondía a <abc@ventanilla.test> del ticket 12, pero no es una dirección de ese ticket',
    ],
    [
      'en',
      refused,
      'Message not joined to another ticket: Opened as a new ticket: intruso@evil.test answered <abc@ventanilla.test> of ticket 12 but is not an address of that ticket',
    ],
    [
      'es',
      dropped,
      'Adjuntos no guardados: Archivos adjuntos no guardados: 2 (más de 20 en un mensaje); Archivos adjuntos no guardados: 1 (de más de 20 MB)',
    ],
    [
      'pt',
      dropped,
      'Anexos não guardados: Anexos não guardados: 2 (mais de 20 numa mensagem); Anexos não guardados: 1 (com mais de 20 MB)',
    ],
    ['en', { accion: 'respuesta_cliente', details: { source: 'mail' } }, 'Customer reply'],
    ['en', { accion: 'adjuntos_no_guardados', details: null }, 'Attachments not kept'],
    ['es', { accion: 'delegate', details: { from: null, to: 12 } }, 'Asignado: Asignado a: ninguno → Ana López'],
    ['en', { accion: 'delegate', details: { from: 12, to: 99 } }, 'Assigned: Assigned to: Ana López → #99'],
    [
      'pt',
      { accion: 'rel_pedido', details: { from: 4501, to: null } },
      'Pedido relacionado: Pedido relacionado: #4501 → nenhum',
    ],
    [
      'es',
      { accion: 'postponer', details: { until: '2026-12-24T10:00:00.000Z' } },
      'Programado: Pospuesto hasta: 24/12 11:00',
    ],
    ['en', { accion: 'save_note_fixed', details: { note_id: 4 } }, 'Pinned note added: Note: 4'],
    ['es', { accion: 'accion_desconocida', details: null }, 'accion_desconocida'],
  ])('%s: %j', async (language, row, text) => {
    const t = createTranslate(language, await loadCatalogue(language));
    expect(ticketHistoryText(row, t, format)).toBe(text);
  });
});
