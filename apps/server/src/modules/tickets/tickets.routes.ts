import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type, type TProperties } from 'typebox';
import { parseTicketSearch, searchFilterErrorMessage, type RawQuery } from '@ventanilla/domain';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import { errors, NullableId, OneOf } from '../../shared/http-schemas.js';
import { attachmentHeader } from '../files/index.js';
import {
  AttachmentParams,
  TicketCustomerActivity,
  TicketDetail,
  TicketLockOut,
  TicketPage,
  TicketParams,
  TicketSent,
  TicketVersion,
  TicketWritten,
} from './tickets.schema.js';
import { MAX_REPLY_FILES, REPLY_MAX, type OutgoingFile, type TicketsService } from './tickets.service.js';

const INT32 = 2_147_483_647;
const tags = ['tickets'];

/** The multipart body of a reply or a new ticket: text fields and up to ten parts "files", each read whole. */
async function readMessage(request: FastifyRequest, maxUploadBytes: number) {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'not multipart');
  const fields: Record<string, string> = {};
  const files: OutgoingFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'files' && bytes.length > 0) {
          files.push({
            filename:
              (part.filename.split(/[\\/]/).pop() ?? 'adjunto').replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120) ||
              'adjunto',
            bytes,
            contentType: /^[\w.+-]+\/[\w.+-]+$/.test(part.mimetype) ? part.mimetype : 'application/octet-stream',
          });
        }
      } else if (typeof part.value === 'string' && fields[part.fieldname] === undefined) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', 'reply file too large', {
        params: { max: Math.max(1, Math.floor(maxUploadBytes / 1024 / 1024)) },
      });
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError('TOO_MANY_UPLOADS', 'too many reply files');
    throw new AppError('BAD_REQUEST', `malformed multipart: ${(err as Error).message}`);
  }
  return { fields, files };
}

function required(fields: Record<string, string>, name: string): string {
  const value = fields[name];
  if (value === undefined) {
    throw new AppError('VALIDATION_ERROR', `${name} missing`, { fields: [{ field: name, key: 'field.required' }] });
  }
  return value;
}

function optionalInt(fields: Record<string, string>, name: string): number | null {
  const raw = fields[name];
  if (raw === undefined || raw === '') return null;
  if (!/^[0-9]{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > INT32) {
    throw new AppError('VALIDATION_ERROR', `${name} not an id`, { fields: [{ field: name, key: 'field.invalid' }] });
  }
  return Number(raw);
}

/**
 * The back office's tickets (docs/backoffice.md, "Tickets"): the list, a ticket's thread, its attachments, the lock
 * and the spec's actions. Every write carries the `version` it was based on and respects the lock (423).
 */
const ticketsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { tickets, config, files } = app.ctx as { tickets: TicketsService } & typeof app.ctx;
  await app.register(multipart, {
    limits: {
      fileSize: config.maxUploadBytes,
      files: MAX_REPLY_FILES,
      fields: 10,
      parts: MAX_REPLY_FILES + 10,
      fieldSize: REPLY_MAX * 4,
    },
  });

  app.get(
    '/api/backoffice/tickets',
    {
      config: { permission: 'tickets.read' },
      // The domain's checks run on the raw query first: unknown, repeated and malformed parameters are one 400.
      preValidation: async (request) => {
        const result = parseTicketSearch(request.query as RawQuery);
        if (!result.ok) {
          throw new AppError('VALIDATION_ERROR', `ticket filter: ${result.errors.map((e) => e.param).join(', ')}`, {
            fields: result.errors.map((error) => ({
              field: error.param,
              code: error.code,
              message: searchFilterErrorMessage(error),
            })),
          });
        }
      },
      schema: {
        tags,
        summary:
          'The tickets list: filters email (substring), exact_email (the whole address), status (comma-joined ids), page, size (1-100, default 20); newest activity first',
        querystring: Type.Object({
          email: Type.Optional(Type.String()),
          exact_email: Type.Optional(
            Type.String({ description: "The customer's whole address, any case (the per-e-mail tickets tab)" }),
          ),
          status: Type.Optional(Type.String({ description: 'Comma-joined statuses, e.g. 2,3,6' })),
          page: Type.Optional(Type.String()),
          size: Type.Optional(Type.String()),
        }),
        response: { 200: TicketPage, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const result = parseTicketSearch(request.query as RawQuery);
      if (!result.ok) throw new AppError('VALIDATION_ERROR');
      reply.header('cache-control', 'no-store');
      return tickets.list(result.search);
    },
  );

  app.get(
    '/api/backoffice/tickets/:ticketId',
    {
      config: { permission: 'tickets.read' },
      schema: {
        tags,
        summary:
          'A ticket: thread (in and out), attachments, notes (fixed first), history, related order item; version = updated_at',
        params: TicketParams,
        response: { 200: TicketDetail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return tickets.detail(request.params.ticketId);
    },
  );

  app.get(
    '/api/backoffice/tickets/:ticketId/customer-activity',
    {
      config: { permission: 'tickets.read' },
      schema: {
        tags,
        summary:
          "The ticket's side: the customer's other tickets (same address, this one left out) and their order items (the ticket's account, or the accounts of its address), newest ten of each with totals",
        params: TicketParams,
        response: { 200: TicketCustomerActivity, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return tickets.customerActivity(request.params.ticketId);
    },
  );

  app.get(
    '/api/backoffice/tickets/:ticketId/attachments/:attachmentId',
    {
      config: { permission: 'tickets.read' },
      schema: {
        tags,
        summary: "Download an attachment of the ticket's thread (always as a download, never rendered)",
        params: AttachmentParams,
        response: { 200: Type.Unknown({ description: 'The file' }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await tickets.attachment(request.params.ticketId, request.params.attachmentId);
      const stream = await files.open(file.storageKey);
      // Mail attachments are whatever the sender sent: served as bytes to save, never as a page of ours.
      return reply
        .type('application/octet-stream')
        .header('content-disposition', attachmentHeader(file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  );

  app.post(
    '/api/backoffice/tickets/:ticketId/lock',
    {
      config: { permission: 'tickets.work' },
      schema: {
        tags,
        summary: 'Take or renew the lock (a 2-minute lease, as on orders) on a ticket; 423 when another agent holds it',
        params: TicketParams,
        response: { 200: TicketLockOut, ...errors(400, 401, 403, 404, 423) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return tickets.lock(signedInUser(request), request.params.ticketId);
    },
  );

  app.delete(
    '/api/backoffice/tickets/:ticketId/lock',
    {
      config: { permission: 'tickets.work' },
      schema: {
        tags,
        summary: "unlock_lock: release one's lock; force=1 breaks another agent's (recorded in the history)",
        params: TicketParams,
        querystring: Type.Object({ force: Type.Optional(OneOf(['0', '1'])) }),
        response: {
          200: Type.Object({ ticket_id: Type.Integer(), outcome: OneOf(['not_locked', 'released', 'forced']) }),
          ...errors(400, 401, 403, 404, 423),
        },
      },
    },
    async (request) => tickets.unlock(signedInUser(request), request.params.ticketId, request.query.force === '1'),
  );

  app.post(
    '/api/backoffice/tickets/next',
    {
      config: { permission: 'tickets.work' },
      schema: {
        tags,
        summary:
          'The "Tickets" queue: the oldest active ticket nobody holds, locked to the agent (with the ticket itself); 204 when nothing is waiting',
        response: {
          200: Type.Object({
            ticket_id: Type.Integer(),
            locked_by: Type.Integer(),
            locked_by_name: Type.String(),
            expires_at: Type.String({ format: 'date-time' }),
            queue: OneOf(['tickets']),
            // The ticket as GET .../tickets/{ticketId} shows it: its tab shows it without asking again.
            ticket: TicketDetail,
          }),
          204: Type.Null({ description: 'Nothing is waiting' }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const next = await tickets.next(signedInUser(request));
      if (!next) return reply.code(204).send(null);
      return next;
    },
  );

  app.post(
    '/api/backoffice/tickets/:ticketId/reply',
    {
      config: { permission: 'tickets.work' },
      schema: {
        tags,
        summary:
          'reply: multipart fields version, body (placeholders such as {{nombre}} are filled), cc (comma-joined), up to 10 "files"; sent through the outbox with In-Reply-To/References and the ticket token in the subject; 3 Pendiente',
        consumes: ['multipart/form-data'],
        params: TicketParams,
        response: { 200: TicketSent, ...errors(400, 401, 403, 404, 409, 413, 423, 429) },
      },
    },
    async (request) => {
      const { fields, files: parts } = await readMessage(request, config.maxUploadBytes);
      return tickets.reply(signedInUser(request), request.params.ticketId, {
        version: required(fields, 'version'),
        body: required(fields, 'body'),
        cc: fields.cc,
        files: parts,
      });
    },
  );

  app.post(
    '/api/backoffice/tickets',
    {
      config: { permission: 'tickets.work' },
      schema: {
        tags,
        summary:
          'new-ticket: the agent writes first. Multipart fields email, subject, body, cc, related_item_id, up to 10 "files"',
        consumes: ['multipart/form-data'],
        response: { 200: TicketSent, ...errors(400, 401, 403, 404, 409, 413, 423, 429) },
      },
    },
    async (request) => {
      const { fields, files: parts } = await readMessage(request, config.maxUploadBytes);
      return tickets.create(signedInUser(request), {
        email: required(fields, 'email'),
        subject: required(fields, 'subject'),
        body: required(fields, 'body'),
        cc: fields.cc,
        related_item_id: optionalInt(fields, 'related_item_id'),
        files: parts,
      });
    },
  );

  /** A JSON action: `POST /api/backoffice/tickets/{ticketId}/{name}` with `version` and the given fields. */
  function action<P extends TProperties>(
    name: string,
    summary: string,
    properties: P,
    run: (
      agent: ReturnType<typeof signedInUser>,
      ticketId: number,
      body: { version: string } & Record<string, unknown>,
    ) => Promise<{ ticket_id: number; version: string }>,
  ) {
    app.post(
      `/api/backoffice/tickets/:ticketId/${name}`,
      {
        config: { permission: 'tickets.work' },
        schema: {
          tags,
          summary,
          params: TicketParams,
          body: Type.Object({ version: TicketVersion, ...properties }, { additionalProperties: false }),
          response: { 200: TicketWritten, ...errors(400, 401, 403, 404, 409, 423) },
        },
      },
      async (request) =>
        run(
          signedInUser(request),
          request.params.ticketId,
          request.body as { version: string } & Record<string, unknown>,
        ),
    );
  }

  const NoteId = Type.Integer({ minimum: 1, maximum: INT32 });
  const NoteText = Type.String({ minLength: 1, maxLength: 5000 });

  action('close', 'close: 5 Cerrado', {}, (agent, id, b) => tickets.close(agent, id, b.version));
  action(
    'delegate',
    'delegate: give the ticket to an agent (null takes it back)',
    { agent_id: NullableId() },
    (agent, id, b) => tickets.delegate(agent, id, b.version, b.agent_id as number | null),
  );
  action(
    'rel_pedido',
    'rel_pedido: link the ticket to an order item (the item detail lists it too); null unlinks',
    { item_id: NullableId() },
    (agent, id, b) => tickets.relateItem(agent, id, b.version, b.item_id as number | null),
  );
  action('save_note', 'save_note: add a note', { text: NoteText }, (agent, id, b) =>
    tickets.saveNote(agent, id, b.version, b.text as string, false),
  );
  action('save_note_fixed', 'save_note_fixed: add a pinned note', { text: NoteText }, (agent, id, b) =>
    tickets.saveNote(agent, id, b.version, b.text as string, true),
  );
  for (const name of ['del_note', 'fix_note', 'unfix_note'] as const) {
    action(name, `${name}: on one of the ticket's notes`, { note_id: NoteId }, (agent, id, b) =>
      tickets.noteAction(agent, id, b.version, b.note_id as number, name),
    );
  }
  action(
    'postponer',
    'postponer: 6 Programado until a moment (future, within a year); then it returns to 2 Abierto',
    { until: Type.String({ format: 'date-time', maxLength: 40 }) },
    (agent, id, b) => tickets.postpone(agent, id, b.version, b.until as string),
  );
  action(
    'convert_lead',
    "convert_lead: 8 Lead convertido; creates an order draft of the product for the ticket's customer account",
    { product_id: Type.Integer({ minimum: 1, maximum: INT32 }) },
    async (agent, id, b) => {
      const { drafts } = app.ctx;
      return tickets.convertLead(agent, id, b.version, b.product_id as number, (tx, customerId, storeId, productId) =>
        drafts.createForCustomer(tx, customerId, storeId, productId),
      );
    },
  );
};

export default ticketsRoutes;
