import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

export type FastBuyOrigin = 'pedido' | 'inmueble' | 'empresa' | 'vehiculo';

/** GET /api/me/fast-buy/{origin}/{id}: the products this saved item or order line can order, and the refresh offer. */
export function useFastBuyOverview(origin: FastBuyOrigin, id: number) {
  return useQuery({
    queryKey: ['me', 'fast-buy', origin, id],
    queryFn: ({ signal }) =>
      api.GET('/api/me/fast-buy/{origin}/{originId}', { params: { path: { origin, originId: id } }, signal }),
    staleTime: 0,
    retry: false,
  });
}
