import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiResponse } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';

/** The account's billing data, which pre-fills a full invoice asked for at checkout. */
export type CheckoutBilling = NonNullable<ApiResponse<'/api/me/billing', 'get'>['billing']>;

/** GET /api/me/billing (the same cache entry as the account's billing page), only once a full invoice is asked for. */
export function useAccountBilling(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.me, 'billing'],
    queryFn: ({ signal }) => api.GET('/api/me/billing', { signal }),
    enabled,
  });
}
