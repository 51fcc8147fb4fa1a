import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors, MoneyString, StoreIdParam, Nullable, IdParam } from '../../shared/http-schemas.js';
import { Answers, PriceResponse } from '../catalog/index.js';
import { emptyCart } from './cart.service.js';
import { currentTermsVersion } from '../../shared/terms-version.js';

const AnswerLine = Type.Object({
  option_id: Type.Integer(),
  label: Type.String(),
  value: Type.String(),
  print_value: Type.String(),
  option_type: Type.String(),
});

export const CartResponse = Type.Object({
  quote_id: Nullable(Type.Integer()),
  store_id: Type.Integer(),
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      product_id: Type.Integer(),
      url_key: Type.String(),
      product_name: Type.String(),
      qty: Type.Integer(),
      /** The most units this line may have (1 for a property registry procedure: one property, one document). */
      max_qty: Type.Integer(),
      /** The line's version: send it back with a change (PATCH), so a change made meanwhile is not overwritten. */
      version: Type.Integer(),
      /** The accepted answers (what "Editar" starts from). */
      answers: Answers,
      summary: Type.String(),
      options: Type.Array(AnswerLine),
      valid: Type.Boolean(),
      price: PriceResponse,
      /** The service's main characteristics (its short description), shown before paying. */
      characteristics: Type.String(),
      /** The expected delivery time the product page states, null when it states none. */
      delivery_time: Nullable(Type.String()),
      /** Whether the service starts as soon as it is paid (then checkout needs start_now). */
      starts_now: Type.Boolean(),
    }),
  ),
  totals: Type.Object({ subtotal: MoneyString, tax: MoneyString, fees: MoneyString, total: MoneyString }),
  /** The consents POST /api/checkout needs for these lines (docs/shop-flows.md, "Consents at checkout"). */
  required_consents: Type.Array(Type.Union([Type.Literal('accept_terms'), Type.Literal('start_now')])),
});

/** Every cart answer: the lines, with who sells and the terms version checkout would have the customer accept. */
const CartView = Type.Object({
  ...CartResponse.properties,
  seller: Type.Object({ legal_name: Type.String(), tax_id: Type.String(), address: Type.String() }),
  terms: Type.Object({
    version: Type.String(),
    hash: Type.String({ description: 'SHA-256 (hex) of the terms text' }),
    language: Type.String(),
  }),
});

const cartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { carts, catalog, invoicing } = app.ctx;
  /** A cart answer with who sells in its store and the terms version accepted there (the cache holds any of them). */
  const withSeller = <T extends { store_id: number }>(cart: T) => ({
    ...cart,
    seller: invoicing.sellerOf(cart.store_id),
    terms: currentTermsVersion(catalog.getStore(cart.store_id)?.language ?? 'es'),
  });

  app.get(
    '/api/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'The cart (quote) of this session in its store, with the seller and the terms checkout accepts',
        response: { 200: CartView, ...errors(404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await request.loadSession();
      const storeId = request.store.id;
      return withSeller(session ? await carts.view(session, storeId) : emptyCart(storeId));
    },
  );

  app.post(
    '/api/cart/items',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a product with its answers (re-validated and re-priced by the server)',
        body: Type.Object({ store_id: StoreIdParam, url_key: Type.String({ maxLength: 120 }), answers: Answers }),
        response: { 201: CartView, ...errors(400, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const session = await request.ensureSession();
      const { cart, lines } = await carts.addItem(session, {
        storeId: request.body.store_id,
        urlKey: request.body.url_key,
        answers: request.body.answers,
      });
      if (session.storeId !== request.body.store_id) await app.rememberStore(request, request.body.store_id);
      return reply.code(201).send(withSeller(await carts.viewOf(cart, lines)));
    },
  );

  app.patch(
    '/api/cart/items/:id',
    {
      schema: {
        tags: ['cart'],
        summary: "updatequoteitem: change a line's quantity (1-50) and/or answers (re-validated and re-priced)",
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        body: Type.Object(
          {
            version: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The line version you changed' }),
            // Any number or text reaches the rule, so 1.5, -1 or 1e9 get its clear message rather than a schema one
            // (text first: " 3" stays text, not coerced to 3).
            qty: Type.Optional(
              Type.Union([Type.String({ maxLength: 20 }), Type.Number()], { description: 'Whole number, 1 to 50' }),
            ),
            answers: Type.Optional(Answers),
          },
          { additionalProperties: false },
        ),
        response: { 200: CartView, ...errors(400, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const session = await request.ensureSession();
      await carts.updateItem(session, session.storeId, request.params.id, request.body);
      return withSeller(await carts.view(session, session.storeId));
    },
  );

  app.delete(
    '/api/cart/items/:id',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a line from the cart',
        params: Type.Object({ id: IdParam }),
        response: { 200: CartView, ...errors(403, 404) },
      },
    },
    async (request) => {
      const session = await request.ensureSession();
      await carts.removeItem(session, session.storeId, request.params.id);
      return withSeller(await carts.view(session, session.storeId));
    },
  );
};

export default cartRoutes;
