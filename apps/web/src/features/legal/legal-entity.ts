// The company behind each store comes from the server (GET /api/stores/{id}/seller: the legal entity admins edit in
// the back office, docs/legal-entities.md); nothing of it is written here. What follows is the public bodies a
// customer of each country can turn to.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/lib/api-client';
import type { Seller } from '../../shared/lib/api-contract';
import { queryKeys } from '../../shared/lib/query-keys';

/** The store's seller (server-rendered pages get it with the page). */
export function useSeller(storeId: number) {
  return useQuery({
    queryKey: queryKeys.seller(storeId),
    queryFn: ({ signal }) => api.get<Seller>(`/api/stores/${storeId}/seller`, signal),
    staleTime: 5 * 60_000,
  });
}

/** The data protection authority and consumer bodies a customer of each country can turn to. */
export interface CountryAuthorities {
  dataProtection: { name: string; url: string };
  consumer: { name: string; url: string };
}

export const AUTHORITIES: Record<string, CountryAuthorities> = {
  ES: {
    dataProtection: { name: 'Agencia Española de Protección de Datos (AEPD)', url: 'https://www.aepd.es' },
    consumer: { name: 'Juntas Arbitrales de Consumo', url: 'https://www.consumo.gob.es' },
  },
  PT: {
    dataProtection: { name: 'Comissão Nacional de Proteção de Dados (CNPD)', url: 'https://www.cnpd.pt' },
    consumer: { name: 'Livro de Reclamações Eletrónico', url: 'https://www.livroreclamacoes.pt' },
  },
  IE: {
    dataProtection: { name: 'Data Protection Commission (DPC)', url: 'https://www.dataprotection.ie' },
    consumer: {
      name: 'Competition and Consumer Protection Commission (CCPC)',
      url: 'https://www.ccpc.ie',
    },
  },
};

/** The country's authorities; Spain's (the company's seat) for a country without its own entry. */
export function authoritiesFor(country: string): CountryAuthorities {
  return AUTHORITIES[country] ?? AUTHORITIES['ES']!;
}

export { isLegalPageSlug, LEGAL_PAGE_SLUGS, type LegalPageSlug } from '@ventanilla/domain';

/** When the texts last changed (shown on each page). */
export const LEGAL_UPDATED = '2026-11-24T12:00:00Z';
