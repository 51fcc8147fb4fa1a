// The person-search module's public surface: other modules and the app import only this file.
export { addQpName, lockQpItem, processQpNames, qpFields, qpProductIds, readQpList } from './qp-lists.js';
export {
  QpId,
  qpLocalizationFields,
  qpNameFields,
  QpPersonBody,
  QpProcessedAt,
  QpTramitaBody,
} from './qp-lists.schema.js';
export { personSearchModule } from './person-search.module.js';
