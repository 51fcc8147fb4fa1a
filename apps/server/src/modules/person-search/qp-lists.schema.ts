import { QP_MAX_NAMES, QP_MAXIMO_LIMIT } from '@ventanilla/domain';
import { Type } from 'typebox';
import { Nullable } from '../../shared/http-schemas.js';

// The request and response pieces the customer's (customer-qp.routes.ts) and the agent's
// (backoffice/agent-orders.routes.ts) QP person-search routes share; each side's list adds its own fields.

const Text = (maxLength: number) => Type.String({ maxLength });

/** An item id or a listed person's id. */
export const QpId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** searchListaNombresQP: the person to add to an item's list (checked by the domain's checkQpPerson). */
export const QpPersonBody = Type.Object(
  { item_id: QpId, nombre: Text(400), apellidos: Text(400), nif: Text(40) },
  { additionalProperties: false },
);

/** tramitaListaNombresQP: the maximum of properties to locate and the pending people to send. */
export const QpTramitaBody = Type.Object(
  {
    maximo: Type.Integer({ minimum: 1, maximum: QP_MAXIMO_LIMIT }),
    list: Type.Array(QpId, { minItems: 1, maxItems: QP_MAX_NAMES }),
  },
  { additionalProperties: false },
);

/** A listed person as both sides see them (the agent's list adds the maximum they were sent with). */
export const qpNameFields = {
  id: Type.Integer(),
  nombre: Type.String(),
  apellidos: Type.String(),
  nif: Type.String(),
};

/** When a person was sent for searching; null while pending. */
export const QpProcessedAt = Nullable(Type.String({ format: 'date-time' }));

/** A property found, as both sides see it (the agent's list adds when it was recorded). */
export const qpLocalizationFields = {
  id: Type.Integer(),
  registro: Type.String(),
  finca: Type.String(),
  municipio: Type.String(),
  titular: Type.String(),
};
