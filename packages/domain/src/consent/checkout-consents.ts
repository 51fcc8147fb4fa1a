// The consents a consumer gives at checkout (Directive 2011/83/EU arts. 8(2), 16(a); Spain TRLGDCU arts. 98.2, 103.a;
// Portugal DL 24/2014 arts. 15, 17(1)(a); Ireland CRA 2022 s. 16): the terms actively accepted, and, for a service that
// starts at once, the express request to start now with the acknowledgement that the right of withdrawal ends once the
// service is fully performed. Nothing is pre-ticked: only a JSON `true` counts ("true", 1 or null do not).

/** The consent fields of `POST /api/checkout` (and of paying a pay link or a quote link). */
export const CHECKOUT_CONSENT_FIELDS = ['accept_terms', 'start_now'] as const;
export type CheckoutConsentField = (typeof CHECKOUT_CONSENT_FIELDS)[number];

/** What the rules need of a line's product: its catalogue kind ("service", or "fee" for an official fee line). */
export interface ConsentLine {
  kind: string;
}

/**
 * Whether a line's service starts as soon as it is paid. Every service in the catalogue is a registry or public-office
 * procedure bought online, which the shop files right after payment (docs/shop-flows.md, "Consents at checkout"); an
 * official fee line ("fee") is not a service of its own, it follows the service it belongs to.
 */
export function startsAtOnce(line: ConsentLine): boolean {
  return line.kind !== 'fee';
}

/** The consents an order of these lines needs: always the terms, and start_now when any line starts at once. */
export function requiredConsents(lines: readonly ConsentLine[]): CheckoutConsentField[] {
  return lines.some(startsAtOnce) ? ['accept_terms', 'start_now'] : ['accept_terms'];
}

export type ConsentVerdict = { ok: true; startNow: boolean } | { ok: false; missing: CheckoutConsentField[] };

/**
 * Judges the consents sent with a checkout against the lines bought: each required field must be exactly `true`.
 * `startNow` says whether the customer asked for immediate performance (recorded on the order).
 */
export function judgeCheckoutConsents(
  sent: Partial<Record<CheckoutConsentField, unknown>>,
  lines: readonly ConsentLine[],
): ConsentVerdict {
  const missing = requiredConsents(lines).filter((field) => sent[field] !== true);
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, startNow: sent.start_now === true };
}

/** The headings under which a product's page text states its delivery time, in the catalogue's three languages. */
const DELIVERY_HEADINGS = ['plazo de entrega', 'prazo de entrega', 'delivery time'];

/**
 * The expected delivery time a product's page text gives ("En 24 horas hábiles."): the text of the paragraph after its
 * "Plazo de entrega" / "Prazo de entrega" / "Delivery time" heading, tags removed; null when it has none.
 */
export function deliveryTimeOf(pageHtml: string): string | null {
  const heading = /<h[2-4][^>]*>([\s\S]*?)<\/h[2-4]>\s*<p[^>]*>([\s\S]*?)<\/p>/gi;
  for (let m = heading.exec(pageHtml); m; m = heading.exec(pageHtml)) {
    const title = stripTags(m[1]!).toLowerCase();
    if (DELIVERY_HEADINGS.includes(title)) {
      const text = stripTags(m[2]!);
      return text === '' ? null : text;
    }
  }
  return null;
}

function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
