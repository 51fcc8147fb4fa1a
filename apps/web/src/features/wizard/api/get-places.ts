import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** The place lists the pickers search (GET /api/geo/..., docs/geo-data.md). */
export type RemotePlaceKind = 'es_municipality' | 'pt_municipality' | 'pt_parish';

export interface PlaceItem {
  code: string;
  name: string;
  parent_code: string | null;
  parent_name: string | null;
}

const PATHS: Record<RemotePlaceKind, { list: string; within: string }> = {
  es_municipality: { list: '/api/geo/es/municipalities', within: 'province' },
  pt_municipality: { list: '/api/geo/pt/municipalities', within: 'district' },
  pt_parish: { list: '/api/geo/pt/parishes', within: 'municipality' },
};

const DAY = 24 * 60 * 60_000;

/** Places matching the typed text (already debounced), within a province, district or concelho when given. */
export function usePlaceSearch(kind: RemotePlaceKind, q: string, within: string | null, enabled: boolean) {
  const params = new URLSearchParams({ q, limit: '20' });
  if (within) params.set(kind === 'pt_parish' && within.length === 2 ? 'district' : PATHS[kind].within, within);
  return useQuery({
    queryKey: ['geo', kind, 'search', q, within] as const,
    queryFn: ({ signal }) =>
      api.get<{ items: PlaceItem[]; more: boolean }>(`${PATHS[kind].list}?${params.toString()}`, signal),
    enabled: enabled && q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: DAY,
  });
}

/** One place by code: the name shown for an answer given before (a draft, the check-answers page). */
export function usePlace(kind: RemotePlaceKind | null, code: string) {
  return useQuery({
    queryKey: ['geo', kind, 'code', code] as const,
    queryFn: ({ signal }) => api.get<PlaceItem>(`${PATHS[kind!].list}/${encodeURIComponent(code)}`, signal),
    enabled: kind !== null && code !== '',
    staleTime: DAY,
    retry: false,
  });
}
