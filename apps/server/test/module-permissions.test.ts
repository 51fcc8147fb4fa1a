// A module lists the areas of the domain's permission table it contributes (ServerModule's `permissions`), as it
// lists its error codes (docs/architecture.md, "Permissions"): each area is one module's, and the protected group
// refuses a route whose action is in no listed area (test/api/route-permissions.test.ts plants one).
import { ACTIONS, PERMISSION_AREAS, type PermissionArea } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../src/app.js';
import { buildPermissionOwners, type PermissionContribution } from '../src/shared/permission-owners.js';

describe("the modules' permission areas", () => {
  const owners = buildPermissionOwners(MODULES);

  it('every area of the table is listed by a module of the app, so every action has its module', () => {
    const listed = MODULES.flatMap((module) => module.permissions ?? []);
    expect([...listed].sort()).toEqual(Object.keys(PERMISSION_AREAS).sort());
    expect(ACTIONS.filter((action) => !owners.has(action))).toEqual([]);
  });

  it.each([
    ['tickets.work', 'tickets'],
    ['backoffice.items.forceUnlock', 'backoffice'],
    ['backoffice.queue.pull', 'backoffice'],
    ['mailbox.retry', 'email'],
    ['orders.refund', 'orders'],
  ] as const)('%s is contributed by module %s', (action, module) => {
    expect(owners.get(action)).toBe(module);
  });

  const refused: [string, PermissionContribution[], string][] = [
    [
      'an area two modules list',
      [
        { name: 'tickets', permissions: ['tickets'] },
        { name: 'planted', permissions: ['statistics', 'tickets'] },
      ],
      'permission area tickets is listed twice: by module tickets and by module planted',
    ],
    [
      'an area one module lists twice',
      [{ name: 'planted', permissions: ['catalog', 'catalog'] }],
      'permission area catalog is listed twice: by module planted and by module planted',
    ],
    [
      'a name that is not an area',
      [{ name: 'planted', permissions: ['favourites' as PermissionArea] }],
      'module planted lists favourites, which is not a permission area',
    ],
    [
      'an inherited property name',
      [{ name: 'planted', permissions: ['toString' as PermissionArea] }],
      'module planted lists toString, which is not a permission area',
    ],
  ];
  it.each(refused)('%s stops the boot', (_, modules, message) => {
    expect(() => buildPermissionOwners(modules)).toThrow(message);
  });
});
