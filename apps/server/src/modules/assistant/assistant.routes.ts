import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ASSISTANT_QUERY_MAX, assistantErrorText, type Language } from '@ventanilla/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { lockGuard } from '../../plugins/lock-guard.js';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, NotJson, PdfFile } from '../../shared/http-schemas.js';
import { ItemIdParams, VersionSchema } from '../backoffice/index.js';
import { attachmentHeader } from '../files/index.js';
import { AssistantService, type DraftKind } from './assistant.service.js';
import { streamChat, type ChatOutcome } from './chat-client.js';

const EventStream = NotJson(['text/event-stream'], {
  description:
    'text/event-stream: `event: start` (data {kind, model}), `event: data` (data {content}: the next piece of the ' +
    'draft), then `event: end` (data {message: "ok" | "truncated"}) or `event: error` (data {error, kind, status?}: ' +
    "the spec's text for the model's HTTP status, a network error, a timeout or a broken stream)",
});
const Status = Type.Object({
  configured: Type.Boolean({ description: 'Whether a model is configured (ASSISTANT_API_URL); false: no drafting' }),
  disabled: Type.Boolean({ description: 'The assistant is turned off for this item (disablePedidoIA)' }),
  model: Type.Union([Type.String(), Type.Null()]),
});
const Content = Type.String({
  // The real bound (ASSISTANT_MARKDOWN_MAX characters, 413) is the service's; this one keeps absurd bodies out early.
  maxLength: 1_000_000,
  description: 'Markdown (at most 200,000 characters: 413 CONTENT_TOO_LARGE beyond)',
});
const Query = Type.String({ maxLength: ASSISTANT_QUERY_MAX, description: "The agent's instruction" });
const FileOut = Type.Object({
  id: Type.Integer(),
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  visible_to_customer: Type.Boolean(),
});
/** Markdown bodies may be a few hundred kilobytes of UTF-8; the global limit is 1 MB. */
const BODY_LIMIT = 2 * 1024 * 1024;
/** A comment line this often keeps proxies from closing a stream while the model thinks. */
const HEARTBEAT_MS = 15_000;

/**
 * The document assistant (docs/integrations.md, "Document assistant"): the spec's generateTogaDocument, togaBotAgent
 * and generaPildoraIA streamed as server-sent events, disablePedidoIA, and generatePdfFromMarkdown (downloaded, or
 * attached to the item). Writes to an item another agent has locked are refused (423), as for every item action.
 */
const assistantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, catalog, itemActions, files, now, legalEntities } = app.ctx;
  const assistant = new AssistantService(
    db,
    config.assistant,
    catalog,
    legalEntities,
    itemActions,
    files,
    now,
    config.defaultStoreId,
  );
  app.addHook('preValidation', lockGuard);

  app.get(
    '/api/backoffice/items/:itemId/assistant',
    {
      config: { permission: 'backoffice.assistant' },
      schema: {
        tags: ['back office'],
        summary: "The document assistant's state for an item: a model configured, the assistant turned off for it",
        params: ItemIdParams,
        response: { 200: Status, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return assistant.status(signedInUser(request), request.params.itemId);
    },
  );

  app.put(
    '/api/backoffice/items/:itemId/assistant',
    {
      config: { permission: 'backoffice.assistant' },
      schema: {
        tags: ['back office'],
        summary: 'Turn the assistant off (disablePedidoIA) or back on for an item; the history records it',
        params: ItemIdParams,
        body: Type.Object({ disabled: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: Status, ...errors(400, 401, 403, 404, 409, 423) },
      },
    },
    async (request) => assistant.setDisabled(signedInUser(request), request.params.itemId, request.body.disabled),
  );

  /** Streams one draft as server-sent events; refusals before the first byte are ordinary JSON errors. */
  async function draft(
    request: FastifyRequest<{ Params: { itemId: number } }>,
    reply: FastifyReply,
    kind: DraftKind,
    input: { query?: string; fileId?: number },
  ) {
    const prepared = await assistant.prepare(signedInUser(request), request.params.itemId, kind, input);
    const language: Language = request.language;
    const out = new PassThrough();
    const cancel = new AbortController();
    // The agent closed the page or pressed cancel: the model's request is aborted with it.
    reply.raw.on('close', () => cancel.abort());
    out.on('close', () => cancel.abort());
    const send = (event: string, data: unknown) => {
      if (!out.destroyed && out.writable) out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const heartbeat = setInterval(() => !out.destroyed && out.write(': ping\n\n'), HEARTBEAT_MS);
    (async () => {
      let outcome: ChatOutcome | undefined;
      try {
        send('start', { kind, model: prepared.config.model });
        outcome = await streamChat(prepared.config, prepared.messages, {
          signal: cancel.signal,
          onText: (content) => send('data', { content }),
        });
        if (outcome.kind === 'done') send('end', { message: 'ok' });
        else if (outcome.kind === 'truncated') send('end', { message: 'truncated' });
        else if (outcome.kind === 'failed') {
          request.log.warn({ kind, detail: outcome.detail, chars: outcome.chars }, 'assistant draft failed');
          send('error', {
            error: assistantErrorText(language, outcome.failure),
            kind: outcome.failure.kind,
            ...(outcome.failure.kind === 'http' ? { status: outcome.failure.status } : {}),
          });
        }
      } catch (error) {
        request.log.error({ err: error }, 'assistant draft crashed');
        send('error', { error: assistantErrorText(language, { kind: 'stream' }), kind: 'stream' });
      } finally {
        clearInterval(heartbeat);
        prepared.release();
        if (outcome?.kind === 'cancelled')
          request.log.info({ kind, chars: outcome.chars }, 'assistant draft cancelled');
        out.end();
      }
    })().catch((err: unknown) => request.log.error({ err }, 'assistant draft stream failed'));
    return reply
      .type('text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(out);
  }

  const draftErrors = errors(400, 401, 403, 404, 409, 423, 429, 503);

  app.post(
    '/api/backoffice/items/:itemId/assistant/document',
    {
      config: { permission: 'backoffice.assistant' },
      schema: {
        tags: ['back office'],
        summary:
          "generateTogaDocument: draft a document from the item's data, one of its documents (fileId) and an instruction, streamed",
        params: ItemIdParams,
        body: Type.Object(
          { query: Query, fileId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })) },
          { additionalProperties: false },
        ),
        response: { 200: EventStream, ...draftErrors },
      },
    },
    async (request, reply) => draft(request, reply, 'document', request.body),
  );

  app.post(
    '/api/backoffice/items/:itemId/assistant/agent',
    {
      config: { permission: 'backoffice.assistant' },
      schema: {
        tags: ['back office'],
        summary: "togaBotAgent: answer an agent's question about the item, streamed",
        params: ItemIdParams,
        body: Type.Object({ query: Query }, { additionalProperties: false }),
        response: { 200: EventStream, ...draftErrors },
      },
    },
    async (request, reply) => draft(request, reply, 'agent', request.body),
  );

  app.post(
    '/api/backoffice/items/:itemId/assistant/pildora',
    {
      config: { permission: 'backoffice.assistant' },
      schema: {
        tags: ['back office'],
        summary: 'generaPildoraIA: a short summary ("píldora") of the item, streamed',
        params: ItemIdParams,
        body: Type.Object({}, { additionalProperties: false }),
        response: { 200: EventStream, ...draftErrors },
      },
    },
    async (request, reply) => draft(request, reply, 'pildora', {}),
  );

  app.post(
    '/api/backoffice/items/:itemId/assistant/pdf',
    {
      config: { permission: 'backoffice.assistant' },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['back office'],
        summary:
          "generatePdfFromMarkdown for an item: the markdown as a PDF with the store's letterhead, attached to the item as a document",
        params: ItemIdParams,
        body: Type.Object(
          {
            content: Content,
            version: VersionSchema,
            filename: Type.Optional(Type.String({ maxLength: 120 })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({ ok: Type.Literal(true), message: Type.String(), file: FileOut }),
          ...errors(400, 401, 403, 404, 409, 413, 423, 500),
        },
      },
    },
    async (request, reply) => {
      const { content, version, filename } = request.body;
      const file = await assistant.attachPdf(signedInUser(request), request.params.itemId, content, version, filename);
      return reply.code(201).send({ ok: true, message: file.filename, file });
    },
  );

  app.post(
    '/api/backoffice/documents/pdf',
    {
      config: { permission: 'backoffice.assistant' },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['back office'],
        summary:
          "generatePdfFromMarkdown: markdown as a PDF with the store's letterhead (the default store unless store_id)",
        body: Type.Object(
          { content: Content, store_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })) },
          { additionalProperties: false },
        ),
        response: { 200: PdfFile, ...errors(400, 401, 403, 413, 500) },
      },
    },
    async (request, reply) => {
      const storeId = request.body.store_id ?? assistant.fallbackStoreId;
      const bytes = await assistant.pdf(request.body.content, storeId, 'Documento');
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentHeader('documento.pdf'))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );
};

export default assistantRoutes;
