/**
 * The spec's dedicated shop flows ("Shop routes"): each orders one product of the catalogue under its own address
 * prefix, with its own page names. The page names map one to one onto the product form's `steps` (wizard pages), so
 * the same engine and the same page grouping serve them; catalogue tests check that the counts match.
 */
export interface ShopFlow {
  /** The address prefix: `/tienda/{slug}/...`. */
  slug: string;
  /** The product it orders (its url_key and product_id in the catalogue). */
  urlKey: string;
  productId: number;
  /** The name of each wizard page, in page order: `steps[i]` is the address of page i (0-based). */
  steps: readonly string[];
  /** The name of the check-answers page. */
  confirmation: string;
  /** Its "added to your cart" address: `/tienda/cart/add/{cartAdd}` (the spec's cart add routes). */
  cartAdd: string;
}

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `step${i + 1}`);

export const SHOP_FLOWS: readonly ShopFlow[] = [
  // Nota simple: steps 1-6 and 7 (check answers); 5.1 and 5.2 are asked only when the owner is unknown.
  {
    slug: 'nota-simple',
    urlKey: 'nota-simple',
    productId: 15867,
    steps: ['step1', 'step2', 'step3', 'step4', 'step5', 'step51', 'step52', 'step6'],
    confirmation: 'step7',
    cartAdd: 'ns',
  },
  // What-properties (person or company search): steps 1-6 and 7 (check answers).
  {
    slug: 'q-propiedades',
    urlKey: 'propiedades-de-una-persona',
    productId: 18357,
    steps: numbered(6),
    confirmation: 'step7',
    cartAdd: 'qpropiedades',
  },
  // Simplified property information (PT): 2.1 is asked only when the property is identified by its matrix article.
  {
    slug: 'i-predial-simplificada',
    urlKey: 'informacao-predial-simplificada',
    productId: 18421,
    steps: ['step1', 'step2', 'step21', 'step3', 'step4'],
    confirmation: 'confirmation',
    cartAdd: 'ipredial',
  },
  // Permanent certificate (PT): steps 1-8 and the check-answers page.
  {
    slug: 'certidao-permanente',
    urlKey: 'certidao-permanente',
    productId: 18414,
    steps: numbered(8),
    confirmation: 'confirmation',
    cartAdd: 'certidao',
  },
];

/** The generic product route's pages: `/tienda/product/step1 ... step30/{product_id}` (the spec: steps go up to 30). */
export const GENERIC_PRODUCT_MAX_STEP = 30;

/** The dedicated flow at `/tienda/{slug}`, or null (any other url_key uses the generic numbering). */
export function flowBySlug(slug: string): ShopFlow | null {
  return SHOP_FLOWS.find((f) => f.slug === slug) ?? null;
}

/** The dedicated flow that orders a product (by url_key), or null. */
export function flowOfProduct(urlKey: string): ShopFlow | null {
  return SHOP_FLOWS.find((f) => f.urlKey === urlKey) ?? null;
}

/** Where a page name of a flow leads: a wizard page (0-based), the check-answers page, or nothing (unknown name). */
export type FlowPage = { kind: 'page'; index: number } | { kind: 'confirmation'; canonical: boolean } | null;

/**
 * Resolves a page name of a flow. "confirmation" always reaches the check-answers page (the generic wizard's address,
 * kept working); `canonical` is false when the flow names that page differently (nota simple: step7).
 */
export function flowPage(flow: ShopFlow, name: string): FlowPage {
  const index = flow.steps.indexOf(name);
  if (index !== -1) return { kind: 'page', index };
  if (name === flow.confirmation) return { kind: 'confirmation', canonical: true };
  if (name === 'confirmation') return { kind: 'confirmation', canonical: false };
  return null;
}

/** The address of wizard page `index` (0-based) of a flow; a page past its names (a catalogue edit) gets `step{n}`. */
export function flowStepPath(flow: ShopFlow, index: number): string {
  return `/tienda/${flow.slug}/${flow.steps[index] ?? `step${index + 1}`}`;
}

/** The address of a flow's check-answers page. */
export function flowConfirmationPath(flow: ShopFlow): string {
  return `/tienda/${flow.slug}/${flow.confirmation}`;
}

/** The first page of a product's wizard: its dedicated flow when it has one, else `/tienda/{urlKey}/step1`. */
export function productStartPath(urlKey: string): string {
  const flow = flowOfProduct(urlKey);
  return flow ? flowStepPath(flow, 0) : `/tienda/${encodeURIComponent(urlKey)}/step1`;
}

/** The spec's cart add addresses' last segment: one per dedicated flow, and `product` for every other product. */
export const CART_ADD_KINDS: readonly string[] = [...SHOP_FLOWS.map((f) => f.cartAdd), 'product'];

/** Where the shop goes once a product is in the cart: `/tienda/cart/add/ns` for a nota simple, else `.../product`. */
export function cartAddPath(urlKey: string): string {
  return `/tienda/cart/add/${flowOfProduct(urlKey)?.cartAdd ?? 'product'}`;
}

/** The product (url_key) a cart add address names, or null for `product` (any other) and unknown kinds. */
export function productOfCartAdd(kind: string): string | null {
  return SHOP_FLOWS.find((f) => f.cartAdd === kind)?.urlKey ?? null;
}
