import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

export interface PaymentMethod {
  code: string;
  /** The server's name for the method, used when the UI has no text of its own for the code. */
  title?: string;
}

/** Card payments are the only method for now, and the fallback when the store does not list its methods. */
export const FALLBACK_METHODS: PaymentMethod[] = [{ code: 'cc' }];

type RawMethod =
  string | { code?: unknown; id?: unknown; method?: unknown; title?: unknown; name?: unknown; label?: unknown };

function normalise(raw: RawMethod): PaymentMethod | null {
  if (typeof raw === 'string') return { code: raw };
  const code = [raw.code, raw.method, raw.id].find((v) => typeof v === 'string');
  const title = [raw.title, raw.name, raw.label].find((v) => typeof v === 'string');
  return typeof code === 'string' ? { code, ...(typeof title === 'string' ? { title } : {}) } : null;
}

/**
 * The methods of an answer of GET /api/stores/{store}/payment-methods (not in the contract yet): a list, in either
 * `{items: [...]}` or a bare array, of codes or objects; otherwise the card fallback.
 */
export function paymentMethodsOf(body: unknown): PaymentMethod[] {
  const list = Array.isArray(body) ? body : (body as { items?: unknown } | null)?.items;
  const methods = Array.isArray(list)
    ? (list as RawMethod[]).map(normalise).filter((m): m is PaymentMethod => m !== null)
    : [];
  return methods.length ? methods : FALLBACK_METHODS;
}

export const paymentMethodsKey = (storeId: number) => ['checkout', storeId, 'payment-methods'] as const;

/** GET /api/stores/{store}/payment-methods: the store's methods, or the card fallback when it does not answer. */
export function usePaymentMethods(storeId: number) {
  return useQuery({
    queryKey: paymentMethodsKey(storeId),
    queryFn: async ({ signal }) => {
      try {
        return paymentMethodsOf(
          await api.GET('/api/stores/{storeId}/payment-methods', { params: { path: { storeId } }, signal }),
        );
      } catch {
        return FALLBACK_METHODS;
      }
    },
    staleTime: 5 * 60_000,
  });
}
