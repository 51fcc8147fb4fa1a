import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONFIG_LIST_KEYS,
  CONFIG_LISTS,
  configFieldErrorMessage,
  type ConfigFieldError,
  type Language,
} from '@ventanilla/domain';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { serverMessage } from '../../i18n/server-messages.js';
import { signedInUser } from '../../plugins/protected-routes.js';
import { errors, ErrorResponse, OneOf, NotJson } from '../../shared/http-schemas.js';
import { ConfigImportError, ConfigListError } from './config-lists.service.js';

const ListParam = OneOf(CONFIG_LIST_KEYS, { description: 'the configuration list (docs/backoffice.md)' });
const KeyParams = Type.Object({ list: ListParam, key: Type.String({ minLength: 1, maxLength: 64 }) });
const NoControl = '^[^\\u0000-\\u001f\\u007f]*$';

const Value = Type.Union([
  Type.String({ maxLength: 20_000 }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
  Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 100 }),
]);
const RecordIn = Type.Record(Type.String({ maxLength: 64 }), Value, { maxProperties: 40 });

const RecordOut = Type.Object(
  {
    key: Type.String(),
    version: Type.Integer(),
    active: Type.Boolean(),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: true, description: 'the key, every field of the list (money as "25.12"), version, active' },
);

const ImportErrorResponse = Type.Object({
  ...ErrorResponse.properties,
  rows: Type.Optional(
    Type.Array(
      Type.Object({ line: Type.Integer(), field: Type.String(), code: Type.String(), message: Type.String() }),
    ),
  ),
});

function fieldErrors(language: Language, list: ConfigFieldError[]) {
  return list.map((e) => ({ field: e.field, code: e.code, message: configFieldErrorMessage(language, e) }));
}

async function refused(reply: FastifyReply, language: Language, error: unknown) {
  if (error instanceof ConfigListError) {
    return reply.code(400).send({
      code: 'VALIDATION_ERROR',
      message: serverMessage(language, 'BAD_REQUEST'),
      fields: fieldErrors(language, error.errors),
    });
  }
  if (error instanceof ConfigImportError) {
    return reply.code(400).send({
      code: 'VALIDATION_ERROR',
      message: serverMessage(language, 'BAD_REQUEST'),
      rows: error.rows.map((e) => ({
        line: e.line,
        field: e.field,
        code: e.code,
        message: configFieldErrorMessage(language, e),
      })),
      // The same errors as `fields` named "{line}:{field}", for clients that read only fields.
      fields: error.rows.map((e) => ({
        field: `${e.line}:${e.field}`,
        code: e.code,
        message: configFieldErrorMessage(language, e),
      })),
    });
  }
  throw error;
}

/**
 * The configuration lists (docs/backoffice.md, "Configuration lists"): one set of routes for every list the domain
 * describes. Staff read, admins write; every write is checked by the domain's description and recorded.
 */
const configListsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { configLists } = app.ctx;
  const tags = ['config-lists'];
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/api/backoffice/config-lists',
    {
      config: { permission: 'configLists.read' },
      schema: {
        tags,
        summary: 'The configuration lists: key, title, key field and the spec actions each answers',
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                key: Type.String(),
                title: Type.String(),
                id_field: Type.String(),
                actions: Type.Array(Type.String()),
              }),
            ),
          }),
          ...errors(401, 403),
        },
      },
    },
    async (request) => {
      const language = request.language;
      return {
        items: CONFIG_LIST_KEYS.map((key) => ({
          key,
          title: CONFIG_LISTS[key].title[language],
          id_field: CONFIG_LISTS[key].idField,
          actions: [...CONFIG_LISTS[key].actions],
        })),
      };
    },
  );

  app.get(
    '/api/backoffice/config-lists/:list',
    {
      config: { permission: 'configLists.read' },
      schema: {
        tags,
        summary: 'A list’s records by key: search (substring of the key and the searchable fields), paging',
        params: Type.Object({ list: ListParam }),
        querystring: Type.Object(
          {
            search: Type.Optional(Type.String({ maxLength: 200, pattern: NoControl })),
            page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
            size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
            active: Type.Optional(OneOf(['true', 'false'] as const)),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            items: Type.Array(RecordOut),
            total: Type.Integer(),
            page: Type.Integer(),
            per_page: Type.Integer(),
          }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const q = request.query;
      return configLists.list(request.params.list, {
        search: q.search?.trim() || undefined,
        page: q.page ?? 1,
        size: q.size ?? 20,
        ...(q.active ? { active: q.active === 'true' } : {}),
      });
    },
  );

  app.get(
    '/api/backoffice/config-lists/:list/export.csv',
    {
      config: { permission: 'configLists.read' },
      schema: {
        tags,
        summary: 'The whole list as CSV (UTF-8; cells that look like formulas get a leading apostrophe)',
        params: Type.Object({ list: ListParam }),
        response: { 200: NotJson(['text/csv']), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await configLists.exportCsv(request.params.list);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.params.list}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/backoffice/config-lists/:list/import.csv',
    {
      config: { permission: 'configLists.edit' },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Import a CSV (text/csv, the export’s shape): known keys update, others create; any row error refuses the whole file',
        params: Type.Object({ list: ListParam }),
        // The document says so too: the body is the CSV text, not a JSON string.
        consumes: ['text/csv'],
        body: Type.String({ maxLength: 2 * 1024 * 1024 }),
        response: {
          200: Type.Object({ created: Type.Integer(), updated: Type.Integer() }),
          400: ImportErrorResponse,
          ...errors(401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      try {
        return await configLists.importCsv(request.params.list, request.body, signedInUser(request).id);
      } catch (error) {
        return refused(reply, request.language, error);
      }
    },
  );

  app.post(
    '/api/backoffice/config-lists/:list',
    {
      config: { permission: 'configLists.edit' },
      schema: {
        tags,
        summary: 'Create a record (text-keyed lists take their key field, e.g. id_registro)',
        params: Type.Object({ list: ListParam }),
        body: RecordIn,
        response: { 201: RecordOut, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      try {
        const created = await configLists.create(request.params.list, request.body, signedInUser(request).id);
        return reply.code(201).send(created);
      } catch (error) {
        return refused(reply, request.language, error);
      }
    },
  );

  app.get(
    '/api/backoffice/config-lists/:list/:key',
    {
      config: { permission: 'configLists.read' },
      schema: {
        tags,
        summary: 'One record',
        params: KeyParams,
        response: { 200: RecordOut, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return configLists.get(request.params.list, request.params.key);
    },
  );

  app.put(
    '/api/backoffice/config-lists/:list/:key',
    {
      config: { permission: 'configLists.edit' },
      schema: {
        tags,
        summary: 'Change a record: the fields given (and `active`), with the `version` it was read at (409 when stale)',
        params: KeyParams,
        body: Type.Object(
          { version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
          { additionalProperties: Value, maxProperties: 41 },
        ),
        response: { 200: RecordOut, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { version, ...fields } = request.body as Record<string, unknown> & { version: number };
      try {
        return await configLists.update(
          request.params.list,
          request.params.key,
          fields,
          version,
          signedInUser(request).id,
        );
      } catch (error) {
        return refused(reply, request.language, error);
      }
    },
  );

  app.delete(
    '/api/backoffice/config-lists/:list/:key',
    {
      config: { permission: 'configLists.edit' },
      schema: {
        tags,
        summary: 'Delete a record, or deactivate it while something refers to it (outcome says which)',
        params: KeyParams,
        querystring: Type.Object(
          { version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ key: Type.String(), outcome: OneOf(['deleted', 'deactivated'] as const) }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      configLists.remove(request.params.list, request.params.key, request.query.version, signedInUser(request).id),
  );

  app.get(
    '/api/backoffice/config-lists/:list/:key/history',
    {
      config: { permission: 'configLists.read' },
      schema: {
        tags,
        summary: 'A record’s changes, newest first (who, when, each field’s old and new value)',
        params: KeyParams,
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                id: Type.Integer(),
                action: Type.String(),
                user_id: Type.Union([Type.Integer(), Type.Null()]),
                user_name: Type.Union([Type.String(), Type.Null()]),
                at: Type.String({ format: 'date-time' }),
                changes: Type.Array(Type.Object({ field: Type.String(), old: Type.String(), new: Type.String() })),
              }),
            ),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await configLists.historyOf(request.params.list, request.params.key) };
    },
  );
};

export default configListsRoutes;
