import { isJustSelected } from '@ventanilla/domain';

// The spec's payment flags, kept locally (localStorage: they outlive the provider's redirect and a new tab).
const SELECTED = 'ventanilla:payment-selected';
const INVALID = 'ventanilla:payment-invalid';
const LAST_FAILED = 'ventanilla:payment-last-failed';

function read<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable: the flags live only for this page.
  }
}

/** The method the customer just chose, with when (the "just selected" window is 5 minutes). */
export function rememberSelectedMethod(code: string): void {
  write(SELECTED, { code, at: Date.now() });
}

/** The method chosen less than 5 minutes ago, if any. */
export function justSelectedMethod(now = Date.now()): string | null {
  const stored = read<{ code?: unknown; at?: unknown }>(SELECTED);
  return stored && typeof stored.code === 'string' && typeof stored.at === 'number' && isJustSelected(stored.at, now)
    ? stored.code
    : null;
}

/** The invalid-payment flag: the last payment came back refused, with the reason code shown to the customer. */
export interface InvalidPayment {
  orderId: string;
  reason: string;
}

export function setInvalidPayment(flag: InvalidPayment | null): void {
  write(INVALID, flag);
}

export function invalidPayment(): InvalidPayment | null {
  const flag = read<InvalidPayment>(INVALID);
  return flag && typeof flag.orderId === 'string' && typeof flag.reason === 'string' ? flag : null;
}

/** The last failed order, paid again in one click with the same method (nothing to re-enter). */
export interface FailedOrder {
  orderId: string;
  method: string;
}

export function setLastFailedOrder(order: FailedOrder | null): void {
  write(LAST_FAILED, order);
}

export function lastFailedOrder(): FailedOrder | null {
  const order = read<FailedOrder>(LAST_FAILED);
  return order && typeof order.orderId === 'string' && typeof order.method === 'string' ? order : null;
}

/** A payment went through: the failure flags of that order are done with. */
export function clearPaymentFailure(orderId: string): void {
  if (invalidPayment()?.orderId === orderId) setInvalidPayment(null);
  if (lastFailedOrder()?.orderId === orderId) setLastFailedOrder(null);
}
