import { useMutation } from '@tanstack/react-query';
import { api, withQuery } from '../../../shared/lib/api-client';
import type { ApiResponse } from '../../../shared/lib/api-contract';

/** A property found by the cadastral lookup (GET /api/lookups/cadastre, docs/integrations.md). */
export type CadastreAnswer = ApiResponse<'/api/lookups/cadastre', 'get'>;
/** The references at an address (GET /api/lookups/cadastre/by-address). */
export type CadastreList = ApiResponse<'/api/lookups/cadastre/by-address', 'get'>;

/** Looks a reference up (already checked in the browser; the server checks it again). */
export function useCadastreLookup() {
  return useMutation({
    mutationFn: (refcat: string) => api.get<CadastreAnswer>(withQuery('/api/lookups/cadastre', { refcat })),
    retry: false,
  });
}

/** The references at an address: INE province and municipality codes, the street and number typed. */
export function useCadastreByAddress() {
  return useMutation({
    mutationFn: (query: { province: string; municipality: string; street: string; number: string }) =>
      api.get<CadastreList>(withQuery('/api/lookups/cadastre/by-address', { ...query, number: query.number || null })),
    retry: false,
  });
}

/** Points for an address or a place (GET /api/lookups/geocode): the municipality an address names. */
export type GeocodeList = ApiResponse<'/api/lookups/geocode', 'get'>;

export function useGeocode() {
  return useMutation({
    mutationFn: (q: string) => api.get<GeocodeList>(withQuery('/api/lookups/geocode', { q, limit: 3 })),
    retry: false,
  });
}
