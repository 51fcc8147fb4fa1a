import type { CustomerItem } from '../../../shared/lib/api-contract';
import { StatusTag } from '../../../shared/ui';

/** The customer-facing status of an order line: the server's text, with its style as a class. */
export function OrderStatus({ item }: { item: CustomerItem }) {
  return <StatusTag text={item.client_status.text} tone={item.client_status.style} />;
}
