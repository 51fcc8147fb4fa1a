import type { FastifyRequest } from 'fastify';

/**
 * Refuses back-office writes to an order another agent has locked (423 ITEM_LOCKED) or whose lease the writer let lapse
 * (409 LOCK_EXPIRED): a hook of the plugins whose routes write to items (`:itemId`) or orders (`:orderId`). As a
 * preValidation hook it answers 423 before the body is validated: a locked item is refused whatever the body.
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
  const itemId = idParam(params?.itemId);
  const orderId = idParam(params?.orderId);
  if (itemId !== null) await locks.assertItemWritable(user, itemId);
  else if (orderId !== null) await locks.assertOrderWritable(user, orderId);
}

/**
 * A route id, before or after validation (a preValidation hook sees the raw string): a positive safe integer, else
 * null (the route's own validation then answers 400).
 */
function idParam(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
