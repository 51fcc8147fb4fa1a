import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** The place lists the pickers search (GET /api/geo/..., docs/geo-data.md). */
export type RemotePlaceKind = 'es_municipality' | 'pt_municipality' | 'pt_parish';

const PATHS = {
  es_municipality: { list: '/api/geo/es/municipalities', one: '/api/geo/es/municipalities/{code}', within: 'province' },
  pt_municipality: { list: '/api/geo/pt/municipalities', one: '/api/geo/pt/municipalities/{code}', within: 'district' },
  pt_parish: { list: '/api/geo/pt/parishes', one: '/api/geo/pt/parishes/{code}', within: 'municipality' },
} as const;

const DAY = 24 * 60 * 60_000;

/** Places matching the typed text (already debounced), within a province, district or concelho when given. */
export function usePlaceSearch(kind: RemotePlaceKind, q: string, within: string | null, enabled: boolean) {
  const query: Record<string, string | number> = { q, limit: 20 };
  if (within) query[kind === 'pt_parish' && within.length === 2 ? 'district' : PATHS[kind].within] = within;
  return useQuery({
    queryKey: ['geo', kind, 'search', q, within] as const,
    queryFn: ({ signal }) => api.GET(PATHS[kind].list, { params: { query }, signal }),
    enabled: enabled && q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: DAY,
  });
}

/** One place by code: the name shown for an answer given before (a draft, the check-answers page). */
export function usePlace(kind: RemotePlaceKind | null, code: string) {
  return useQuery({
    queryKey: ['geo', kind, 'code', code] as const,
    queryFn:
      kind === null ? skipToken : ({ signal }) => api.GET(PATHS[kind].one, { params: { path: { code } }, signal }),
    enabled: code !== '',
    staleTime: DAY,
    retry: false,
  });
}
