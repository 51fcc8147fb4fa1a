import type { FastifyRequest } from 'fastify';

/**
 * Refuses back-office writes to an order another agent has locked (423 ITEM_LOCKED) or whose lease the writer let lapse
 * (409 LOCK_EXPIRED): a preHandler hook of the plugins whose routes write to items (`:itemId`) or orders (`:orderId`).
 * Reads pass; so do the lock routes themselves, which live in a plugin without this hook.
 */
export async function lockGuard(request: FastifyRequest): Promise<void> {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  // The matched route, not the raw URL (an encoded path must not slip past).
  if (!request.routeOptions.url?.startsWith('/api/backoffice/')) return;
  const user = (await request.loadSession())?.user;
  if (!user || user.role === 'customer') return; // the route itself answers 401 / 403
  const params = request.params as { itemId?: unknown; orderId?: unknown } | undefined;
  const locks = request.server.ctx.itemLocks;
  if (typeof params?.itemId === 'number') await locks.assertItemWritable(user, params.itemId);
  else if (typeof params?.orderId === 'number') await locks.assertOrderWritable(user, params.orderId);
}
