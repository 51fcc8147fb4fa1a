import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/lib/api-client';

const POLL_EVERY_MS = 1000;
const GIVE_UP_AFTER_MS = 30_000;
/** How long the server may hold each request open for news (`?wait=`, the long poll). */
const WAIT_S = 10;

/**
 * GET /api/orders/{order_id}/payment until `paid` (the provider's notification may arrive after the browser's
 * redirect), for about 30 seconds; then `timedOut`. Every request asks the server to hold it until the payment has an
 * outcome (`wait`, the long poll): the server answers at once when the outcome is known, and otherwise as soon as the
 * notification is committed (in whichever instance applied it), so the page learns of the payment with one request.
 * A request is never sent while another is under way; another follows only an answer without the payment.
 */
export function usePaymentStatus(orderId: string) {
  const [startedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), GIVE_UP_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const query = useQuery({
    queryKey: ['orders', orderId, 'payment'],
    queryFn: ({ signal }) =>
      api.GET('/api/orders/{orderId}/payment', { params: { path: { orderId }, query: { wait: WAIT_S } }, signal }),
    refetchInterval: (q) =>
      q.state.data?.paid || q.state.error || Date.now() - startedAt > GIVE_UP_AFTER_MS ? false : POLL_EVERY_MS,
    retry: false,
    staleTime: 0,
  });
  return { ...query, timedOut: timedOut && !query.data?.paid };
}
