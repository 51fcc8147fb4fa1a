import type { PermissionTable } from './permission-areas.js';
import { ADMINS, STAFF } from './roles.js';

/** Canned responses, inserted into replies and e-mails. */
export const CANNED_RESPONSES_PERMISSIONS = {
  /**
   * Canned responses: list, search and fill the ones offered to oneself (the group rule of the Portuguese panel role
   * and the visibility apply: canned-responses.ts) to insert them into a reply or an e-mail.
   */
  'cannedResponses.read': STAFF,
  /** Create, edit and delete canned responses; list all of them whatever their group or visibility. */
  'cannedResponses.edit': ADMINS,
} as const satisfies PermissionTable;
