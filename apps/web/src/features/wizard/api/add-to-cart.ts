import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { queryKeys } from '../../../shared/lib/query-keys';
import { toApiAnswers, type Answers } from '../lib/wizard-pages';

/** POST /api/cart/items: the server re-validates and re-prices; 422 INVALID_ANSWERS carries `errors`. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { storeId: number; urlKey: string; answers: Answers }) =>
      api.POST('/api/cart/items', {
        body: {
          store_id: input.storeId,
          url_key: input.urlKey,
          answers: toApiAnswers(input.answers),
        },
      }),
    onSuccess: (cart) => queryClient.setQueryData(queryKeys.cart, cart),
  });
}

/** PATCH /api/cart/items/{id} with new answers and the line's version: a change made elsewhere meanwhile is 409. */
export function useEditCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; version: number; answers: Answers }) =>
      api.PATCH('/api/cart/items/{id}', {
        params: { path: { id: input.id } },
        body: { version: input.version, answers: toApiAnswers(input.answers) },
      }),
    onSuccess: (cart) => queryClient.setQueryData(queryKeys.cart, cart),
  });
}
