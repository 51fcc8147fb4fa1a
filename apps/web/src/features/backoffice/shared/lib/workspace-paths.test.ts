import { describe, expect, it } from 'vitest';
import { FIXED_TAB_KEYS, type TabKey } from '@ventanilla/domain';
import { defaultHref, tabForPath, ticketsOfEmailHref } from './workspace-paths';

describe('tabForPath', () => {
  it.each([
    ['/agentes', 'search'],
    ['/agentes/', 'search'],
    ['/agentes/search', 'search'],
    ['/agentes/actividad', 'actividad'],
    ['/agentes/-1', '-1'],
    ['/agentes/-2', '-2'],
    ['/agentes/0', '0'],
    ['/agentes/new-ticket', 'new-ticket'],
    ['/agentes/pedido/42', 'item:42'],
    ['/agentes/42', 'item:42'],
    ['/agentes/ticket/9', 'ticket:9'],
    ['/agentes/ticket-9', 'ticket:9'],
    ['/agentes/tickets-email-ana@example.com', 'tickets:email:ana@example.com'],
    ['/agentes/tickets-email-ana%40example.com', 'tickets:email:ana@example.com'],
    ['/agentes/tickets-email-ana@example%2Ecom', 'tickets:email:ana@example.com'],
    ['/agentes/tickets-email-Ana@Example.com', 'tickets:email:ana@example.com'],
    ['/agentes/tickets-email-o%2Fb@example.com', 'tickets:email:o/b@example.com'],
    ['/agentes/tickets-email-ana', null],
    ['/agentes/tickets-email-a%00@b.es', null],
    ['/agentes/tickets-email-%E0%A4%A', null],
    ['/agentes/ticket/0', null],
    ['/agentes/ticket/9/x', null],
    ['/agentes/pedido/0', null],
    ['/agentes/pedido/abc', null],
    ['/agentes/pedido/2147483648', null],
    ['/agentes/pedido/42/extra', null],
    ['/agentes/correo', null],
    ['/agentes/correo/5', null],
    ['/agentes/catalogo/12/formulario', null],
    ['/agentesx', null],
    ['/orders', null],
  ])('%s is the tab %j', (path, key) => {
    expect(tabForPath(path)).toBe(key);
  });

  it('every tab opens an address that leads back to it', () => {
    const emails = ['tickets:email:ana@example.com', "tickets:email:o'b+x/y?z#w%@ex.es"] as TabKey[];
    for (const key of [...FIXED_TAB_KEYS, 'item:7' as TabKey, 'ticket:7' as TabKey, ...emails]) {
      expect(tabForPath(defaultHref(key))).toBe(key);
    }
    expect(defaultHref('search')).toBe('/agentes');
    expect(defaultHref('item:7')).toBe('/agentes/pedido/7');
    // The last dot encoded: the server treats a path ending in `.com` as a missing file.
    expect(defaultHref('tickets:email:ana.g@example.com')).toBe('/agentes/tickets-email-ana.g@example%2Ecom');
  });
});

describe('ticketsOfEmailHref', () => {
  it("opens the e-mail's own tab, lower-case", () => {
    expect(ticketsOfEmailHref('Ana@Example.com')).toBe('/agentes/tickets-email-ana@example%2Ecom');
  });
  it('falls back to the filtered tickets tab for an address the tab cannot carry', () => {
    expect(ticketsOfEmailHref('no es un correo')).toBe('/agentes/tickets?email=no%20es%20un%20correo');
  });
});
