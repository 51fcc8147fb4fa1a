import type { catalogEs } from './es';

// Portuguese texts of `catalog`.
export const catalogPt: Record<keyof typeof catalogEs, string> = {
  // Search engines and addresses: the store's home in search results, the not-found page.
  'seo.homeTitle': 'Certidões e registos online',
  'seo.homeDescription': 'Peça online certidões, registos e outros documentos oficiais, passo a passo.',
  'home.title': 'Serviços de registo e certidões online',
  'home.intro': 'Pesquise o serviço de que precisa ou escolha uma categoria. Pediremos os dados passo a passo.',
  'home.popularTitle': 'Os serviços mais pedidos',
  'home.categoriesTitle': 'Categorias',
  'home.categoryCount': '{count, plural, one {# serviço} other {# serviços}}',
  'home.allServices': 'Ver todos os serviços ({count})',
  'search.label': 'Pesquisar um serviço',
  'search.hint': 'Por exemplo: certidão permanente, certidão de nascimento',
  'search.submit': 'Pesquisar',
  'search.title': 'Pesquisar serviços',
  'search.resultsTitle': 'Resultados para «{query}»',
  'search.resultCount':
    '{count, plural, =0 {Nenhum serviço corresponde a «{query}».} one {# serviço corresponde a «{query}».} other {# serviços correspondem a «{query}».}}',
  'search.noResultsHelp': 'Experimente outras palavras ou consulte todos os serviços.',
  'search.empty': 'Escreva uma ou mais palavras do serviço que procura.',
  'groups.label': 'Filtrar por tipo de serviço',
  'groups.all': 'Todos',
  'groups.Registro Propiedad': 'Registo Predial (Espanha)',
  'groups.Registro Mercantil': 'Registo Comercial (Espanha)',
  'groups.Marcas': 'Marcas',
  'groups.Registro Internacional': 'Registos internacionais',
  'groups.Otros': 'Outros serviços',
  'groups.showing': '{count, plural, one {# serviço} other {# serviços}} do tipo «{group}»',
};
