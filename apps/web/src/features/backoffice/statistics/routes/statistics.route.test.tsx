import { moneyString } from '@ventanilla/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import { StatisticsRoute } from './statistics.route';

const ZERO = moneyString('0.00');

/** Every statistics route answers with no rows for the range asked (no charts to draw); `orders` may refuse. */
function statisticsAnswer(orders?: (url: URL) => Response | undefined) {
  const asked: URLSearchParams[] = [];
  const range = (url: URL) => ({
    from: url.searchParams.get('from') || '2026-11-01',
    to: url.searchParams.get('to') || '2026-11-30',
    stores: [],
  });
  server.use(
    handler('get', '/api/backoffice/statistics/orders', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.searchParams);
      return (
        orders?.(url) ?? {
          ...range(url),
          totals: { orders: 12, paid_orders: 9, revenue: moneyString('250.00') },
          by_day: [],
          by_store: [],
          by_status: [],
        }
      );
    }),
    handler('get', '/api/backoffice/statistics/products', ({ request }) => ({
      ...range(new URL(request.url)),
      by_product: [],
    })),
    handler('get', '/api/backoffice/statistics/queue-age', () => ({
      now: '2026-11-30T10:00:00.000Z',
      stores: [],
      buckets: [],
      by_status: [],
    })),
    handler('get', '/api/backoffice/statistics/agents', ({ request }) => ({
      ...range(new URL(request.url)),
      by_agent: [],
      by_day: [],
    })),
    handler('get', '/api/backoffice/statistics/refunds', ({ request }) => ({
      ...range(new URL(request.url)),
      totals: { refunds: 0, amount: ZERO, penalty: ZERO },
      by_day: [],
    })),
  );
  return asked;
}

function renderStatistics(at = '/agentes/estadisticas') {
  return renderApp(<StatisticsRoute />, {
    at,
    route: '/agentes/estadisticas',
    session: testSession({ user: testUser('admin') }),
  });
}

describe('StatisticsRoute', () => {
  it('puts the range typed in the address and shows the figures for it', async () => {
    const asked = statisticsAnswer();
    const { user, location } = renderStatistics();
    expect(await screen.findByText(/12 pedidos, 9 pagados/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Desde/), '2026-10-01');
    await user.type(screen.getByLabelText(/Hasta/), '2026-10-31');
    await user.click(screen.getByRole('button', { name: 'Ver estadísticas' }));
    await waitFor(() => expect(location().search).toBe('?from=2026-10-01&to=2026-10-31'));
    await waitFor(() => expect(asked.at(-1)?.get('from')).toBe('2026-10-01'));
    expect(await screen.findByText(/^Del .*1.* al .*31.*: 12 pedidos/)).toBeInTheDocument();
    expect(screen.getByText('No hay devoluciones en el periodo.')).toBeInTheDocument();
  });

  it("shows the server's refusal of a filter by its field", async () => {
    statisticsAnswer((url) =>
      url.searchParams.get('from') === '2026-12-01'
        ? apiError(400, {
            code: 'VALIDATION_ERROR',
            message: 'Filtro no válido.',
            fields: [{ field: 'from', message: 'La fecha de inicio es posterior a la de fin.' }],
          })
        : undefined,
    );
    renderStatistics('/agentes/estadisticas?from=2026-12-01&to=2026-11-01');
    const from = await screen.findByLabelText(/Desde/);
    await waitFor(() => expect(from).toHaveAccessibleDescription(/posterior a la de fin/));
    expect(from).toHaveValue('2026-12-01');
  });
});
