import { describe, expect, it } from 'vitest';
import { createTranslate, loadCatalogue } from '../../../shared/i18n';
import { ticketHistoryText, type TicketHistoryEntry } from './ticket-history';

const refused: TicketHistoryEntry = {
  accion: 'hilo_rechazado',
  details: { reference: '<abc@ventanilla.test>', ticket_id: 12, from: 'intruso@evil.test' },
};
const dropped: TicketHistoryEntry = {
  accion: 'adjuntos_no_guardados',
  details: { message_id: 3, too_many: 2, too_large: 1, max_files: 20, max_bytes: 20 * 1024 * 1024 },
};

describe('ticket history in words', () => {
  it.each<['es' | 'en' | 'pt', TicketHistoryEntry, string]>([
    [
      'es',
      refused,
      'hilo_rechazado: Abierto como ticket nuevo: intruso@evil.test respondía a <abc@ventanilla.test> del ticket 12, pero no es una dirección de ese ticket',
    ],
    [
      'en',
      refused,
      'hilo_rechazado: Opened as a new ticket: intruso@evil.test answered <abc@ventanilla.test> of ticket 12 but is not an address of that ticket',
    ],
    [
      'es',
      dropped,
      'adjuntos_no_guardados: Archivos adjuntos no guardados: 2 (más de 20 en un mensaje); Archivos adjuntos no guardados: 1 (de más de 20 MB)',
    ],
    [
      'pt',
      dropped,
      'adjuntos_no_guardados: Anexos não guardados: 2 (mais de 20 numa mensagem); Anexos não guardados: 1 (com mais de 20 MB)',
    ],
    ['en', { accion: 'respuesta_cliente', details: { source: 'mail' } }, 'respuesta_cliente'],
    ['en', { accion: 'adjuntos_no_guardados', details: null }, 'adjuntos_no_guardados'],
  ])('%s: %j', async (language, row, text) => {
    const t = createTranslate(language, await loadCatalogue(language));
    expect(ticketHistoryText(row, t)).toBe(text);
  });
});
