// Spanish texts of `catalog`: the reference set; en.ts and pt.ts beside it must have exactly these keys.
export const catalogEs = {
  // Search engines and addresses: the store's home in search results, the not-found page.
  'seo.homeTitle': 'Trámites y certificados online',
  'seo.homeDescription':
    'Pide online notas simples, certificados y otros trámites registrales, notariales y administrativos, paso a paso.',
};
