import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  judgePayLink,
  judgeQuoteLink,
  payLinkExpiry,
  payLinkMessage,
  quoteLinkMessage,
  type PayLinkVerdict,
} from '@ventanilla/domain';

/**
 * Signs and checks the pay links of orders created by agents (docs/backoffice.md, "Orders created by agents"): an
 * HMAC-SHA256 with the server's PAY_LINK_SECRET over the order id and the expiry. The key is a capability for one
 * order: whoever holds the e-mailed link can pay that order, and nothing else, until it expires.
 */
export class PayLinks {
  constructor(
    private readonly secret: string,
    private readonly ttlDays: number,
    private readonly now: () => Date,
  ) {}

  private mac(message: string): Buffer {
    return createHmac('sha256', this.secret).update(message).digest();
  }

  /** The key of a new link to pay `orderId` (the part after `#k=`). */
  sign(orderId: number): string {
    const expiresAt = payLinkExpiry(this.now().getTime(), this.ttlDays);
    return `${expiresAt}.${this.mac(payLinkMessage(orderId, expiresAt)).toString('base64url')}`;
  }

  /** What a presented key is worth for this order (signature compared in constant time). */
  judge(orderId: number, key: string): PayLinkVerdict {
    return judgePayLink(orderId, key, this.now().getTime(), this.matches);
  }

  /** The key of a new quote link (payment/quote/{quote_id}#k=...) for the cart's current link generation. */
  signQuote(quoteId: number, generation: number): { key: string; expiresAt: number } {
    const expiresAt = payLinkExpiry(this.now().getTime(), this.ttlDays);
    const mac = this.mac(quoteLinkMessage(quoteId, generation, expiresAt)).toString('base64url');
    return { key: `${expiresAt}.${mac}`, expiresAt };
  }

  judgeQuote(quoteId: number, generation: number, key: string): PayLinkVerdict {
    return judgeQuoteLink(quoteId, generation, key, this.now().getTime(), this.matches);
  }

  private readonly matches = (message: string, signature: string): boolean => {
    // The texts are compared, not the decoded bytes: base64url's last character has spare bits, so four texts
    // decode to the same MAC, and a link changed in any character must not work.
    const expected = Buffer.from(this.mac(message).toString('base64url'));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}
