import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CUSTOMER_PAGE_MAX, CUSTOMER_PAGE_SIZE, parseCustomerSearch } from '@ventanilla/domain';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import { errors, MoneyString, Nullable, OrderStatusSchema } from '../../shared/http-schemas.js';
import { beginImpersonation } from './impersonation.service.js';
import { CustomersAdminService } from './customers-admin.service.js';

const INT32 = 2_147_483_647;
const CustomerIdParams = Type.Object({ customerId: Type.Integer({ minimum: 1, maximum: INT32 }) });

const CustomerSummary = Type.Object({
  customer_id: Type.Integer(),
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  phone: Nullable(Type.String()),
  tax_id: Nullable(Type.String({ description: 'From the billing data' })),
  newsletter: Type.Boolean(),
  active: Type.Boolean(),
  orders_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
});

const CustomerSchema = Type.Object({
  customer_id: Type.Integer(),
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  phone: Nullable(Type.String()),
  newsletter: Type.Boolean(),
  active: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  version: Type.String({ format: 'date-time', description: 'Send it back with an edit; a stale one is a 409' }),
});

const CustomerDetail = Type.Object({
  customer: CustomerSchema,
  billing: Nullable(
    Type.Object({ name: Type.String(), tax_id: Type.String(), address: Type.String(), country: Type.String() }),
  ),
  orders: Type.Array(
    Type.Object({
      order_id: Type.Integer(),
      store_id: Type.Integer(),
      status: OrderStatusSchema,
      total: MoneyString,
      items: Type.Integer(),
      created_at: Type.String({ format: 'date-time' }),
      paid_at: Nullable(Type.String({ format: 'date-time' })),
    }),
  ),
  invoices: Type.Array(
    Type.Object({
      id: Type.Integer(),
      kind: Type.String({ description: 'invoice or credit_note' }),
      number: Type.String(),
      order_id: Type.Integer(),
      issue_date: Type.String(),
      total: MoneyString,
    }),
  ),
  tickets: Type.Array(
    Type.Object({
      id: Type.Integer(),
      status: Type.Integer({ description: 'Ticket status id (1 Inicial ... 8 Lead convertido)' }),
      subject: Type.String(),
      created_at: Type.String({ format: 'date-time' }),
      updated_at: Type.String({ format: 'date-time' }),
    }),
    { description: "The customer's tickets (by account or e-mail), newest first, up to 50" },
  ),
  impersonations: Type.Array(
    Type.Object({
      id: Type.Integer(),
      admin_id: Type.Integer(),
      admin_email: Type.String(),
      started_at: Type.String({ format: 'date-time' }),
      expires_at: Type.String({ format: 'date-time' }),
      ended_at: Nullable(Type.String({ format: 'date-time' })),
      end_reason: Nullable(Type.String()),
      ip: Type.String(),
    }),
    { description: '"Log in as the customer" audit log, newest first (up to 50)' },
  ),
});

const CustomerFields = {
  email: Type.String({ maxLength: 320 }),
  firstname: Type.String({ maxLength: 400 }),
  lastname: Type.String({ maxLength: 400 }),
  phone: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
  newsletter: Type.Optional(Type.Boolean()),
};

const ImpersonationOut = Type.Object({
  customer_id: Type.Integer(),
  email: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});

/** The back office's customers (docs/backoffice.md, "Customers"). */
export const customersAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = new CustomersAdminService(app.ctx.db, () => app.ctx.now(), app.ctx.passwordReset, app.ctx.email);

  app.get(
    '/api/backoffice/customers',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags: ['customers'],
        summary: 'Search customers by e-mail, name, tax id (billing data), phone, order id or customer id',
        querystring: Type.Object({
          search: Type.Optional(Type.String({ maxLength: 1000 })),
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: CUSTOMER_PAGE_MAX, default: CUSTOMER_PAGE_SIZE })),
        }),
        response: {
          200: Type.Object({
            items: Type.Array(CustomerSummary),
            total: Type.Integer(),
            page: Type.Integer(),
            per_page: Type.Integer(),
          }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const parsed = parseCustomerSearch(request.query.search);
      if (!parsed.ok)
        throw new AppError('VALIDATION_ERROR', 'customer search', {
          fields: [{ field: 'search', message: parsed.message }],
        });
      reply.header('cache-control', 'no-store');
      return service.search(parsed.keys, request.query.page ?? 1, request.query.size ?? CUSTOMER_PAGE_SIZE);
    },
  );

  app.post(
    '/api/backoffice/customers',
    {
      config: { permission: 'customers.create' },
      schema: {
        tags: ['customers'],
        summary:
          'Create a customer account (admins); it is e-mailed an invitation to choose its password (single use, 7 days)',
        body: Type.Object(
          {
            ...CustomerFields,
            store_id: Type.Optional(
              Type.Integer({
                minimum: 1,
                maximum: 2_147_483_647,
                description: "The store whose brand and language the invitation uses (default: the shop's default)",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ customer: CustomerSchema }), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { store_id: storeId, ...input } = request.body;
      const store = app.ctx.catalog.getStore(storeId ?? app.ctx.config.defaultStoreId);
      if (!store) {
        throw new AppError('VALIDATION_ERROR', 'customer store', {
          fields: [{ field: 'store_id', key: 'field.invalid' }],
        });
      }
      return reply.code(201).send({ customer: await service.create(input, store.storeId) });
    },
  );

  app.get(
    '/api/backoffice/customers/:customerId',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags: ['customers'],
        summary: 'A customer: account, billing data, orders, invoices, newsletter, "log in as" audit',
        params: CustomerIdParams,
        response: { 200: CustomerDetail, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.detail(request.params.customerId);
    },
  );

  app.put(
    '/api/backoffice/customers/:customerId',
    {
      config: { permission: 'customers.edit' },
      schema: {
        tags: ['customers'],
        summary: "Edit a customer (the e-mail only admins); `version` is the customer's as loaded, stale = 409",
        params: CustomerIdParams,
        body: Type.Object(
          { ...CustomerFields, version: Type.String({ format: 'date-time', maxLength: 40 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ customer: CustomerSchema }), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      customer: await service.update(
        signedInUser(request),
        request.params.customerId,
        request.body,
        // The back office's store (?store=, the host, the default), not the one the staff session keeps.
        app.ctx.catalog.resolveStoreId({
          requested: (request.query as Record<string, unknown>).store,
          host: request.hostname,
        }),
      ),
    }),
  );

  app.post(
    '/api/backoffice/customers/:customerId/newsletter',
    {
      config: { permission: 'customers.edit' },
      schema: {
        tags: ['customers'],
        summary: 'Switch the newsletter on or off',
        params: CustomerIdParams,
        body: Type.Object({ subscribed: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: Type.Object({ customer: CustomerSchema }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      customer: await service.setNewsletter(request.params.customerId, request.body.subscribed),
    }),
  );

  app.post(
    '/api/backoffice/customers/:customerId/impersonation',
    {
      config: { permission: 'customers.impersonate' },
      schema: {
        tags: ['customers'],
        summary:
          'Log in as the customer (admins; 30 minutes, audited): this browser becomes the customer, read-only, until "back"',
        params: CustomerIdParams,
        // 409 IMPERSONATION_REFUSED: not a customer's active account, or already impersonating.
        response: { 200: ImpersonationOut, ...errors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const session = await request.loadSession();
      const admin = signedInUser(request);
      const now = app.ctx.now();
      const started = await beginImpersonation(app.ctx.db, {
        admin,
        impersonating: Boolean(session?.impersonation),
        customerId: request.params.customerId,
        ip: request.ip,
        now,
      });
      // The admin leaves the back office: their item and ticket locks go, as when signing out.
      await app.ctx.itemLocks.releaseAllOf(admin.id);
      await app.ctx.tickets.releaseAllOf(admin.id);
      await request.startUserSession(started.customer, session?.storeId ?? 1, {
        id: started.impersonationId,
        adminId: admin.id,
        adminEmail: admin.email,
        expiresAt: started.expiresAt,
      });
      reply.header('cache-control', 'no-store');
      return {
        customer_id: started.customer.id,
        email: started.customer.email,
        expires_at: started.expiresAt.toISOString(),
      };
    },
  );
};
