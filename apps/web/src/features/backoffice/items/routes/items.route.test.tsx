import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BackofficeListItem, ItemSearchPage } from '../../../../shared/lib/api-contract';
import { apiError, handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import { listRowFixture } from '../lib/item-fixtures';
import { ItemsRoute } from './items.route';

const row: BackofficeListItem = listRowFixture();

/** The search answers `answer` and records the query it was asked. */
function searchAnswers(answer: ItemSearchPage | Response) {
  const asked: URLSearchParams[] = [];
  server.use(
    handler('get', '/api/backoffice/statuses', () => ({ items: [] })),
    handler('get', '/api/backoffice/items', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return answer;
    }),
  );
  return asked;
}

function renderSearch(at: string) {
  return renderApp(<ItemsRoute />, { at, route: '/agentes', session: testSession({ user: testUser('agent') }) });
}

describe('ItemsRoute', () => {
  it("searches with the address's filters and lists the page, with a link to the next keeping them", async () => {
    const asked = searchAnswers({ items: [row], page: 1, size: 25, has_more: true, total: 30, total_exact: true });
    renderSearch('/agentes?email=cliente%40example.com');
    expect(await screen.findByText('Resultados: 30')).toBeInTheDocument();
    expect(asked[0]?.get('email')).toBe('cliente@example.com');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('link', { name: '41' })).toHaveAttribute('href', '/agentes/pedido/41');
    expect(within(table).getByText('Luis Gil')).toBeInTheDocument();
    expect(within(table).getByText('EXP-1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Siguiente/ })).toHaveAttribute(
      'href',
      '/agentes?email=cliente%40example.com&page=2',
    );
  });

  it('shows a refused filter by its field and in the summary, with the form unfolded even if it was folded', async () => {
    window.localStorage.setItem('ventanilla.agent.searchFormOpen', 'closed');
    searchAnswers(
      apiError(400, {
        code: 'VALIDATION_ERROR',
        message: 'Filtros no válidos.',
        fields: [{ field: 'email', message: 'Escribe un e-mail completo.' }],
      }),
    );
    renderSearch('/agentes?email=cliente');
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Escribe un e-mail completo.' })).toHaveAttribute(
      'href',
      '#search-email',
    );
    expect(screen.getByText('Filtrar pedidos', { selector: 'summary' }).closest('details')).toHaveAttribute('open');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('remembers in this browser that the agent folded the form', async () => {
    searchAnswers({ items: [], page: 1, size: 25, has_more: false, total: 0, total_exact: true });
    const { user } = renderSearch('/agentes');
    expect(await screen.findByText('Resultados: 0')).toBeInTheDocument();
    await user.click(screen.getByText('Filtrar pedidos', { selector: 'summary' }));
    await waitFor(() => expect(window.localStorage.getItem('ventanilla.agent.searchFormOpen')).toBe('closed'));
  });
});
