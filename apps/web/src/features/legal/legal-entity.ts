// The company behind the shop, as the legal pages name it. PLACEHOLDER DATA: every value marked `pending: true` is
// not the real company's yet (no tax id or registry entry is invented); replace them before going live and set
// `pending: false`. The pages show a visible notice while any value is pending.

export interface LegalValue {
  value: string;
  /** A provisional value that must be replaced by the real one. */
  pending: boolean;
}

const pending = (value: string): LegalValue => ({ value, pending: true });

export interface LegalEntity {
  companyName: LegalValue;
  taxId: LegalValue;
  registeredOffice: LegalValue;
  /** The commercial registry entry (Registro Mercantil: volume, sheet, page). */
  registryEntry: LegalValue;
  email: LegalValue;
  privacyEmail: LegalValue;
}

/** One operating company for every store (the shop's brands are trading names of it). */
export const LEGAL_ENTITY: LegalEntity = {
  companyName: pending('[Nombre de la sociedad — pendiente]'),
  taxId: pending('[NIF — pendiente]'),
  registeredOffice: pending('[Domicilio social — pendiente]'),
  registryEntry: pending('[Inscripción en el Registro Mercantil — pendiente]'),
  email: pending('[correo de contacto — pendiente]'),
  privacyEmail: pending('[correo de protección de datos — pendiente]'),
};

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
