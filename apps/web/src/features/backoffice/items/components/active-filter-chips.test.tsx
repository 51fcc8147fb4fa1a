import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../shared/testing';
import { ActiveFilterChips } from './active-filter-chips';

const statuses = [
  { id: 20, text: 'En trámite' },
  { id: 60, text: 'Incidencia' },
];

/** The chips as a person reads them, each with the search it links to (its query, decoded). */
function chips() {
  const list = screen.getByRole('list', { name: 'Filtros activos' });
  return within(list)
    .getAllByRole('link')
    .map((link) => {
      const href = link.getAttribute('href') ?? '';
      const query = Object.fromEntries(new URLSearchParams(href.split('?')[1] ?? ''));
      return [link.textContent, href.split('?')[0], query];
    });
}

describe('ActiveFilterChips', () => {
  it('one chip per filter and per value of a list filter, each linking to the search without it, on page 1', () => {
    const params = new URLSearchParams(
      'email=eva@example.com&status=20,60,999&status_client=ready&page=3&text=%20&unknown=x',
    );
    renderApp(<ActiveFilterChips params={params} statuses={statuses} />);
    const rest = { status: '20,60,999', status_client: 'ready', text: ' ', unknown: 'x' };
    expect(chips()).toEqual([
      ['Quitar el filtro Correo electrónico del cliente: eva@example.com×', '/agentes', rest],
      ['Quitar el filtro Estados: En trámite×', '/agentes', { ...rest, email: 'eva@example.com', status: '60,999' }],
      ['Quitar el filtro Estados: Incidencia×', '/agentes', { ...rest, email: 'eva@example.com', status: '20,999' }],
      // A status the list does not know shows its id.
      ['Quitar el filtro Estados: 999×', '/agentes', { ...rest, email: 'eva@example.com', status: '20,60' }],
      [
        'Quitar el filtro Estado para el cliente: Listo×',
        '/agentes',
        { email: 'eva@example.com', status: '20,60,999', text: ' ', unknown: 'x' },
      ],
    ]);
  });

  it('removing the last filter links to the bare search; a click goes there', async () => {
    const { user, location } = renderApp(
      <ActiveFilterChips params={new URLSearchParams('order_id=100000040&page=2')} statuses={statuses} />,
      { at: '/agentes?order_id=100000040&page=2' },
    );
    const chip = screen.getByRole('link', { name: /Quitar el filtro\s*Número de pedido: 100000040/ });
    expect(chip).toHaveAttribute('href', '/agentes');
    await user.click(chip);
    expect(location().search).toBe('');
  });

  it('shows nothing without an active filter (paging and blank values are not filters)', () => {
    const { container } = renderApp(
      <ActiveFilterChips params={new URLSearchParams('page=2&email=&status=%20')} statuses={statuses} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
