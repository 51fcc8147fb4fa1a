import type { PermissionTable } from './permission-areas.js';
import { STAFF } from './roles.js';

/** The document assistant (docs/integrations.md, "Document assistant"). */
export const ASSISTANT_PERMISSIONS = {
  /**
   * The document assistant (docs/integrations.md, "Document assistant"): drafts streamed from the model for an item
   * the account may work on, markdown turned into a PDF (downloaded or attached), the assistant turned off per item.
   */
  'backoffice.assistant': STAFF,
} as const satisfies PermissionTable;
