// The public bodies a customer of each country can turn to: named by the legal pages (the web) and the terms a customer
// accepted (the PDF the order confirmation carries). One table for both.

/** The data protection authority and consumer body of a country. */
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

/** Fills a legal text's {tokens}; an unknown token stays as written (a typo shows, never a blank). */
export function fillLegalText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
