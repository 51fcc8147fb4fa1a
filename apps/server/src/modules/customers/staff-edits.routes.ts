import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STAFF_ROLES } from '@ventanilla/domain';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, Nullable, OneOf } from '../../shared/http-schemas.js';
import { StaffEditsService } from './staff-edits.service.js';

const INT32 = 2_147_483_647;
const CustomerIdParams = Type.Object({ customerId: Type.Integer({ minimum: 1, maximum: INT32 }) });

const CustomerPayment = Type.Object({
  preferred_payment: Nullable(
    Type.String({ description: "One of the spec's methods (cc, bank, paypal, multibanco, sibsmb, sibsmbway, bizum)" }),
  ),
  saved_card: Nullable(
    Type.Object({
      brand: Nullable(Type.String()),
      last4: Type.String(),
      exp_month: Nullable(Type.Integer()),
      exp_year: Nullable(Type.Integer()),
    }),
  ),
  bank_account: Nullable(Type.String({ description: 'The IBAN masked: country, check digits and last four' })),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
});

const Setting = Nullable(Type.String({ maxLength: 200 }));
const OwnSettingsSchema = Type.Object(
  {
    aircall: Type.Object({ user_id: Setting, number: Setting }, { additionalProperties: false }),
    correos: Type.Object(
      { codigo_etiquetador: Setting, numero_contrato: Setting, numero_cliente: Setting },
      { additionalProperties: false },
    ),
    product_lists: Type.Array(
      Type.Object(
        {
          id: Type.String({ maxLength: 100 }),
          name: Type.String({ maxLength: 200 }),
          short_name: Type.String({ maxLength: 100 }),
          product_names: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);

/**
 * Staff edits outside the item page (docs/backoffice.md, "Staff edits"): a customer's payment data and history, the
 * agent's own settings ("Mis ajustes", spec: currentuser config) and the online agents (spec: online-agents).
 */
export const staffEditsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = new StaffEditsService(app.ctx.db, () => app.ctx.now());

  app.get(
    '/api/backoffice/customers/:customerId/payment',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags: ['customers'],
        summary: "A customer's payment data: preferred method, saved card (brand, last four), bank account masked",
        params: CustomerIdParams,
        response: { 200: CustomerPayment, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.payment(request.params.customerId);
    },
  );

  app.put(
    '/api/backoffice/customers/:customerId/payment',
    {
      config: { permission: 'customers.edit' },
      schema: {
        tags: ['customers'],
        summary:
          "Change a customer's preferred payment method and bank account (IBAN), or forget the saved card; never a card number. Recorded in the customer's history",
        params: CustomerIdParams,
        body: Type.Object(
          {
            preferred_payment: Type.String({ maxLength: 20 }),
            iban: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
            remove_card: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 200: CustomerPayment, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.setPayment(signedInUser(request), request.params.customerId, request.body),
  );

  app.get(
    '/api/backoffice/customers/:customerId/history',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags: ['customers'],
        summary: "What staff changed of a customer's account (payment data), newest first, old and new values",
        params: CustomerIdParams,
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                id: Type.Integer(),
                accion: Type.String(),
                admin_user_id: Nullable(Type.Integer()),
                admin_name: Nullable(Type.String()),
                created_at: Type.String({ format: 'date-time' }),
                details: Nullable(Type.Record(Type.String(), Type.Unknown())),
              }),
            ),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.history(request.params.customerId);
    },
  );

  app.get(
    '/api/backoffice/me/settings',
    {
      config: { permission: 'backoffice.ownSettings' },
      schema: {
        tags: ['back office'],
        summary: "One's own settings (Mis ajustes; spec: currentuser config): Aircall, Correos, product lists",
        response: { 200: OwnSettingsSchema, ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.ownSettings(signedInUser(request));
    },
  );

  app.put(
    '/api/backoffice/me/settings',
    {
      config: { permission: 'backoffice.ownSettings' },
      schema: {
        tags: ['back office'],
        summary: "Save one's own settings (spec: PUT currentuser/1); every refused field at once",
        body: OwnSettingsSchema,
        response: { 200: OwnSettingsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.setOwnSettings(signedInUser(request), request.body),
  );

  app.get(
    '/api/backoffice/agents/online',
    {
      config: { permission: 'agents.online' },
      schema: {
        tags: ['back office'],
        summary: 'The staff signed in and active in the last minutes (spec: online-agents), most recent first',
        response: {
          200: Type.Object({
            window_minutes: Type.Integer(),
            items: Type.Array(
              Type.Object({
                id: Type.Integer(),
                name: Type.String(),
                role: OneOf(STAFF_ROLES),
                last_seen_at: Type.String({ format: 'date-time' }),
              }),
            ),
          }),
          ...errors(401, 403),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.onlineAgents();
    },
  );
};
