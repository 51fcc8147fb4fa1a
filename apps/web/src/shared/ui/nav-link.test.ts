import { describe, expect, it } from 'vitest';
import { isCurrentPage } from './nav-link';

describe('isCurrentPage', () => {
  it.each([
    ['/tienda/servicios', '/tienda/servicios', false, true],
    ['/tienda/servicios/registros', '/tienda/servicios', false, true],
    ['/tienda/servicios/registros', '/tienda/servicios', true, false],
    ['/tienda/servicios/', '/tienda/servicios', true, true],
    ['/Tienda/Cart', '/tienda/cart', false, true],
    ['/tienda/cartera', '/tienda/cart', false, false],
    ['/orders', '/', false, false],
    ['/', '/', false, true],
    ['/agentes/catalogo/7/formulario', '/agentes/catalogo/7', true, false],
    ['/agentes/catalogo/7', '/agentes/catalogo/7', true, true],
  ])('%s with a link to %s (end: %s): %s', (pathname, to, end, expected) => {
    expect(isCurrentPage(pathname, to, end)).toBe(expected);
  });
});
