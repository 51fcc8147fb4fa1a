import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  can,
  combinePermissionAreas,
  isRole,
  isStaff,
  PERMISSION_AREAS,
  PERMISSIONS,
  permissionAreaOf,
  ROLES,
  type Action,
  type Actor,
  type PermissionTable,
} from './permissions.js';

// The whole table, written out: C customer, G agent, A admin, N notary. What the spec (document 2, section 6) and
// the code before this table allowed: the customer panel for every account, the back office for staff, money for
// agents and admins (notaries read payments, never move them), the mailbox for agents and admins, the catalogue
// editor for admins.
const EXPECTED: Record<Action, string> = {
  'account.read': 'CGAN',
  'account.billing': 'CGAN',
  'account.drafts': 'CGAN',
  'account.paymentPreference': 'CGAN',
  'orders.place': 'CGAN',
  'orders.readOwn': 'CGAN',
  'orders.correctOwnAnswers': 'CGAN',
  'orders.withdrawOwn': 'CGAN',
  'backoffice.items.read': 'GAN',
  'backoffice.items.work': 'GAN',
  'backoffice.items.finish': 'GAN',
  'backoffice.items.reference': 'GAN',
  'backoffice.items.close': 'GA',
  'backoffice.items.postpone': 'GA',
  'backoffice.items.delegate': 'GA',
  'backoffice.items.plan': 'GA',
  'backoffice.items.leads': 'GA',
  'backoffice.items.clientStatus': 'GA',
  'backoffice.items.attributes': 'GA',
  'backoffice.ownSettings': 'GAN',
  'agents.online': 'A',
  'backoffice.items.forceUnlock': 'GA',
  'backoffice.queue.pull': 'GA',
  'backoffice.payments.read': 'GAN',
  'backoffice.invoices.read': 'GAN',
  'backoffice.verifactu.read': 'A',
  'payments.confirmTransfer': 'GA',
  'orders.refund': 'GA',
  'mailbox.read': 'GA',
  'mailbox.retry': 'GA',
  'catalog.edit': 'A',
  'backoffice.workspace': 'GAN',
  'templates.read': 'GAN',
  'templates.edit': 'A',
  'orders.answerIncidence': 'CGAN',
  'orders.sendDocumentsOwn': 'CGAN',
  'cannedResponses.read': 'GAN',
  'cannedResponses.edit': 'A',
  'backoffice.orders.create': 'GA',
  'backoffice.personSearch': 'GA',
  'lookups.companyReports': 'GA',
  'orders.personSearchOwn': 'CGAN',
  'customers.read': 'GA',
  'customers.edit': 'GA',
  'customers.savedItems': 'GA',
  'customers.create': 'A',
  'customers.impersonate': 'A',
  'agents.manage': 'A',
  'configLists.read': 'GAN',
  'configLists.edit': 'A',
  'tickets.read': 'GA',
  'tickets.work': 'GA',
  'statistics.read': 'GA',
  'account.savedItems': 'CGAN',
  'account.profile': 'CGAN',
  'providerPayments.files.read': 'GA',
  'providerPayments.files.edit': 'A',
  'backoffice.assistant': 'GAN',
  'invoicing.portugal': 'A',
  'legalEntities.manage': 'A',
};
const LETTER: Record<Actor, string> = { customer: 'C', agent: 'G', admin: 'A', notary: 'N', anonymous: '-' };

describe('permission table', () => {
  it('names exactly the actions of the expected table', () => {
    expect([...ACTIONS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  const cases = ACTIONS.flatMap((action) =>
    ([...ROLES, 'anonymous'] as Actor[]).map(
      (actor) => [actor, action, EXPECTED[action].includes(LETTER[actor])] as const,
    ),
  );
  it.each(cases)('%s may %s: %s', (actor, action, allowed) => {
    expect(can(actor, action)).toBe(allowed);
  });

  it('anonymous visitors, unknown roles and missing users may do nothing', () => {
    for (const action of ACTIONS) {
      expect(can('anonymous', action)).toBe(false);
      expect(can('superuser', action)).toBe(false);
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action)).toBe(false);
    }
  });

  it('an unknown action is nobody’s, even an inherited property name', () => {
    for (const actor of ROLES) {
      expect(can(actor, 'orders.delete' as Action)).toBe(false);
      expect(can(actor, 'toString' as Action)).toBe(false);
    }
  });

  it('staff are the roles that see the back office', () => {
    expect(ROLES.filter(isStaff)).toEqual(['agent', 'admin', 'notary']);
    expect(isStaff('anonymous')).toBe(false);
  });

  it('every role in the table is a known role', () => {
    for (const roles of Object.values(PERMISSIONS)) for (const role of roles) expect(isRole(role)).toBe(true);
    expect(isRole('anonymous')).toBe(false);
    expect(isRole(3)).toBe(false);
  });
});

describe('permission areas (one file each under permissions/)', () => {
  it.each(ACTIONS)('%s is written by exactly one area', (action) => {
    const writers = Object.entries(PERMISSION_AREAS)
      .filter(([, table]) => Object.hasOwn(table, action))
      .map(([area]) => area);
    expect(writers).toEqual([permissionAreaOf(action)]);
  });

  it('the table is the areas put together, each action with its area’s roles', () => {
    const written = Object.values(PERMISSION_AREAS).flatMap((table) => Object.entries(table));
    expect(written).toHaveLength(ACTIONS.length);
    expect(Object.fromEntries(written)).toEqual(PERMISSIONS);
    expect(permissionAreaOf('orders.delete')).toBeUndefined();
    expect(permissionAreaOf('toString')).toBeUndefined();
  });

  it('areas writing distinct actions are put together', () => {
    const table = combinePermissionAreas({ one: { 'x.read': ['agent'] }, two: { 'x.edit': ['admin'] } });
    expect(table).toEqual({ 'x.read': ['agent'], 'x.edit': ['admin'] });
  });

  // A spread would let the later area replace the earlier one's roles without a word. The argument's type refuses a
  // duplicate (the @ts-expect-error below fails the typecheck if it ever compiles); the cast stands for anything that
  // gets past the type, and the build of the table throws.
  const duplicates: [string, Record<string, PermissionTable>, string][] = [
    [
      'two areas',
      { one: { 'x.read': ['admin'] }, two: { 'x.read': ['agent'] } },
      'x.read is written twice: in area one and in two',
    ],
    [
      'the third area',
      { one: { 'x.read': ['admin'] }, two: { 'x.edit': ['admin'] }, three: { 'x.edit': ['agent'], 'x.more': [] } },
      'x.edit is written twice: in area two and in three',
    ],
    [
      'a new area repeating a real action',
      { ...PERMISSION_AREAS, planted: { 'catalog.edit': ['agent'] } },
      'catalog.edit is written twice: in area catalog and in planted',
    ],
  ];
  it.each(duplicates)('an action written twice throws: %s', (_, areas, message) => {
    expect(() => combinePermissionAreas(areas as never)).toThrow(`permission ${message}`);
  });

  it('an action written twice does not compile', () => {
    expect(() =>
      // @ts-expect-error -- 'x.read' is in both areas: the argument must then name it in a `duplicated` property
      combinePermissionAreas({ one: { 'x.read': ['admin'] }, two: { 'x.read': ['agent'] } }),
    ).toThrow('permission x.read is written twice');
  });
});
