import type { catalogEs } from './es';

// Portuguese texts of `catalog`.
export const catalogPt: Record<keyof typeof catalogEs, string> = {
  // Search engines and addresses: the store's home in search results, the not-found page.
  'seo.homeTitle': 'Certidões e registos online',
  'seo.homeDescription': 'Peça online certidões, registos e outros documentos oficiais, passo a passo.',
};
