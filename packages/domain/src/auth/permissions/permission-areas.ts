import type { Role } from './roles.js';

/** One area's actions and the roles that may do each. */
export type PermissionTable = Readonly<Record<string, readonly Role[]>>;

/** Areas by name, each with its table. */
type AreaTables = Readonly<Record<string, PermissionTable>>;

/** The actions written in more than one area of `T` (never when each is written once). */
export type DuplicateActions<T extends AreaTables> = {
  [K in keyof T]: keyof T[K] & { [J in Exclude<keyof T, K>]: keyof T[J] }[Exclude<keyof T, K>];
}[keyof T];

/** The areas' tables as one: each action with the roles of the area that writes it. */
export type CombinedPermissions<T extends AreaTables> = {
  readonly [A in { [K in keyof T]: keyof T[K] & string }[keyof T]]: {
    [K in keyof T]: A extends keyof T[K] ? T[K][A] : never;
  }[keyof T];
};

/**
 * Puts the areas' tables into one (docs/architecture.md, "Permissions"). A spread would let a later area silently
 * replace an action another already wrote, so an action written twice does not compile (the argument's type then asks
 * for a `duplicated` property naming the actions) and, should a cast get past that, throws when the table is built.
 */
export function combinePermissionAreas<const T extends AreaTables>(
  areas: T & ([DuplicateActions<T>] extends [never] ? unknown : { duplicated: DuplicateActions<T> }),
): CombinedPermissions<T> {
  const combined: Record<string, readonly Role[]> = {};
  const owners = new Map<string, string>();
  for (const [area, table] of Object.entries(areas as AreaTables)) {
    for (const [action, roles] of Object.entries(table)) {
      const other = owners.get(action);
      if (other !== undefined)
        throw new Error(`permission ${action} is written twice: in area ${other} and in ${area}`);
      owners.set(action, area);
      combined[action] = roles;
    }
  }
  return combined as CombinedPermissions<T>;
}
