import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cents, parseMoney } from '@ventanilla/domain';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { lockGuard } from '../../plugins/lock-guard.js';
import { AppError } from '../../shared/app-error.js';
import {
  errors,
  ListOf,
  MoneyString,
  PageQuery,
  Nullable,
  IdParam,
  PdfFile,
  NotJson,
} from '../../shared/http-schemas.js';
import { attachmentHeader } from '../files/index.js';
import { Billing, InvoiceOut, OrderRefunds, RefundOut, VerifactuRecordWithErrors } from './invoicing.schema.js';

function sendPdf(reply: FastifyReply, pdf: { filename: string; bytes: Uint8Array }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', attachmentHeader(pdf.filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(pdf.bytes));
}

/** Customer panel: invoices, credit notes ("abonos") and billing data; back office: documents and refunds. */
const invoicingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { invoicing, refunds, verifactu } = app.ctx;
  // Writes to an order another agent has locked are refused (423).
  app.addHook('preHandler', lockGuard);

  app.get(
    '/api/invoice',
    {
      config: { permission: 'orders.readOwn' },
      schema: {
        tags: ['customer panel'],
        summary: 'The invoice PDF of one of your orders (spec: invoice/?order_id=); not yours or not invoiced yet: 404',
        querystring: Type.Object({ order_id: IdParam }),
        response: { 200: PdfFile, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const row = await invoicing.invoiceOfOwnedOrder(user.id, request.query.order_id);
      return sendPdf(reply, await invoicing.pdf(row));
    },
  );

  app.get(
    '/api/me/invoices',
    {
      config: { permission: 'orders.readOwn' },
      schema: {
        tags: ['customer panel'],
        summary: 'Your invoices (kind=invoice, "facturas") and credit notes (kind=credit_note, "abonos"), newest first',
        querystring: Type.Object({
          ...PageQuery,
          kind: Type.Optional(Type.Union([Type.Literal('invoice'), Type.Literal('credit_note')])),
          order_id: Type.Optional(IdParam),
        }),
        response: { 200: ListOf(InvoiceOut), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const q = request.query;
      reply.header('cache-control', 'no-store');
      return invoicing.listForCustomer(user.id, q.kind, q.order_id, q.page ?? 1, q.per_page ?? 10);
    },
  );

  app.get(
    '/api/me/invoices/:invoiceId/pdf',
    {
      config: { permission: 'orders.readOwn' },
      schema: {
        tags: ['customer panel'],
        summary: 'Download one of your invoices or credit notes as PDF (not yours: 404)',
        params: Type.Object({ invoiceId: IdParam }),
        response: { 200: PdfFile, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return sendPdf(reply, await invoicing.pdf(await invoicing.ownedBy(user.id, request.params.invoiceId)));
    },
  );

  app.get(
    '/api/me/billing',
    {
      config: { permission: 'account.billing' },
      schema: {
        tags: ['customer panel'],
        summary: 'Your billing data (name, tax id, address) for invoices; null when not given (simplified invoices)',
        response: { 200: Type.Object({ billing: Nullable(Billing) }), ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header('cache-control', 'no-store');
      return { billing: await invoicing.billing(user.id) };
    },
  );

  app.put(
    '/api/me/billing',
    {
      config: { permission: 'account.billing' },
      schema: {
        tags: ['customer panel'],
        summary: 'Save your billing data; the tax id is checked (Spanish NIF/NIE/CIF, Portuguese NIF, others by shape)',
        body: Billing,
        response: { 200: Type.Object({ billing: Billing }), ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const billing = await invoicing.saveBilling(user.id, request.body);
      if (!billing) throw new Error('billing data vanished');
      return { billing };
    },
  );

  app.get(
    '/api/backoffice/orders/:orderId/refunds',
    {
      config: { permission: 'backoffice.invoices.read' },
      schema: {
        tags: ['back office'],
        summary: 'Invoices, credit notes, refunds and the amount still refundable of an order',
        params: Type.Object({ orderId: IdParam }),
        response: { 200: OrderRefunds, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return refunds.forOrder(request.params.orderId);
    },
  );

  app.post(
    '/api/backoffice/orders/:orderId/refunds',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags: ['back office'],
        summary:
          'Refund part or all of a paid order through its payment provider; issues a credit note (agents and admins)',
        params: Type.Object({ orderId: IdParam }),
        body: Type.Object({
          amount: MoneyString,
          /** The penalty kept of `amount` (default 0.00): the customer gets amount - penalty back. */
          penalty: Type.Optional(MoneyString),
          reason: Type.String({ maxLength: 2000 }),
        }),
        response: {
          201: Type.Object({ refund: RefundOut, credit_note_id: Type.Integer(), credit_note_number: Type.String() }),
          ...errors(400, 401, 403, 404, 409, 422, 423, 502),
        },
      },
    },
    async (request, reply) => {
      const agent = signedInUser(request);
      const amount = parseMoney(request.body.amount);
      if (amount === null)
        throw new AppError('VALIDATION_ERROR', 'refund amount', {
          fields: [{ field: 'amount', key: 'field.invalid' }],
        });
      const penalty = request.body.penalty === undefined ? cents(0) : parseMoney(request.body.penalty);
      if (penalty === null)
        throw new AppError('VALIDATION_ERROR', 'refund penalty', {
          fields: [{ field: 'penalty', key: 'refund.penalty_invalid' }],
        });
      return reply
        .code(201)
        .send(await refunds.refund(agent, request.params.orderId, amount, request.body.reason, penalty));
    },
  );

  app.get(
    '/api/backoffice/invoices/:invoiceId/pdf',
    {
      config: { permission: 'backoffice.invoices.read' },
      schema: {
        tags: ['back office'],
        summary: 'Download any invoice or credit note as PDF',
        params: Type.Object({ invoiceId: IdParam }),
        response: { 200: PdfFile, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      return sendPdf(reply, await invoicing.pdf(await invoicing.byId(request.params.invoiceId)));
    },
  );

  app.get(
    '/api/backoffice/saft-pt',
    {
      config: { permission: 'invoicing.portugal' },
      schema: {
        tags: ['back office'],
        summary: "SAF-T (PT) 1.04_01 of a Portuguese entity's invoices and credit notes in a month (admins)",
        querystring: Type.Object({
          entity: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 40 }),
          month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
        }),
        response: {
          200: NotJson(['application/xml'], { description: 'The SAF-T (PT) 1.04_01 XML file' }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await invoicing.saftPt(request.query.entity, request.query.month);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', attachmentHeader(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.xml);
    },
  );

  const SeriesCode = Type.Object({
    series_key: Type.String(),
    validation_code: Type.String(),
    updated_at: Type.Optional(Type.String()),
  });

  app.get(
    '/api/backoffice/pt-series',
    {
      config: { permission: 'invoicing.portugal' },
      schema: {
        tags: ['back office'],
        summary: "The AT's validation codes of the Portuguese series (the ATCUD's first part), by series key",
        response: { 200: Type.Array(SeriesCode), ...errors(401, 403) },
      },
    },
    async () => invoicing.portugal.listCodes(app.ctx.db),
  );

  app.put(
    '/api/backoffice/pt-series/:seriesKey',
    {
      config: { permission: 'invoicing.portugal' },
      schema: {
        tags: ['back office'],
        summary:
          'Record the AT\'s validation code of a Portuguese series ("F16-2026"); a series that issued documents keeps its code',
        params: Type.Object({ seriesKey: Type.String({ maxLength: 20 }) }),
        body: Type.Object({ validation_code: Type.String({ minLength: 8, maxLength: 40 }) }),
        response: { 200: SeriesCode, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => invoicing.portugal.setCode(app.ctx.db, request.params.seriesKey, request.body.validation_code),
  );

  app.get(
    '/api/backoffice/verifactu/records-with-errors',
    {
      config: { permission: 'backoffice.verifactu.read' },
      schema: {
        tags: ['back office'],
        summary:
          'Veri*Factu records the AEAT refused (Incorrecto) or accepted with errors (AceptadoConErrores), newest ' +
          'first (at most 200), with its error code and description',
        response: { 200: Type.Object({ items: Type.Array(VerifactuRecordWithErrors) }), ...errors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await verifactu.answeredWithErrors();
      return {
        items: rows.map((r) => ({
          id: r.id,
          kind: r.kind as 'alta' | 'anulacion',
          invoice_id: r.invoiceId,
          issuer_tax_id: r.issuerTaxId,
          invoice_number: r.invoiceNumber,
          issue_date: r.issueDate,
          aeat_status: r.aeatStatus as 'Incorrecto' | 'AceptadoConErrores',
          code: r.code,
          description: r.description,
          submitted_at: r.submittedAt?.toISOString() ?? null,
        })),
      };
    },
  );
};

export default invoicingRoutes;
