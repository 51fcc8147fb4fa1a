import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import type { ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';

/** A customer's saved properties, companies and vehicles, one line each (GET .../customers/{id}/saved-items). */
export type CustomerSavedItems = ApiResponse<'/api/backoffice/customers/{customerId}/saved-items', 'get'>;

/** The summary of a customer's saved items, beside an order or a ticket; nothing is asked without a customer. */
export function useCustomerSavedItems(customerId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.backoffice, 'customers', customerId ?? 0, 'saved-items'] as const,
    queryFn:
      customerId === null
        ? skipToken
        : ({ signal }) =>
            api.GET('/api/backoffice/customers/{customerId}/saved-items', {
              params: { path: { customerId } },
              signal,
            }),
  });
}
