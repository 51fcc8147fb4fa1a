// Query keys that more than one feature reads or invalidates live here, so features never import each other.
export const queryKeys = {
  session: ['session'] as const,
  store: (storeId: number) => ['store', storeId] as const,
  cart: ['cart'] as const,
  /** The store's seller (legal entity): GET /api/stores/{id}/seller. */
  seller: (storeId: number) => ['seller', storeId] as const,
  me: ['me'] as const,
  myOrders: ['me', 'orders'] as const,
  backoffice: ['backoffice'] as const,
  /** A language's texts (a chunk of their own: shared/i18n/catalogues.ts), as the app's session gate holds them. */
  texts: (language: string) => ['i18n-catalogue', language] as const,
};
