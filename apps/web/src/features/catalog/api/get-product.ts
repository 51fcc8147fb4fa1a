import { useQuery } from '@tanstack/react-query';
import { productQuery } from '../../../shared/lib/product-query';

/** The product of a product page: its texts, prices and the sanitised FAQ block. */
export function useProduct(storeId: number, urlKey: string | undefined) {
  return useQuery({ ...productQuery(storeId, urlKey), enabled: !!urlKey });
}
