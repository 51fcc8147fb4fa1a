import type { catalogEs } from './es';

// English texts of `catalog`.
export const catalogEn: Record<keyof typeof catalogEs, string> = {
  // Search engines and addresses: the store's home in search results, the not-found page.
  'seo.homeTitle': 'Registry copies and certificates online',
  'seo.homeDescription': 'Order registry copies, certificates and other official documents online, step by step.',
};
