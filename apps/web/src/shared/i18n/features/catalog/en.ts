import type { catalogEs } from './es';

// English texts of `catalog`.
export const catalogEn: Record<keyof typeof catalogEs, string> = {
  // Search engines and addresses: the store's home in search results, the not-found page.
  'seo.homeTitle': 'Registry copies and certificates online',
  'seo.homeDescription': 'Order registry copies, certificates and other official documents online, step by step.',
  'home.title': 'Registry services and certificates online',
  'home.intro': 'Search for the service you need or choose a category. We will ask for the details step by step.',
  'home.popularTitle': 'Most ordered services',
  'home.categoriesTitle': 'Categories',
  'home.categoryCount': '{count, plural, one {# service} other {# services}}',
  'home.allServices': 'See all services ({count})',
  'search.label': 'Search for a service',
  'search.hint': 'For example: land registry, birth certificate, trademark',
  'search.submit': 'Search',
  'search.title': 'Search services',
  'search.resultsTitle': 'Results for “{query}”',
  'search.resultCount':
    '{count, plural, =0 {No services match “{query}”.} one {# service matches “{query}”.} other {# services match “{query}”.}}',
  'search.noResultsHelp': 'Try other words or browse all services.',
  'search.empty': 'Type one or more words of the service you are looking for.',
  'groups.label': 'Filter by type of service',
  'groups.all': 'All',
  'groups.Registro Propiedad': 'Land Registry',
  'groups.Registro Mercantil': 'Companies Registry',
  'groups.Marcas': 'Trademarks',
  'groups.Registro Internacional': 'International registries',
  'groups.Otros': 'Other services',
  'groups.showing': '{count, plural, one {# service} other {# services}} of type “{group}”',
};
