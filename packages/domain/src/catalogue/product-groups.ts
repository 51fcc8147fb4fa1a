// The spec's product groups (Product.group), the filter chips of the catalogue's lists.

/** The groups of the spec, in the order the chips show them. */
export const PRODUCT_GROUPS = [
  'Registro Propiedad',
  'Registro Mercantil',
  'Marcas',
  'Registro Internacional',
  'Otros',
] as const;
export type ProductGroup = (typeof PRODUCT_GROUPS)[number];

/** A group's address form, for `?grupo=`: "Registro Propiedad" is `registro-propiedad`. */
export function productGroupSlug(group: string): string {
  return group.toLowerCase().replace(/\s+/g, '-');
}

/** The group a `?grupo=` value names, or null (absent, unknown or malformed: no filter). */
export function productGroupOfSlug(slug: string | null | undefined): ProductGroup | null {
  if (!slug) return null;
  return PRODUCT_GROUPS.find((g) => productGroupSlug(g) === slug) ?? null;
}

/** The groups present in a list of products, in chip order (a list of one group needs no chips). */
export function groupsIn(products: ReadonlyArray<{ group: string }>): ProductGroup[] {
  const present = new Set(products.map((p) => p.group));
  return PRODUCT_GROUPS.filter((g) => present.has(g));
}
