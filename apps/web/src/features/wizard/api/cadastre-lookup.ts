import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiResponse } from '../../../shared/lib/api-contract';

/** A property found by the cadastral lookup (GET /api/lookups/cadastre, docs/integrations.md). */
export type CadastreAnswer = ApiResponse<'/api/lookups/cadastre', 'get'>;

/** Looks a reference up (already checked in the browser; the server checks it again). */
export function useCadastreLookup() {
  return useMutation({
    mutationFn: (refcat: string) => api.GET('/api/lookups/cadastre', { params: { query: { refcat } } }),
    retry: false,
  });
}

/** The references at an address: INE province and municipality codes, the street and number typed. */
export function useCadastreByAddress() {
  return useMutation({
    mutationFn: (query: { province: string; municipality: string; street: string; number: string }) =>
      api.GET('/api/lookups/cadastre/by-address', {
        params: { query: { ...query, number: query.number || undefined } },
      }),
    retry: false,
  });
}

export function useGeocode() {
  return useMutation({
    mutationFn: (q: string) => api.GET('/api/lookups/geocode', { params: { query: { q, limit: 3 } } }),
    retry: false,
  });
}
