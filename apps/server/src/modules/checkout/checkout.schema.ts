import { Type } from 'typebox';
import { Billing } from '../invoicing/index.js';
import { Nullable } from '../../shared/http-schemas.js';

// Declared without a type on purpose: the app's validator coerces "true" and 1 to true, and only a JSON `true` is
// consent (the domain's judgeCheckoutConsents); anything else is a 400 naming the field, in the store's language.
/** The consents of a checkout or a payment by link (docs/shop-flows.md, "Consents at checkout"). */
export const ConsentFields = {
  accept_terms: Type.Optional(
    Type.Unknown({ description: 'Must be true: the customer accepts the terms of sale (a 400 names it otherwise)' }),
  ),
  start_now: Type.Optional(
    Type.Unknown({
      description:
        'Must be true when any line starts at once (every service does): the customer asks for immediate performance ' +
        'and acknowledges losing the right of withdrawal once the service is fully performed',
    }),
  ),
};

/** A full invoice asked for at checkout: the billing page's fields, and whether to save them to the account. */
export const InvoiceRequest = Type.Object(
  { ...Billing.properties, save: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** The consents an order keeps, as staff see them (null: not given yet, an agent's order not paid). */
export const OrderConsentsOut = Nullable(
  Type.Object({
    terms_version: Type.String(),
    terms_hash: Type.String({ description: 'SHA-256 (hex) of the terms text accepted' }),
    terms_language: Type.String(),
    accepted_at: Type.String(),
    start_now_at: Nullable(Type.String()),
  }),
);
