import { PERMISSION_AREAS, type Action, type PermissionArea } from '@ventanilla/domain';

/** What a module contributes to the permission table: its ServerModule's name and permission areas. */
export interface PermissionContribution {
  readonly name: string;
  readonly permissions?: readonly PermissionArea[];
}

/**
 * The actions of the areas the modules list, each with the module that lists its area (docs/architecture.md,
 * "Permissions"). Refuses, so that the app does not start: an area listed by two modules (or twice by one), and a name
 * that is not an area of the domain's table. The protected group then refuses a route whose action is not here.
 */
export function buildPermissionOwners(modules: readonly PermissionContribution[]): ReadonlyMap<Action, string> {
  const areaOwners = new Map<string, string>();
  const owners = new Map<Action, string>();
  for (const module of modules) {
    for (const area of module.permissions ?? []) {
      if (!Object.hasOwn(PERMISSION_AREAS, area))
        throw new Error(`module ${module.name} lists ${area}, which is not a permission area`);
      const other = areaOwners.get(area);
      if (other !== undefined)
        throw new Error(`permission area ${area} is listed twice: by module ${other} and by module ${module.name}`);
      areaOwners.set(area, module.name);
      for (const action of Object.keys(PERMISSION_AREAS[area]) as Action[]) owners.set(action, module.name);
    }
  }
  return owners;
}
