import { describe, expect, it } from 'vitest';
import { historyChanges, type HistoryChange, type HistoryLineValues } from './history-changes.js';

const line = (accion: string, details: Record<string, unknown> | null = null): HistoryLineValues => ({
  accion,
  details,
});
const T1 = '2026-12-01T09:00:00.000Z';
const T2 = '2026-12-24T10:00:00.000Z';

describe('historyChanges: what each action changed, old and new', () => {
  it.each<[string, HistoryLineValues, HistoryChange[]]>([
    [
      'priority (order item)',
      line('cambio_prioridad', { old: 0, new: 7 }),
      [{ field: 'priority', from: { type: 'number', value: 0 }, to: { type: 'number', value: 7 } }],
    ],
    [
      'deadline set',
      line('cambio_plazo', { old: null, new: T2 }),
      [{ field: 'deadline', from: { type: 'none' }, to: { type: 'instant', value: T2 } }],
    ],
    [
      'deadline removed',
      line('cambio_plazo', { old: T1, new: null }),
      [{ field: 'deadline', from: { type: 'instant', value: T1 }, to: { type: 'none' } }],
    ],
    [
      'postponed',
      line('pospuesto', { old: T1, new: T2 }),
      [{ field: 'postponedUntil', from: { type: 'instant', value: T1 }, to: { type: 'instant', value: T2 } }],
    ],
    [
      'postponement cancelled',
      line('pospuesto_anulado', { old: T1, new: null }),
      [{ field: 'postponedUntil', from: { type: 'instant', value: T1 }, to: { type: 'none' } }],
    ],
    [
      'postponed (ticket: from / to)',
      line('postponer', { from: T1, to: T2 }),
      [{ field: 'postponedUntil', from: { type: 'instant', value: T1 }, to: { type: 'instant', value: T2 } }],
    ],
    [
      'postponed (ticket, first time: not scheduled before)',
      line('postponer', { from: null, to: T2 }),
      [{ field: 'postponedUntil', from: { type: 'none' }, to: { type: 'instant', value: T2 } }],
    ],
    [
      'postponed (ticket, a line from before the old moment was kept: only the new one)',
      line('postponer', { until: T2 }),
      [{ field: 'postponedUntil', to: { type: 'instant', value: T2 } }],
    ],
    [
      'delegated (order item)',
      line('delegado', { old: null, new: 12 }),
      [{ field: 'assignee', from: { type: 'none' }, to: { type: 'agent', id: 12 } }],
    ],
    [
      'delegation removed',
      line('delegacion_anulada', { old: 12, new: null }),
      [{ field: 'assignee', from: { type: 'agent', id: 12 }, to: { type: 'none' } }],
    ],
    [
      'delegated (ticket: from / to)',
      line('delegate', { from: 3, to: 12 }),
      [{ field: 'assignee', from: { type: 'agent', id: 3 }, to: { type: 'agent', id: 12 } }],
    ],
    [
      'provider',
      line('cambio_proveedor', { old: 'catastro', new: 'registradores.org' }),
      [
        {
          field: 'provider',
          from: { type: 'text', value: 'catastro' },
          to: { type: 'text', value: 'registradores.org' },
        },
      ],
    ],
    [
      'related order (ticket)',
      line('rel_pedido', { from: null, to: 4501 }),
      [{ field: 'relatedItem', from: { type: 'none' }, to: { type: 'item', id: 4501 } }],
    ],
    [
      'not processed: the reason',
      line('no_tramitar', { reason: 'La finca no existe' }),
      [{ field: 'reason', to: { type: 'text', value: 'La finca no existe' } }],
    ],
    ['note pinned', line('nota_fijada', { note_id: 9 }), [{ field: 'note', to: { type: 'number', value: 9 } }]],
    [
      'ticket note pinned',
      line('save_note_fixed', { note_id: 4 }),
      [{ field: 'note', to: { type: 'number', value: 4 } }],
    ],
    [
      'note deleted: its text is kept',
      line('nota_borrada', { note_id: 9, text: 'llamar mañana', author_id: 3 }),
      [
        { field: 'note', to: { type: 'number', value: 9 } },
        { field: 'noteText', to: { type: 'text', value: 'llamar mañana' } },
      ],
    ],
    [
      'file uploaded',
      line('archivo_subido', { file_id: 2, filename: 'nota.pdf' }),
      [{ field: 'file', to: { type: 'text', value: 'nota.pdf' } }],
    ],
    [
      'documents the customer sent to the order',
      line('archivo_cliente', {
        customer_id: 3,
        files: [
          { file_id: 2, filename: 'a.pdf' },
          { file_id: 3, filename: 'b.png' },
        ],
      }),
      [{ field: 'file', to: { type: 'text', value: 'a.pdf, b.png' } }],
    ],
    [
      'the identity document the customer sent',
      line('documento_identidad_cliente', { customer_id: 3, files: [{ file_id: 4, filename: 'dni.pdf' }] }),
      [{ field: 'file', to: { type: 'text', value: 'dni.pdf' } }],
    ],
    ['customer documents: an odd list names nothing', line('archivo_cliente', { files: [null, { filename: 7 }] }), []],
    [
      'lead converted',
      line('convert_lead', { product_id: 18508, draft_id: 'abc' }),
      [{ field: 'product', to: { type: 'number', value: 18508 } }],
    ],
    [
      'reply with copies',
      line('reply', { message_id: '<x@y>', cc: ['a@example.com', 'b@example.com'] }),
      [{ field: 'copy', to: { type: 'text', value: 'a@example.com, b@example.com' } }],
    ],
    ['reply without copies', line('reply', { message_id: '<x@y>', cc: [] }), []],
    [
      'ticket opened by mail',
      line('creado', { source: 'imap' }),
      [{ field: 'source', to: { type: 'text', value: 'imap' } }],
    ],
    [
      'reference (its own columns)',
      { accion: 'cambio_referencia', details: null, old_referencia: null, new_referencia: 'EXP-77' },
      [{ field: 'reference', from: { type: 'none' }, to: { type: 'text', value: 'EXP-77' } }],
    ],
    ['note unpinned', line('nota_desfijada', { note_id: 9 }), [{ field: 'note', to: { type: 'number', value: 9 } }]],
    ['ticket note saved', line('save_note', { note_id: 5 }), [{ field: 'note', to: { type: 'number', value: 5 } }]],
    [
      'ticket note pinned later',
      line('fix_note', { note_id: 6 }),
      [{ field: 'note', to: { type: 'number', value: 6 } }],
    ],
    ['ticket note unpinned', line('unfix_note', { note_id: 7 }), [{ field: 'note', to: { type: 'number', value: 7 } }]],
    ['ticket note deleted', line('del_note', { note_id: 8 }), [{ field: 'note', to: { type: 'number', value: 8 } }]],
    [
      'file deleted',
      line('archivo_borrado', { file_id: 2, filename: 'nota.pdf' }),
      [{ field: 'file', to: { type: 'text', value: 'nota.pdf' } }],
    ],
    [
      'client status set back to the derived one',
      line('cambio_estado_cliente', { old: 'incidence', new: null }),
      [{ field: 'clientStatus', from: { type: 'clientStatus', key: 'incidence' }, to: { type: 'none' } }],
    ],
    [
      'attributes: several pairs',
      line('cambio_atributos', {
        old: [{ key: 'Finca', value: '12' }],
        new: [
          { key: 'Finca', value: '12' },
          { key: 'Tomo', value: '3' },
        ],
      }),
      [
        {
          field: 'attributes',
          from: { type: 'text', value: 'Finca: 12' },
          to: { type: 'text', value: 'Finca: 12; Tomo: 3' },
        },
      ],
    ],
    [
      'bank account changed',
      line('cambio_cuenta', { old: 'ES91 •••• 1332', new: null }),
      [{ field: 'bankAccount', from: { type: 'text', value: 'ES91 •••• 1332' }, to: { type: 'none' } }],
    ],
    [
      'data-change alert on',
      line('alerta_datos', { on: true }),
      [{ field: 'dataChangeAlert', to: { type: 'switch', on: true } }],
    ],
    [
      'reference removed (its own columns, whatever the action)',
      { accion: 'cambio_prioridad', details: { old: 1, new: 2 }, old_referencia: 'EXP-77', new_referencia: null },
      [
        { field: 'reference', from: { type: 'text', value: 'EXP-77' }, to: { type: 'none' } },
        { field: 'priority', from: { type: 'number', value: 1 }, to: { type: 'number', value: 2 } },
      ],
    ],
    ['a status change alone', line('cambio_estado'), []],
    ['an unknown action', line('algo_nuevo', { old: 1, new: 2 }), []],
  ])('%s', (_name, input, expected) => {
    expect(historyChanges(input)).toEqual(expected);
  });

  it('makes up nothing from odd details: wrong types become "none", a missing value is left out', () => {
    expect(historyChanges(line('cambio_prioridad', { old: '3', new: Number.NaN }))).toEqual([
      { field: 'priority', from: { type: 'none' }, to: { type: 'none' } },
    ]);
    expect(historyChanges(line('cambio_plazo', { old: 'not a date', new: T1 }))).toEqual([
      { field: 'deadline', from: { type: 'none' }, to: { type: 'instant', value: T1 } },
    ]);
    expect(historyChanges(line('delegado', { old: 1.5, new: 2 }))).toEqual([
      { field: 'assignee', from: { type: 'none' }, to: { type: 'agent', id: 2 } },
    ]);
    expect(historyChanges(line('no_tramitar', {}))).toEqual([]);
    expect(historyChanges(line('archivo_subido', null))).toEqual([]);
    expect(historyChanges(line('reply', { cc: [3, 'a@example.com'] }))).toEqual([
      { field: 'copy', to: { type: 'text', value: 'a@example.com' } },
    ]);
    expect(historyChanges({ accion: null, details: null })).toEqual([]);
  });

  it.each<[string, HistoryLineValues, HistoryChange[]]>([
    [
      'a priority that is no finite number',
      line('cambio_prioridad', { old: Number.POSITIVE_INFINITY, new: 2 }),
      [{ field: 'priority', from: { type: 'none' }, to: { type: 'number', value: 2 } }],
    ],
    [
      'a deadline that is no text',
      line('cambio_plazo', { old: null, new: 2026 }),
      [{ field: 'deadline', from: { type: 'none' }, to: { type: 'none' } }],
    ],
    [
      'an agent as text',
      line('delegate', { from: '3', to: 4 }),
      [{ field: 'assignee', from: { type: 'none' }, to: { type: 'agent', id: 4 } }],
    ],
    [
      'a related order that is no whole number',
      line('rel_pedido', { from: 2.5, to: '7' }),
      [{ field: 'relatedItem', from: { type: 'none' }, to: { type: 'none' } }],
    ],
    [
      'an empty provider',
      line('cambio_proveedor', { old: '', new: 'catastro' }),
      [{ field: 'provider', from: { type: 'none' }, to: { type: 'text', value: 'catastro' } }],
    ],
    [
      'an unknown client status',
      line('cambio_estado_cliente', { old: 'lost', new: 7 }),
      [{ field: 'clientStatus', from: { type: 'none' }, to: { type: 'none' } }],
    ],
    [
      'an unknown payment method',
      line('cambio_pago', { old: 'cash', new: 4 }),
      [{ field: 'paymentMethod', from: { type: 'none' }, to: { type: 'none' } }],
    ],
    [
      'attributes that are not pairs',
      line('cambio_atributos', {
        old: 'Finca: 12',
        new: [
          null,
          'x',
          { key: 'Tomo' },
          { key: 1, value: '2' },
          { key: 'Libro', value: 4 },
          { key: 'Folio', value: '9' },
        ],
      }),
      [{ field: 'attributes', from: { type: 'none' }, to: { type: 'text', value: 'Folio: 9' } }],
    ],
    ['a switch that is no boolean', line('alerta_datos', { on: 'yes' }), []],
    ['copies that are no list', line('reply', { cc: 'a@example.com' }), []],
    ['copies that are no addresses', line('reply', { cc: [1, null] }), []],
    ['a new moment that is no date', line('postponer', { until: 'soon' }), []],
  ])('reads odd details: %s', (_name, input, expected) => {
    expect(historyChanges(input)).toEqual(expected);
  });
});
