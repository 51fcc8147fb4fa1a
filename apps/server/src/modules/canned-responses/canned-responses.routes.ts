import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { can, CANNED_LIST_SIZE, type TemplateValues } from '@ventanilla/domain';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import { errors } from '../../shared/http-schemas.js';
import {
  CannedBody,
  CannedId,
  CannedListOut,
  CannedListQuery,
  CannedOut,
  CannedRenderBody,
  CannedRenderOut,
} from './canned-responses.schema.js';
import { cannedOut, fillCanned, type CannedInput } from './canned-responses.service.js';

const IdParams = Type.Object({ id: CannedId });

function input(body: { group?: string; title: string; body: string; visibility?: CannedInput['visibility'] }) {
  return { group: body.group ?? '', title: body.title, body: body.body, visibility: body.visibility ?? 'all' };
}

/** Canned responses: staff list, search and fill the ones offered to them; admins write them. docs/backoffice.md. */
const cannedResponsesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { cannedResponses, itemTemplates } = app.ctx;
  const tags = ['canned-responses'];

  /** The viewer the rule applies to; null (everything) for an admin who asked for all or edits. */
  async function viewerFor(request: Parameters<typeof signedInUser>[0], all: boolean) {
    const user = signedInUser(request);
    if (all) {
      if (!can(user.role, 'cannedResponses.edit')) throw new AppError('FORBIDDEN', 'scope=all is for admins');
      return null;
    }
    return cannedResponses.viewer(user.id, user.role);
  }

  app.get(
    '/api/backoffice/canned-responses',
    {
      config: { permission: 'cannedResponses.read' },
      schema: {
        tags,
        summary:
          'Canned responses by group and title, searched; those offered to me (group rule of the Portuguese panel role, visibility), or all (admins)',
        querystring: CannedListQuery,
        response: { 200: CannedListOut, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { q, group, scope } = request.query;
      const page = request.query.page ?? 1;
      const size = request.query.size ?? CANNED_LIST_SIZE;
      const viewer = await viewerFor(request, scope === 'all');
      const { items, total } = await cannedResponses.list(viewer, { q, group, page, size });
      return { items: items.map(cannedOut), total, page, per_page: size };
    },
  );

  app.get(
    '/api/backoffice/canned-responses/:id',
    {
      config: { permission: 'cannedResponses.read' },
      schema: {
        tags,
        summary: 'One canned response (404 when it is not offered to me, unless I am an admin)',
        params: IdParams,
        response: { 200: CannedOut, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = signedInUser(request);
      const viewer = await viewerFor(request, can(user.role, 'cannedResponses.edit'));
      return cannedOut(await cannedResponses.get(request.params.id, viewer));
    },
  );

  app.post(
    '/api/backoffice/canned-responses/:id/render',
    {
      config: { permission: 'cannedResponses.read' },
      schema: {
        tags,
        summary:
          'Fill a canned response for insertion into a reply or an e-mail: with an order item’s values and/or given ones; missing ones listed and left as {{name}}',
        params: IdParams,
        body: CannedRenderBody,
        response: { 200: CannedRenderOut, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await viewerFor(request, false);
      const row = await cannedResponses.get(request.params.id, viewer);
      const overrides = request.body.values ?? {};
      let values: TemplateValues = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v?.trim()));
      if (request.body.item_id !== undefined) {
        values = (await itemTemplates.previewContext(request.body.item_id, overrides)).values;
      }
      return fillCanned(row, values, request.language);
    },
  );

  app.post(
    '/api/backoffice/canned-responses',
    {
      config: { permission: 'cannedResponses.edit' },
      schema: {
        tags,
        summary: 'Create a canned response; unknown placeholders are refused naming them',
        body: CannedBody,
        response: { 201: CannedOut, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const admin = signedInUser(request);
      const row = await cannedResponses.create(admin.id, input(request.body));
      return reply.code(201).send(cannedOut(row));
    },
  );

  app.put(
    '/api/backoffice/canned-responses/:id',
    {
      config: { permission: 'cannedResponses.edit' },
      schema: {
        tags,
        summary: 'Change a canned response; unknown placeholders are refused naming them',
        params: IdParams,
        body: CannedBody,
        response: { 200: CannedOut, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      return cannedOut(await cannedResponses.update(admin.id, request.params.id, input(request.body)));
    },
  );

  app.delete(
    '/api/backoffice/canned-responses/:id',
    {
      config: { permission: 'cannedResponses.edit' },
      schema: {
        tags,
        summary: 'Delete a canned response',
        params: IdParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await cannedResponses.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default cannedResponsesRoutes;
