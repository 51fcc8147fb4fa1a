/** The legal pages every store has, at /legal/{slug} (the same addresses in every language). */
export const LEGAL_PAGE_SLUGS = ['aviso-legal', 'privacidad', 'cookies', 'condiciones'] as const;
export type LegalPageSlug = (typeof LEGAL_PAGE_SLUGS)[number];

export function isLegalPageSlug(value: string | undefined): value is LegalPageSlug {
  return (LEGAL_PAGE_SLUGS as readonly string[]).includes(value ?? '');
}

export const legalPagePath = (slug: LegalPageSlug): string => `/legal/${slug}`;
