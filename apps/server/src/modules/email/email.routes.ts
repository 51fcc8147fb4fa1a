import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../shared/app-error.js';
import { errors, ListOf, PageQuery, Nullable, OneOf, IdParam, NotJson } from '../../shared/http-schemas.js';
import { TOKEN_EMAIL_KINDS } from './email-templates.js';
import type { OutboxRow } from './email.service.js';

const KINDS = [
  'order_received',
  'payment_instructions',
  'payment_confirmed',
  'payment_reminder',
  'document_ready',
  'incident_action',
  'password_reset',
  'sign_in_link',
  'account_invite',
  'email_change_confirm',
  'email_changed_notice',
  'password_changed',
  'account_deleted',
  'template',
  'incidence',
  'ticket_reply',
] as const;
const STATUSES = ['pending', 'sent', 'failed'] as const;
/** Emails whose bodies staff never see (empty text and HTML, no preview): they carry account secrets. */
const SECRET_KINDS = TOKEN_EMAIL_KINDS;

const EmailSummary = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  to: Type.String(),
  from: Type.String(),
  subject: Type.String(),
  store_id: Type.Integer(),
  store_name: Type.String(),
  language: Type.String(),
  order_id: Nullable(Type.Integer()),
  status: OneOf(STATUSES),
  attempts: Type.Integer(),
  next_attempt_at: Nullable(Type.String()),
  last_error: Nullable(Type.String()),
  transport: Nullable(Type.String()),
  created_at: Type.String(),
  sent_at: Nullable(Type.String()),
});

const EmailDetail = Type.Intersect([EmailSummary, Type.Object({ text: Type.String(), html: Type.String() })]);

const IdParams = Type.Object({ id: IdParam });

/**
 * The preview document of an email's HTML, for a sandboxed iframe: no scripts, no forms, no requests anywhere,
 * inline styles only (email HTML needs them), and framable only by our own pages.
 */
const PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { email, catalog } = app.ctx;

  const summary = (row: OutboxRow) => ({
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    from: row.fromAddress,
    subject: row.subject,
    store_id: row.storeId,
    store_name: catalog.getStore(row.storeId)?.name ?? String(row.storeId),
    language: row.language,
    order_id: row.orderId,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_error: row.lastError,
    transport: row.transport,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  });

  app.get(
    '/api/backoffice/emails',
    {
      config: { permission: 'mailbox.read' },
      schema: {
        tags: ['back office'],
        summary: 'Emails the shop has sent or will send (the outbox), newest first (agents and admins)',
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(OneOf(STATUSES)),
          kind: Type.Optional(Type.Union(KINDS.map((k) => Type.Literal(k)))),
        }),
        response: { 200: ListOf(EmailSummary), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 10;
      const { items, total } = await email.list({
        page,
        perPage,
        status: request.query.status,
        kind: request.query.kind,
      });
      reply.header('cache-control', 'no-store');
      return { items: items.map(summary), total, page, per_page: perPage };
    },
  );

  app.get(
    '/api/backoffice/emails/:id',
    {
      config: { permission: 'mailbox.read' },
      schema: {
        tags: ['back office'],
        summary:
          'One email with its plain text and HTML (agents and admins; empty for password resets, which hold secrets)',
        params: IdParams,
        response: { 200: EmailDetail, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await email.get(request.params.id);
      if (!row) throw new AppError('NOT_FOUND', `email ${request.params.id}`);
      reply.header('cache-control', 'no-store');
      // A reset email's body is never shown to staff (its stored copy has no working link anyway).
      if (SECRET_KINDS.has(row.kind)) return { ...summary(row), text: '', html: '' };
      return { ...summary(row), text: row.textBody, html: row.htmlBody };
    },
  );

  app.get(
    '/api/backoffice/emails/:id/preview',
    {
      config: { permission: 'mailbox.read' },
      schema: {
        tags: ['back office'],
        summary: "An email's HTML as a locked-down document for the back office's sandboxed iframe",
        params: IdParams,
        response: { 200: NotJson(['text/html'], { description: 'The e-mail as HTML' }), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await email.get(request.params.id);
      if (!row || SECRET_KINDS.has(row.kind)) throw new AppError('NOT_FOUND', `email ${request.params.id} preview`);
      return reply
        .header('content-security-policy', PREVIEW_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(row.htmlBody);
    },
  );

  app.post(
    '/api/backoffice/emails/:id/retry',
    {
      config: { permission: 'mailbox.retry' },
      schema: {
        tags: ['back office'],
        summary: 'Queue a failed email again (not password resets: their link is gone)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await email.retry(request.params.id)))
        throw new AppError('NOT_FOUND', `no failed email ${request.params.id} to retry`);
      return reply.code(204).send(null);
    },
  );
};

export default emailRoutes;
