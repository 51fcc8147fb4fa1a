// The company behind each store comes from the server (GET /api/stores/{id}/seller: the legal entity admins edit in
// the back office, docs/legal-entities.md); nothing of it is written here. The public bodies a customer of each country
// can turn to are the domain's (also named in the terms PDF the order confirmation carries).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/lib/api-client';
import { queryKeys } from '../../shared/lib/query-keys';

/** The store's seller (server-rendered pages get it with the page). */
export function useSeller(storeId: number) {
  return useQuery({
    queryKey: queryKeys.seller(storeId),
    queryFn: ({ signal }) => api.GET('/api/stores/{storeId}/seller', { params: { path: { storeId } }, signal }),
    staleTime: 5 * 60_000,
  });
}

export { isLegalPageSlug, LEGAL_PAGE_SLUGS, type LegalPageSlug } from '@ventanilla/domain';

/** When the texts last changed (shown on each page). */
export const LEGAL_UPDATED = '2026-11-24T12:00:00Z';
