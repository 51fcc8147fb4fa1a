import { TEMPLATE_PLACEHOLDERS } from '@ventanilla/domain';
import { Type } from 'typebox';
import { LanguageSchema, Nullable, OneOf, PanelStatusIdSchema } from '../../shared/http-schemas.js';

export const TemplateKindSchema = OneOf(['email', 'incidence'] as const, {
  description: 'email: sent from an item (also its PDFs); incidence: raised with status 60',
});

export const TemplateId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** The editable parts (spec: name, template, group, details.subject_template/header_template/button_template). */
export const TemplateFields = {
  name: Type.String({ maxLength: 200 }),
  group: Type.Optional(Type.String({ maxLength: 200 })),
  template: Type.String({ maxLength: 50_000, description: 'HTML body with {{placeholders}} (sanitized when saved)' }),
  subject_template: Type.Optional(Type.String({ maxLength: 500 })),
  header_template: Type.Optional(Type.String({ maxLength: 2000 })),
  button_template: Type.Optional(Type.String({ maxLength: 200 })),
};

export const TemplateOut = Type.Object({
  kind: TemplateKindSchema,
  id: Type.Integer(),
  language: LanguageSchema,
  name: Type.String(),
  group: Type.String(),
  template: Type.String(),
  subject_template: Type.String(),
  header_template: Type.String(),
  button_template: Type.String(),
  updated_at: Type.String(),
});

/** Values an agent types for placeholders the order cannot fill (only the seventeen names). */
export const ValuesSchema = Type.Object(
  Object.fromEntries(TEMPLATE_PLACEHOLDERS.map((name) => [name, Type.Optional(Type.String({ maxLength: 2000 }))])),
  { additionalProperties: false },
);

export const PlaceholderOut = Type.Object({ name: Type.String(), label: Type.String() });

export const PreviewOut = Type.Object({
  language: LanguageSchema,
  subject: Type.String(),
  header: Type.String(),
  body_html: Type.String({ description: 'values escaped; missing ones left visible as {{name}}' }),
  body_text: Type.String(),
  button: Type.String(),
  missing: Type.Array(PlaceholderOut),
  missing_message: Nullable(Type.String()),
});

export { VersionSchema as Version } from '../backoffice/index.js';

export const AnswerOut = Type.Object({
  id: Type.Integer(),
  message: Type.String(),
  created_at: Type.String(),
  files: Type.Array(
    Type.Object({ id: Type.Integer(), filename: Type.String(), content_type: Type.String(), size: Type.Integer() }),
  ),
});

export const StaffIncidenceOut = Type.Object({
  item_id: Type.Integer(),
  panel_status_id: PanelStatusIdSchema,
  incidence_id: Nullable(Type.Integer()),
  incidence_name: Nullable(Type.String()),
  text: Nullable(Type.String()),
  answered: Type.Boolean({ description: 'the "client e-mail answered" flag (incidence 58, status 40, newer answer)' }),
  answers: Type.Array(AnswerOut),
});

export const CustomerIncidenceOut = Type.Object({
  item_id: Type.Integer(),
  order_id: Type.Integer(),
  product_name: Type.String(),
  open: Type.Boolean({ description: 'status 60: the answer form is offered' }),
  shown: Type.Boolean({ description: 'the incident is shown to the customer (status 60 or incidence 103/76/143/52)' }),
  incidence_name: Nullable(Type.String()),
  text: Nullable(Type.String()),
  answers: Type.Array(AnswerOut),
});
