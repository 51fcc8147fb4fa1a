import { describe, expect, it } from 'vitest';
import { clientStatusFor, clientStatusText, type ClientStatusKey } from './customer-status.js';
import { PANEL_STATUS_IDS, PanelStatus, panelStatusText } from './panel-status.js';

function keyOf(input: Parameters<typeof clientStatusFor>[0]): ClientStatusKey | 'status_not_found' {
  const result = clientStatusFor(input);
  return result.ok ? result.status.key : result.error;
}

describe('customer status: raw statuses of the spec table', () => {
  it.each([
    ['pending', 'pending'],
    ['pending_payment', 'pending'],
    ['pending_paypal', 'pending'],
    ['processing', 'pending'],
    ['canceled', 'pending'],
    ['cancelled', 'pending'],
    ['fraud', 'pending'],
    ['holded', 'pending'],
    ['payment_review', 'pending'],
    ['out_of_stock', 'pending'],
    ['abonado_perseguir', 'returned'],
    ['closed', 'returned'],
    ['closed_lost', 'returned'],
  ] as const)('raw %s -> %s whatever the panel status', (raw, expected) => {
    for (const panel of [0, 40, 60, 110, 120]) {
      expect(keyOf({ rawStatus: raw, panelStatusId: panel })).toBe(expected);
    }
  });
});

describe('customer status: a ready-looking raw status is shown by panel status', () => {
  it.each([
    ['complete', 60, 'incidence'],
    ['complete', 110, 'ready'],
    ['complete', 120, 'ready'],
    ['complete', 40, 'processing'],
    ['complete', 0, 'processing'],
    ['complete', 1001, 'processing'],
    ['complete_shipped', 110, 'ready'],
  ] as const)('%s with panel %i -> %s', (raw, panel, expected) => {
    expect(keyOf({ rawStatus: raw, panelStatusId: panel })).toBe(expected);
  });
});

describe('customer status: explicit client_status_id wins', () => {
  it.each([
    [1, 'pending'],
    [2, 'processing'],
    [3, 'incidence'],
    [4, 'ready'],
    [5, 'returned'],
  ] as const)('client_status_id %i -> %s even over a closed order', (id, expected) => {
    expect(keyOf({ rawStatus: 'closed', panelStatusId: 110, clientStatusId: id })).toBe(expected);
  });
  it('an unknown client_status_id is "Estado no encontrado"', () => {
    expect(keyOf({ rawStatus: 'complete', panelStatusId: 40, clientStatusId: 99 })).toBe('status_not_found');
  });
});

describe('customer status: defaults and errors', () => {
  it('no raw status: En tramitación (info)', () => {
    expect(clientStatusFor({ rawStatus: null, panelStatusId: 40 })).toEqual({
      ok: true,
      status: { key: 'processing', style: 'info' },
    });
  });
  it('an unmatched raw status: Estado no encontrado', () => {
    expect(keyOf({ rawStatus: 'weird', panelStatusId: 40 })).toBe('status_not_found');
  });
  it.each([
    ['pending', 'Pendiente de Pago', 'danger'],
    ['processing', 'En tramitación', 'info'],
    ['incidence', 'Incidencia', 'warning'],
    ['ready', 'Listo', 'success'],
    ['returned', 'Abonado', 'gray'],
  ] as const)('%s reads "%s" with style %s', (key, text, style) => {
    expect(clientStatusText(key, 'es')).toBe(text);
    const raw = {
      pending: 'pending',
      processing: 'complete',
      incidence: 'complete',
      ready: 'complete',
      returned: 'closed',
    }[key];
    const panel = { pending: 0, processing: 40, incidence: 60, ready: 110, returned: 0 }[key];
    const result = clientStatusFor({ rawStatus: raw, panelStatusId: panel });
    expect(result.ok && result.status.style).toBe(style);
  });
});

describe('panel statuses', () => {
  it('are the 24 of the spec', () => expect(PANEL_STATUS_IDS).toHaveLength(24));
  it('each has one name, in display order', () => expect(Object.values(PanelStatus)).toEqual([...PANEL_STATUS_IDS]));
  it.each([
    [0, 'Pendiente de pago'],
    [10, 'En espera'],
    [20, 'En evaluación'],
    [30, 'Autoprocesando'],
    [40, 'Pendiente'],
    [50, 'En proceso'],
    [60, 'Incidencia'],
    [70, 'Denegado'],
    [80, 'Respondido'],
    [90, 'Programado'],
    [97, 'En Proveedor'],
    [98, 'En Notaría'],
    [99, 'Pre-Procesado (pt)'],
    [100, 'Procesado'],
    [101, 'Post-procesado'],
    [102, 'Reclamado'],
    [103, 'Procesado (con email de cliente)'],
    [110, 'Entregado'],
    [120, 'Cerrado'],
    [1000, 'En Notaría - Tramitándose'],
    [1001, 'En Notaría - Entregado'],
    [1002, 'Visita agendada'],
    [1003, 'Pendiente certificación'],
    [1004, 'Pendiente informe'],
  ])('%i is "%s"', (id, text) => expect(panelStatusText(id, 'es')).toBe(text));
  it('an unknown id shows the not-mapped text', () => expect(panelStatusText(55, 'es')).toBe('Estado no mapeado (55)'));
  it('every status has an English and a Portuguese text', () => {
    for (const id of PANEL_STATUS_IDS) {
      expect(panelStatusText(id, 'en')).not.toMatch(/^Estado/);
      expect(panelStatusText(id, 'pt').length).toBeGreaterThan(0);
    }
  });
});
