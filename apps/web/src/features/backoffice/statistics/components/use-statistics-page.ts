import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../../shared/lib/api-client';
import {
  useAgentsStatistics,
  useOrdersStatistics,
  useProductsStatistics,
  useQueueAgeStatistics,
  useRefundsStatistics,
  type StatisticsQuery,
} from '../api/statistics-queries';

/**
 * The statistics screen's state (statistics.route.tsx is its view): the range and stores carried by the address, the
 * filter as typed until applied, each set of figures for them, and the server's refusal of a filter by its field.
 */
export function useStatisticsPage() {
  const [params, setParams] = useSearchParams();
  const query: StatisticsQuery = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    store: params.get('store') ?? '',
  };
  const [draft, setDraft] = useState(query);

  const orders = useOrdersStatistics(query);
  const products = useProductsStatistics(query);
  const queue = useQueueAgeStatistics(query);
  const agents = useAgentsStatistics(query);
  const refunds = useRefundsStatistics(query);

  const fieldError = (field: keyof StatisticsQuery) => {
    const error = orders.error instanceof ApiError ? orders.error.fields?.find((f) => f.field === field) : undefined;
    return error?.message;
  };

  const apply = () => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value.trim()) next.set(key, value.trim());
    setParams(next);
  };

  return {
    draft,
    change: (field: keyof StatisticsQuery, value: string) => setDraft({ ...draft, [field]: value }),
    apply,
    fieldError,
    orders,
    products,
    queue,
    agents,
    refunds,
  };
}
