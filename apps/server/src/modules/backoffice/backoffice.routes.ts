import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CLIENT_STATUS_KEYS,
  ORDER_ORIGINS,
  parseItemSearch,
  searchFilterErrorMessage,
  type ItemSearchFilters,
  type RawQuery,
} from '@ventanilla/domain';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import {
  errors,
  MoneyString,
  Nullable,
  OneOf,
  OrderStatusSchema,
  PanelStatusIdSchema,
  PaymentStatusSchema,
  IdParam,
  StoredFile,
} from '../../shared/http-schemas.js';
import { OrderConsentsOut } from '../checkout/index.js';
import { readMultipartFile, sendStoredFile } from '../files/index.js';
import { AnswerLine } from '../orders/index.js';
import { lockGuard } from '../../plugins/lock-guard.js';
import { ItemIdParams } from './item-locks.routes.js';
import { VersionSchema } from './item-actions.routes.js';
import { SearchPage, SearchQuery } from './item-search.schema.js';

const ItemParams = ItemIdParams;

const parsedFilters = new WeakMap<FastifyRequest, ItemSearchFilters>();

/** The request's search filters, parsed once by the domain's rules; a 400 with every refused parameter otherwise. */
function searchFilters(request: FastifyRequest): ItemSearchFilters {
  const cached = parsedFilters.get(request);
  if (cached) return cached;
  const result = parseItemSearch(request.query as RawQuery);
  if (!result.ok) {
    throw new AppError('VALIDATION_ERROR', `search filter: ${result.errors.map((e) => e.param).join(', ')}`, {
      fields: result.errors.map((error) => ({
        field: error.param,
        code: error.code,
        message: searchFilterErrorMessage(error),
      })),
    });
  }
  parsedFilters.set(request, result.filters);
  return result.filters;
}

const Note = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  /** Pinned notes come first. */
  pinned: Type.Boolean(),
  admin_user_id: Type.Integer(),
  admin_name: Type.String(),
  created_at: Type.String(),
});

const StaffFile = Type.Object({
  id: Type.Integer(),
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  created_at: Type.String(),
  visible_to_customer: Type.Boolean(),
  /** Uploaded by the customer in the wizard (the answer to a file question, option_id), rather than by the staff. */
  uploaded_by_customer: Type.Optional(Type.Boolean()),
  option_id: Type.Optional(Nullable(Type.Integer())),
});

/** The item's new version after a write, for the screen's next write (docs/backoffice.md, "Writes that queue"). */
const ItemVersion = { item_updated_at: Type.String({ format: 'date-time' }) };
const NoteAdded = Type.Object({ ...Note.properties, ...ItemVersion });
const StaffFileAdded = Type.Object({ ...StaffFile.properties, ...ItemVersion });

const ItemDetail = Type.Object({
  item_id: Type.Integer(),
  order_id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  panel_status_id: PanelStatusIdSchema,
  status_text: Type.String(),
  referencia: Nullable(Type.String()),
  priority: Type.Integer(),
  deadline_at: Nullable(Type.String()),
  /** Postponed: out of the queue until then. */
  standby_until: Nullable(Type.String()),
  provider_id: Nullable(Type.String()),
  /** The status the customer sees, set by an agent (1-5), or null when derived. */
  client_status_id: Nullable(Type.Integer()),
  /** What the customer sees (clientStatusFor); null for the spec's "Estado no encontrado". */
  client_status: Nullable(OneOf(CLIENT_STATUS_KEYS)),
  /** The item's attributes (spec: atributos, key/value). */
  atributos: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
  /** Where the order came from (spec: origin): web, backoffice or magento. */
  origin: OneOf(ORDER_ORIGINS),
  /** How it was paid (spec: payed_with): the method of the succeeded payment, null while unpaid. */
  payed_with: Nullable(Type.String()),
  /** The customer changed the item's data after the alert was last switched off. */
  data_change_alert: Type.Boolean(),
  /** Delegated to this agent. */
  asignee: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** Who holds a live lock on it. */
  locked_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  incidencia_status_id: Nullable(Type.Integer()),
  incidencia_text: Nullable(Type.String()),
  created_at: Type.String(),
  /** The item's version: send it back as `version` with every write. */
  updated_at: Type.String(),
  price: MoneyString,
  product_options: Type.Array(AnswerLine),
  customer: Type.Object({
    customer_id: Type.Integer(),
    email: Type.String(),
    firstname: Type.String(),
    lastname: Type.String(),
  }),
  order: Type.Object({
    order_id: Type.Integer(),
    store_id: Type.Integer(),
    status: OrderStatusSchema,
    subtotal: MoneyString,
    tax_amount: MoneyString,
    total: MoneyString,
    paid_at: Nullable(Type.String()),
    /** The terms version accepted and both consents (docs/shop-flows.md, "Consents at checkout"). */
    consents: OrderConsentsOut,
    /** The full invoice's holder asked for at checkout, if any. */
    invoice_request: Nullable(Type.Object({ name: Type.String(), tax_id: Type.String(), country: Type.String() })),
  }),
  payments: Type.Array(
    Type.Object({
      id: Type.Integer(),
      method: Type.String(),
      provider: Type.String(),
      provider_ref: Nullable(Type.String()),
      amount: MoneyString,
      status: PaymentStatusSchema,
      failure_code: Nullable(Type.String()),
      card: Nullable(Type.String()),
      created_at: Type.String(),
    }),
  ),
  history: Type.Array(
    Type.Object({
      id: Type.Integer(),
      accion: Type.String(),
      old_status: Nullable(PanelStatusIdSchema),
      new_status: Nullable(PanelStatusIdSchema),
      old_status_text: Nullable(Type.String()),
      new_status_text: Nullable(Type.String()),
      old_referencia: Nullable(Type.String()),
      new_referencia: Nullable(Type.String()),
      /** What changed beyond statuses: corrected answers (old and new), a reason, old/new values of a field. */
      details: Nullable(Type.Record(Type.String(), Type.Unknown())),
      admin_user_id: Nullable(Type.Integer()),
      admin_name: Nullable(Type.String()),
      created_at: Type.String(),
    }),
  ),
  notes: Type.Array(Note),
  files: Type.Array(StaffFile),
  /** Tickets linked to this item (a ticket's rel_pedido), by id. */
  related_ticket_ids: Type.Array(Type.Integer()),
  /** The customer's other items, newest first; `linked`: a property search / nota simple pair (docs/backoffice.md). */
  related_orders: Type.Array(
    Type.Object({
      item_id: Type.Integer(),
      order_id: Type.Integer(),
      product_id: Type.Integer(),
      product_name: Type.String(),
      panel_status_id: PanelStatusIdSchema,
      status_text: Type.String(),
      created_at: Type.String(),
      linked: Type.Boolean(),
    }),
  ),
});

const backofficeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { backoffice, itemActions, files, config } = app.ctx;
  // Writes to an item another agent has locked are refused (423).
  app.addHook('preValidation', lockGuard);
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 5, parts: 6 } });

  // request.language: the protected group loads the session first, so the session's store decides it.

  app.get(
    '/api/backoffice/statuses',
    {
      config: { permission: 'backoffice.items.read' },
      schema: {
        tags: ['back office'],
        summary: 'The 24 panel statuses',
        response: {
          200: Type.Object({ items: Type.Array(Type.Object({ id: Type.Integer(), text: Type.String() })) }),
          ...errors(401, 403),
        },
      },
    },
    async (request) => {
      return backoffice.statuses(request.language);
    },
  );

  app.get(
    '/api/backoffice/items',
    {
      config: { permission: 'backoffice.items.read' },
      schema: {
        tags: ['back office'],
        summary: 'The order search: every filter of the spec, newest first by default (docs/backoffice.md, "Search")',
        description:
          'An unknown, repeated or malformed parameter is a 400 VALIDATION_ERROR listing every refused parameter ' +
          "(`fields[].field`, `fields[].code`, `fields[].message` in the caller's language). `has_more` says whether " +
          'another page follows; `total` is exact up to 1,000 matches, beyond that a lower bound (`total_exact: false`).',
        querystring: SearchQuery,
        response: { 200: SearchPage, ...errors(400, 401, 403) },
      },
      // Before schema validation: the domain's parser sees the raw query (repeated and unknown parameters included)
      // and reports every problem at once.
      preValidation: async (request) => {
        searchFilters(request);
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return backoffice.list(searchFilters(request), request.language, signedInUser(request));
    },
  );

  app.get(
    '/api/backoffice/items/:itemId',
    {
      config: { permission: 'backoffice.items.read' },
      schema: {
        tags: ['back office'],
        summary: 'An item with answers, customer, payments, history, notes and files',
        params: ItemParams,
        response: { 200: ItemDetail, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return backoffice.detail(request.params.itemId, request.language, signedInUser(request));
    },
  );

  app.post(
    '/api/backoffice/items/:itemId/status',
    {
      config: { permission: 'backoffice.items.work' },
      schema: {
        tags: ['back office'],
        summary: 'Change the panel status (recorded in the history); version guards against concurrent edits (409)',
        params: ItemParams,
        body: Type.Object({ panel_status_id: Type.Integer(), version: VersionSchema }),
        response: { 200: ItemDetail, ...errors(400, 401, 403, 404, 409, 423) },
      },
    },
    async (request) => {
      const agent = signedInUser(request);
      const { panel_status_id, version } = request.body;
      await itemActions.changeStatus(agent, request.params.itemId, panel_status_id, version);
      return backoffice.detail(request.params.itemId, request.language, agent);
    },
  );

  app.post(
    '/api/backoffice/items/:itemId/notes',
    {
      config: { permission: 'backoffice.items.work' },
      schema: {
        tags: ['back office'],
        summary: 'Add a note to an item',
        params: ItemParams,
        body: Type.Object({ text: Type.String({ maxLength: 20_000 }), version: VersionSchema }),
        response: { 201: NoteAdded, ...errors(400, 401, 403, 404, 409, 423) },
      },
    },
    async (request, reply) => {
      const agent = signedInUser(request);
      const { text, version } = request.body;
      return reply.code(201).send(await itemActions.addNote(agent, request.params.itemId, text, version));
    },
  );

  app.post(
    '/api/backoffice/items/:itemId/files',
    {
      config: { permission: 'backoffice.items.work' },
      schema: {
        tags: ['back office'],
        summary:
          'Upload a document (multipart: field "version" first, then "file"; PDF, JPEG or PNG, checked by content)',
        consumes: ['multipart/form-data'],
        params: ItemParams,
        response: { 201: StaffFileAdded, ...errors(400, 401, 403, 404, 409, 413, 415, 423) },
      },
    },
    async (request, reply) => {
      const agent = signedInUser(request);
      const file = await readMultipartFile(request, config.maxUploadBytes);
      if (file.bytes.length === 0) throw new AppError('FILE_MISSING', 'empty file');
      const version = file.fields.version;
      if (!version) {
        throw new AppError('VALIDATION_ERROR', 'version missing', {
          fields: [{ field: 'version', key: 'field.required' }],
        });
      }
      return reply.code(201).send(await itemActions.addFile(agent, request.params.itemId, file, version));
    },
  );

  app.get(
    '/api/backoffice/items/:itemId/files/:fileId',
    {
      config: { permission: 'backoffice.items.read' },
      schema: {
        tags: ['back office'],
        summary: 'Download a document of an item',
        params: Type.Object({ itemId: IdParam, fileId: IdParam }),
        response: { 200: StoredFile, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await backoffice.findFile(request.params.itemId, request.params.fileId);
      return sendStoredFile(reply, files, file);
    },
  );
};

export default backofficeRoutes;
