import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { placeholderLabel, TEMPLATE_PLACEHOLDERS, translateDomainMessage, type Language } from '@ventanilla/domain';
import { Type } from 'typebox';
import { signedInUser } from '../../plugins/protected-routes.js';
import { AppError } from '../../shared/app-error.js';
import { errors, LanguageSchema } from '../../shared/http-schemas.js';
import {
  PlaceholderOut,
  PreviewOut,
  TemplateFields,
  TemplateId,
  TemplateKindSchema,
  TemplateOut,
  ValuesSchema,
} from './templates.schema.js';
import { previewParts, SAMPLE_VALUES, templateOut, type TemplateInput } from './templates.service.js';

const KeyParams = Type.Object({ kind: TemplateKindSchema, id: TemplateId, language: LanguageSchema });

function input(body: {
  name: string;
  group?: string;
  template: string;
  subject_template?: string;
  header_template?: string;
  button_template?: string;
}): TemplateInput {
  return {
    name: body.name,
    group: body.group ?? '',
    template: body.template,
    subject_template: body.subject_template ?? '',
    header_template: body.header_template ?? '',
    button_template: body.button_template ?? '',
  };
}

/** E-mail and incidence templates: every staff member lists and previews them; admins edit them. */
const templatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { templates, itemTemplates } = app.ctx;
  const tags = ['templates'];

  app.get(
    '/api/backoffice/templates/placeholders',
    {
      config: { permission: 'templates.read' },
      schema: {
        tags,
        summary: 'The seventeen placeholders a template may use, with their labels',
        response: { 200: Type.Object({ items: Type.Array(PlaceholderOut) }), ...errors(401, 403) },
      },
    },
    async (request) => {
      const language = request.language;
      return {
        items: TEMPLATE_PLACEHOLDERS.map((name) => ({
          name,
          label: translateDomainMessage(language, placeholderLabel(name)),
        })),
      };
    },
  );

  app.post(
    '/api/backoffice/templates/preview',
    {
      config: { permission: 'templates.read' },
      schema: {
        tags,
        summary:
          'Live preview: given parts (the editor) or a stored template, filled with an item’s values or sample ones; missing values listed',
        body: Type.Object(
          {
            kind: Type.Optional(TemplateKindSchema),
            template_id: Type.Optional(TemplateId),
            language: Type.Optional(LanguageSchema),
            item_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
            parts: Type.Optional(
              Type.Object({
                template: TemplateFields.template,
                subject_template: TemplateFields.subject_template,
                header_template: TemplateFields.header_template,
                button_template: TemplateFields.button_template,
              }),
            ),
            values: Type.Optional(ValuesSchema),
          },
          { additionalProperties: false },
        ),
        response: { 200: PreviewOut, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const body = request.body;
      const overrides = body.values ?? {};
      let language: Language = body.language ?? request.language;
      let values;
      if (body.item_id !== undefined) {
        const context = await itemTemplates.previewContext(body.item_id, overrides);
        language = body.language ?? context.language;
        values = context.values;
      } else {
        values = { ...SAMPLE_VALUES, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v?.trim())) };
      }
      let parts = body.parts;
      if (!parts) {
        if (!body.kind || body.template_id === undefined) {
          throw new AppError('VALIDATION_ERROR', 'preview needs parts or kind and template_id', {
            fields: [{ field: 'template_id', key: 'field.invalid' }],
          });
        }
        const row = await templates.forLanguage(body.kind, body.template_id, language);
        language = row.language;
        parts = {
          template: row.template,
          subject_template: row.subjectTemplate,
          header_template: row.headerTemplate,
          button_template: row.buttonTemplate,
        };
      }
      const preview = previewParts(
        {
          template: parts.template,
          subject_template: parts.subject_template ?? '',
          header_template: parts.header_template ?? '',
          button_template: parts.button_template ?? '',
        },
        values,
        request.language,
      );
      return { language, ...preview };
    },
  );

  app.get(
    '/api/backoffice/templates/:kind',
    {
      config: { permission: 'templates.read' },
      schema: {
        tags,
        summary: 'The templates of a kind, by id then language (optionally one language)',
        params: Type.Object({ kind: TemplateKindSchema }),
        querystring: Type.Object({ language: Type.Optional(LanguageSchema) }),
        response: { 200: Type.Object({ items: Type.Array(TemplateOut) }), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await templates.list(request.params.kind, request.query.language);
      return { items: rows.map(templateOut) };
    },
  );

  app.get(
    '/api/backoffice/templates/:kind/:id/:language',
    {
      config: { permission: 'templates.read' },
      schema: {
        tags,
        summary: 'One template in one language',
        params: KeyParams,
        response: { 200: TemplateOut, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { kind, id, language } = request.params;
      return templateOut(await templates.get(kind, id, language));
    },
  );

  app.post(
    '/api/backoffice/templates/:kind',
    {
      config: { permission: 'templates.edit' },
      schema: {
        tags,
        summary: 'Create a template (id given, or the next free one); unknown placeholders are refused naming them',
        params: Type.Object({ kind: TemplateKindSchema }),
        body: Type.Object(
          { id: Type.Optional(TemplateId), language: LanguageSchema, ...TemplateFields },
          { additionalProperties: false },
        ),
        response: { 201: TemplateOut, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const admin = signedInUser(request);
      const { id, language } = request.body;
      const row = await templates.create(admin.id, request.params.kind, language, id, input(request.body));
      return reply.code(201).send(templateOut(row));
    },
  );

  app.put(
    '/api/backoffice/templates/:kind/:id/:language',
    {
      config: { permission: 'templates.edit' },
      schema: {
        tags,
        summary: 'Change a template; unknown placeholders are refused naming them',
        params: KeyParams,
        body: Type.Object(TemplateFields, { additionalProperties: false }),
        response: { 200: TemplateOut, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      const { kind, id, language } = request.params;
      return templateOut(await templates.update(admin.id, kind, id, language, input(request.body)));
    },
  );

  app.delete(
    '/api/backoffice/templates/:kind/:id/:language',
    {
      config: { permission: 'templates.edit' },
      schema: {
        tags,
        summary: 'Delete a template in one language',
        params: KeyParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { kind, id, language } = request.params;
      await templates.remove(kind, id, language);
      return reply.code(204).send(null);
    },
  );
};

export default templatesRoutes;
