/*
 * Canned responses (spec: "Canned response: id, group, title, visibility"; "A panel user with admin status and a
 * particular panel role sees only canned responses whose group begins with Portugal or Conservatoria; others see all
 * other groups"). The body uses the placeholders of the templates (template-placeholders.ts). docs/backoffice.md,
 * "Canned responses".
 */
import type { Role } from '../auth/permissions.js';

/**
 * The panel roles a staff account may carry besides its role. The spec names one, "a particular panel role" of the
 * desk that works Portugal's procedures (conservatórias): `portugal`. Null: the ordinary panel.
 */
export const PANEL_ROLES = ['portugal'] as const;
export type PanelRole = (typeof PANEL_ROLES)[number];

/** Whether a value is one of the panel roles. */
export function isPanelRole(value: unknown): value is PanelRole {
  return typeof value === 'string' && (PANEL_ROLES as readonly string[]).includes(value);
}

/**
 * Who may pick a canned response besides the group rule: `all` staff, `admins` only, or `private` (only the admin who
 * wrote it).
 */
export const CANNED_VISIBILITIES = ['all', 'admins', 'private'] as const;
export type CannedVisibility = (typeof CANNED_VISIBILITIES)[number];

/** The group prefixes of the Portuguese desk (compared without case or accents: "Conservatória" counts). */
export const PORTUGUESE_CANNED_GROUP_PREFIXES = ['portugal', 'conservatoria'] as const;

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

/** Whether a canned response group belongs to the Portuguese desk (begins with Portugal or Conservatoria). */
export function isPortugueseCannedGroup(group: string): boolean {
  const folded = fold(group);
  return PORTUGUESE_CANNED_GROUP_PREFIXES.some((prefix) => folded.startsWith(prefix));
}

/** The spec's rule: the Portuguese panel role sees only the Portuguese groups, everyone else only the other groups. */
export function cannedGroupVisible(group: string, panelRole: PanelRole | null): boolean {
  return panelRole === 'portugal' ? isPortugueseCannedGroup(group) : !isPortugueseCannedGroup(group);
}

/** The staff member picking a canned response. */
export interface CannedViewer {
  userId: number;
  role: Role;
  panelRole: PanelRole | null;
}

/** What decides whether a canned response is offered. */
export interface CannedVisibilityFacts {
  group: string;
  visibility: CannedVisibility;
  createdBy: number | null;
}

/** Whether a canned response is offered to a staff member in a picker (group rule and visibility together). */
export function canSeeCannedResponse(response: CannedVisibilityFacts, viewer: CannedViewer): boolean {
  if (!cannedGroupVisible(response.group, viewer.panelRole)) return false;
  switch (response.visibility) {
    case 'all':
      return true;
    case 'admins':
      return viewer.role === 'admin';
    case 'private':
      return response.createdBy !== null && response.createdBy === viewer.userId;
  }
}

/** The spec's canned response list size: the picker loads them all at once. */
export const CANNED_LIST_SIZE = 1000;
