import { describe, expect, it } from 'vitest';
import {
  cannedGroupVisible,
  canSeeCannedResponse,
  isPanelRole,
  isPortugueseCannedGroup,
  type CannedViewer,
  type CannedVisibilityFacts,
  type PanelRole,
} from './canned-responses.js';

describe('isPortugueseCannedGroup', () => {
  it.each([
    ['Portugal', true],
    ['Portugal - certidões', true],
    ['portugal', true],
    ['  Portugal', true],
    ['Conservatoria', true],
    ['Conservatória do registo predial', true],
    ['CONSERVATORIAS', true],
    ['Notas simples', false],
    ['Envíos a Portugal', false],
    ['', false],
    ['Portu', false],
    ['Conserva', false],
  ])('%j -> %s', (group, expected) => {
    expect(isPortugueseCannedGroup(group)).toBe(expected);
  });
});

describe('cannedGroupVisible (the spec rule)', () => {
  it.each<[string, PanelRole | null, boolean]>([
    ['Portugal', 'portugal', true],
    ['Conservatoria', 'portugal', true],
    ['Notas simples', 'portugal', false],
    ['', 'portugal', false],
    ['Portugal', null, false],
    ['Conservatória', null, false],
    ['Notas simples', null, true],
    ['', null, true],
  ])('group %j, panel role %s -> %s', (group, role, expected) => {
    expect(cannedGroupVisible(group, role)).toBe(expected);
  });
});

describe('canSeeCannedResponse', () => {
  const agent: CannedViewer = { userId: 5, role: 'agent', panelRole: null };
  const admin: CannedViewer = { userId: 2, role: 'admin', panelRole: null };
  const ptAgent: CannedViewer = { userId: 7, role: 'agent', panelRole: 'portugal' };
  const facts = (over: Partial<CannedVisibilityFacts>): CannedVisibilityFacts => ({
    group: 'Notas',
    visibility: 'all',
    createdBy: 2,
    ...over,
  });

  it.each<[string, CannedVisibilityFacts, CannedViewer, boolean]>([
    ['all, ordinary group, agent', facts({}), agent, true],
    ['all, Portuguese group, agent', facts({ group: 'Portugal' }), agent, false],
    ['all, Portuguese group, Portuguese agent', facts({ group: 'Portugal' }), ptAgent, true],
    ['all, ordinary group, Portuguese agent', facts({}), ptAgent, false],
    ['admins, agent', facts({ visibility: 'admins' }), agent, false],
    ['admins, admin', facts({ visibility: 'admins' }), admin, true],
    ['private, its author', facts({ visibility: 'private' }), admin, true],
    ['private, another admin', facts({ visibility: 'private', createdBy: 3 }), admin, false],
    ['private, author gone', facts({ visibility: 'private', createdBy: null }), admin, false],
    ['private Portuguese, author without the role', facts({ visibility: 'private', group: 'Portugal' }), admin, false],
  ])('%s -> %s', (_name, response, viewer, expected) => {
    expect(canSeeCannedResponse(response, viewer)).toBe(expected);
  });
});

describe('isPanelRole', () => {
  it.each([
    ['portugal', true],
    ['Portugal', false],
    ['', false],
    [null, false],
    [1, false],
  ])('%j -> %s', (value, expected) => {
    expect(isPanelRole(value)).toBe(expected);
  });
});
