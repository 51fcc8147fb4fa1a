import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiResponse } from '../../../shared/lib/api-contract';

export type FastBuyOrigin = 'pedido' | 'inmueble' | 'empresa' | 'vehiculo';
export type FastBuyOverview = ApiResponse<'/api/me/fast-buy/{origin}/{originId}', 'get'>;
export type FastBuyPrefillResponse = ApiResponse<'/api/me/fast-buy/{origin}/{originId}/{urlKey}', 'get'>;

/** GET /api/me/fast-buy/{origin}/{id}: the products this saved item or order line can order, and the refresh offer. */
export function useFastBuyOverview(origin: FastBuyOrigin, id: number) {
  return useQuery({
    queryKey: ['me', 'fast-buy', origin, id],
    queryFn: ({ signal }) => api.get<FastBuyOverview>(`/api/me/fast-buy/${origin}/${id}`, signal),
    staleTime: 0,
    retry: false,
  });
}

/** GET /api/me/fast-buy/{origin}/{id}/{url_key}: the server's pre-filled answers and the page to start at. */
export function useFastBuyPrefill() {
  return useMutation({
    mutationFn: (input: { origin: FastBuyOrigin; id: number; urlKey: string }) =>
      api.get<FastBuyPrefillResponse>(
        `/api/me/fast-buy/${input.origin}/${input.id}/${encodeURIComponent(input.urlKey)}`,
      ),
  });
}
