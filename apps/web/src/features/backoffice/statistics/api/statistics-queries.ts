import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';

import { queryKeys } from '../../../../shared/lib/query-keys';

/** The filter as the address carries it (raw strings: the server checks them and answers 400 with each problem). */
export interface StatisticsQuery {
  from: string;
  to: string;
  store: string;
}

type Kind = 'orders' | 'products' | 'queue-age' | 'agents' | 'refunds';

function useStatistics<T>(kind: Kind, query: StatisticsQuery, read: (signal: AbortSignal) => Promise<T>) {
  return useQuery({
    queryKey: [...queryKeys.backoffice, 'statistics', kind, query.from, query.to, query.store] as const,
    queryFn: ({ signal }) => read(signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

const filter = (q: StatisticsQuery) => ({ query: { from: q.from, to: q.to, store: q.store } });

/** GET /api/backoffice/statistics/orders: orders and revenue per day, store and status. */
export const useOrdersStatistics = (q: StatisticsQuery) =>
  useStatistics('orders', q, (signal) => api.GET('/api/backoffice/statistics/orders', { params: filter(q), signal }));
/** GET /api/backoffice/statistics/products: lines and revenue per product. */
export const useProductsStatistics = (q: StatisticsQuery) =>
  useStatistics('products', q, (signal) =>
    api.GET('/api/backoffice/statistics/products', { params: filter(q), signal }),
  );
/** GET /api/backoffice/statistics/queue-age: work waiting now by age. */
export const useQueueAgeStatistics = (q: StatisticsQuery) => {
  const query = { from: '', to: '', store: q.store };
  return useStatistics('queue-age', query, (signal) =>
    api.GET('/api/backoffice/statistics/queue-age', { params: filter(query), signal }),
  );
};
/** GET /api/backoffice/statistics/agents: actions and finished items per agent. */
export const useAgentsStatistics = (q: StatisticsQuery) =>
  useStatistics('agents', q, (signal) => api.GET('/api/backoffice/statistics/agents', { params: filter(q), signal }));
/** GET /api/backoffice/statistics/refunds: refunds, amount and penalty per day. */
export const useRefundsStatistics = (q: StatisticsQuery) =>
  useStatistics('refunds', q, (signal) => api.GET('/api/backoffice/statistics/refunds', { params: filter(q), signal }));
