import { can, permissionAreaOf, type Action } from '@ventanilla/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../shared/session-types.js';
import { AppError } from '../shared/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission-table action the route performs; every route of the protected group declares one. */
    permission?: Action;
  }
  interface FastifyInstance {
    /** `METHOD url` of every route registered inside a protected group (see routeProtection). */
    protectedRouteKeys: Set<string>;
  }
}

/** Paths that belong to signed-in accounts or staff: a route under them outside the protected group stops the boot. */
const PROTECTED_PATHS = [/^\/api\/me(\/|$)/, /^\/api\/backoffice(\/|$)/];

const routeKey = (method: string | string[], url: string) => `${[method].flat().join(',')} ${url}`;

/**
 * Root plugin, registered before any route: checks when the app is ready that every `/api/me...` and
 * `/api/backoffice...` route was registered inside a protected group, so a new one cannot be left open by mistake.
 */
export const routeProtection = fp(
  async function routeProtection(app: FastifyInstance) {
    app.decorate('protectedRouteKeys', new Set<string>());
    const sensitive: string[] = [];
    app.addHook('onRoute', (route) => {
      if (PROTECTED_PATHS.some((path) => path.test(route.url))) sensitive.push(routeKey(route.method, route.url));
    });
    app.addHook('onReady', async () => {
      const open = sensitive.filter((key) => !app.protectedRouteKeys.has(key));
      if (open.length > 0) throw new Error(`routes outside the protected group: ${open.join('; ')}`);
    });
  },
  { name: 'route-protection' },
);

export interface ProtectedRoutesOptions {
  /** The route plugins of signed-in accounts and staff; each of their routes declares `config.permission`. */
  routes: readonly FastifyPluginAsyncTypebox[];
  /** The actions the modules contribute, each with its module (buildPermissionOwners). */
  actionOwners: ReadonlyMap<Action, string>;
}

/**
 * The protected group: an encapsulated context whose every route authenticates and checks its declared permission
 * (the domain's permission table) in onRequest, before the body is parsed or validated: anonymous callers get 401 and
 * roles without the permission 403, never a schema message. A route that declares no permission, or an action in no
 * module's permission area (ServerModule's `permissions`), stops the boot. (While an admin impersonates a customer,
 * state-changing routes are refused earlier, by the session plugin, for every route.)
 */
export const protectedRoutes: FastifyPluginAsyncTypebox<ProtectedRoutesOptions> = async (
  app,
  { routes, actionOwners },
) => {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission) {
      throw new Error(`${routeKey(route.method, route.url)}: a protected route must declare config.permission`);
    }
    if (!actionOwners.has(permission)) {
      const area = permissionAreaOf(permission);
      throw new Error(
        `${routeKey(route.method, route.url)}: its action ${permission} is ${area ? `in area ${area}, which no module lists in its ServerModule's permissions` : 'not in the permission table'}`,
      );
    }
    app.protectedRouteKeys.add(routeKey(route.method, route.url));
  });
  app.addHook('onRequest', async (request) => {
    const { permission } = request.routeOptions.config;
    const session = await request.loadSession();
    const user = session?.user;
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!permission || !can(user.role, permission)) {
      throw new AppError('FORBIDDEN', `role ${user.role} may not ${permission ?? '(no permission declared)'}`);
    }
  });
  for (const plugin of routes) await app.register(plugin);
};

/** The signed-in user of a request inside the protected group (its onRequest hook has checked it). */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = request.sessionCache?.user;
  if (!user) throw new Error(`signedInUser() on ${request.method} ${request.url}, a route outside the protected group`);
  return user;
}
