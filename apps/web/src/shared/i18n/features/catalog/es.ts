// Spanish texts of `catalog`: the reference set; en.ts and pt.ts beside it must have exactly these keys.
export const catalogEs = {
  // Search engines and addresses: the store's home in search results, the not-found page.
  'seo.homeTitle': 'Trámites y certificados online',
  'seo.homeDescription':
    'Pide online notas simples, certificados y otros trámites registrales, notariales y administrativos, paso a paso.',
  // The start page (docs/shop-flows.md, "The start page"): the search, the most ordered, the categories.
  'home.title': 'Trámites registrales y certificados online',
  'home.intro': 'Busca el trámite que necesitas o elige una categoría. Te pediremos los datos paso a paso.',
  'home.popularTitle': 'Los trámites más pedidos',
  'home.categoriesTitle': 'Categorías',
  'home.categoryCount': '{count, plural, one {# trámite} other {# trámites}}',
  'home.allServices': 'Ver todos los trámites ({count})',
  'search.label': 'Buscar un trámite',
  'search.hint': 'Por ejemplo: nota simple, certificado de nacimiento, marca',
  'search.submit': 'Buscar',
  'search.title': 'Buscar trámites',
  'search.resultsTitle': 'Resultados de «{query}»',
  'search.resultCount':
    '{count, plural, =0 {No hay trámites que coincidan con «{query}».} one {# trámite coincide con «{query}».} other {# trámites coinciden con «{query}».}}',
  'search.noResultsHelp': 'Prueba con otras palabras o consulta todos los trámites.',
  'search.empty': 'Escribe una o varias palabras del trámite que buscas.',
  // The lists' filter chips, by the product's group (spec: Product.group).
  'groups.label': 'Filtrar por tipo de trámite',
  'groups.all': 'Todos',
  'groups.Registro Propiedad': 'Registro de la Propiedad',
  'groups.Registro Mercantil': 'Registro Mercantil',
  'groups.Marcas': 'Marcas',
  'groups.Registro Internacional': 'Registros internacionales',
  'groups.Otros': 'Otros trámites',
  'groups.showing': '{count, plural, one {# trámite} other {# trámites}} de tipo «{group}»',
};
