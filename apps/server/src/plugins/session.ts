import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isImpersonationLive } from '@ventanilla/domain';
import { AppError } from '../shared/app-error.js';
import {
  createSession,
  deleteSession,
  DEVICE_COOKIE,
  findSession,
  finishImpersonation,
  type ImpersonationEnd,
  KNOWN_DEVICE_TTL_MS,
  REMEMBER_COOKIE,
  SESSION_TTL_MS,
  type SessionState,
  type SessionUser,
  setSessionStore,
  touchSession,
} from '../modules/customers/index.js';

export const SESSION_COOKIE = 'vt_sid';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Loads the session of the cookie, once per request; null when there is none. */
    loadSession(): Promise<SessionState | null>;
    /** The session, created (anonymous) when there is none yet. */
    ensureSession(): Promise<SessionState>;
    /**
     * Replaces the session by a fresh one for this user (no session fixation); returns it. With `impersonation` it is
     * an admin's "log in as the customer" session: it ends at `expiresAt` and takes nothing from the admin's session.
     */
    startUserSession(
      user: SessionUser,
      storeId: number,
      impersonation?: { id: number; adminId: number; adminEmail: string; expiresAt: Date },
    ): Promise<SessionState>;
    /** Ends the session (and records why, when it was an impersonation). */
    endSession(reason?: ImpersonationEnd): Promise<void>;
    sessionCache?: SessionState | null;
    /** A cookie token to set (string) or clear (null) when the reply is sent. */
    pendingSessionCookie?: string | null;
    /** The remember-me cookie to set (string) or clear (null) when the reply is sent (remember-me.service.ts). */
    pendingRememberCookie?: string | null;
    /** The known-device cookie to set when the reply is sent (known-devices.service.ts). */
    pendingDeviceCookie?: string;
  }
  interface FastifyContextConfig {
    /** false for routes that authenticate otherwise (signed notifications, the sandbox provider's own pages). */
    csrf?: boolean;
    /**
     * 'allowed': the route may change things during an admin's "log in as the customer" (ending it, signing out, or
     * signing in as someone else, which ends it too). Every other state-changing route of the app is refused then
     * (IMPERSONATION_READ_ONLY): impersonation only looks (no cart, uploads, contact messages, password, e-mail,
     * billing or payment changes, no orders placed in the customer's name). 'provider-page': a payment provider's own
     * page (the sandbox's, served here as a provider hosts it on its own domain): the shop's session is none of its
     * business, so the rule does not read it (a real provider never gets the shop's cookie).
     */
    impersonation?: 'allowed' | 'provider-page';
  }
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Database-backed sessions in an httpOnly SameSite=Lax cookie, with a per-session CSRF token. */
export default fp(
  async function sessionPlugin(app: FastifyInstance) {
    const { db, config } = app.ctx;
    const now = () => app.ctx.now();
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.cookieSecure,
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    };

    // Requests have no handle on their reply: the cookie to send is parked on the request and written in onSend.
    app.decorateRequest('pendingSessionCookie', undefined);
    app.decorateRequest('pendingRememberCookie', undefined);
    app.decorateRequest('pendingDeviceCookie', undefined);
    // Remember-me: only the API reads it, and SameSite=Strict keeps it off every cross-site request.
    const rememberOptions = {
      path: '/api/',
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: config.cookieSecure,
      maxAge: config.signIn.rememberDays * 24 * 60 * 60,
    };
    // Known device: read by the sign-in routes alone; it outlives sign-outs (it proves nothing but an earlier sign-in).
    const deviceOptions = {
      path: '/api/auth/',
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: config.cookieSecure,
      maxAge: Math.floor(KNOWN_DEVICE_TTL_MS / 1000),
    };
    // Callback hooks (no promise per request): most requests (the catalogue) have nothing to do here.
    app.addHook('onSend', (request, reply, payload, done) => {
      const pending = request.pendingSessionCookie;
      if (pending === null) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      else if (pending !== undefined) reply.setCookie(SESSION_COOKIE, pending, cookieOptions);
      const remember = request.pendingRememberCookie;
      if (remember === null) reply.clearCookie(REMEMBER_COOKIE, { path: '/api/' });
      else if (remember !== undefined) reply.setCookie(REMEMBER_COOKIE, remember, rememberOptions);
      if (request.pendingDeviceCookie !== undefined)
        reply.setCookie(DEVICE_COOKIE, request.pendingDeviceCookie, deviceOptions);
      done(null, payload);
    });

    /** Makes a freshly created session the request's session and queues its cookie. */
    function adopt(
      request: FastifyRequest,
      created: { token: string; idHash: string; csrfToken: string },
      storeId: number,
      user: SessionUser | null,
      impersonation: SessionState['impersonation'] = null,
    ): SessionState {
      request.pendingSessionCookie = created.token;
      request.sessionCache = {
        idHash: created.idHash,
        storeId,
        csrfToken: created.csrfToken,
        lastSeenAt: new Date(),
        user,
        impersonation,
      };
      return request.sessionCache;
    }

    app.decorateRequest('sessionCache', undefined);
    app.decorateRequest('loadSession', async function loadSession(this: FastifyRequest) {
      if (this.sessionCache !== undefined) return this.sessionCache;
      const token = this.cookies[SESSION_COOKIE];
      const state = token ? await findSession(db, token) : null;
      // An impersonation past its time limit (the app's clock) or already ended is no session: it is deleted, the
      // audit row says it expired, and the cookie goes. The admin signs in again.
      if (
        state?.impersonation &&
        !isImpersonationLive(state.impersonation.expiresAt, state.impersonation.endedAt, now())
      ) {
        await finishImpersonation(db, state.impersonation.id, 'expired', now());
        await deleteSession(db, state.idHash);
        this.pendingSessionCookie = null;
        this.sessionCache = null;
        return null;
      }
      if (state) await touchSession(db, state);
      this.sessionCache = state;
      return state;
    });
    app.decorateRequest('ensureSession', async function ensureSession(this: FastifyRequest) {
      const existing = await this.loadSession();
      if (existing) return existing;
      // No session: the store of ?store=, the host or the default.
      const storeId = this.store.id;
      return adopt(this, await createSession(db, { storeId }), storeId, null);
    });
    app.decorateRequest(
      'startUserSession',
      async function startUserSession(
        this: FastifyRequest,
        user: SessionUser,
        storeId: number,
        impersonation?: { id: number; adminId: number; adminEmail: string; expiresAt: Date },
      ) {
        const previous = await this.loadSession();
        if (impersonation) {
          // The session lasts no longer than the impersonation (also for the database's own expiry).
          const created = await createSession(db, {
            storeId,
            userId: user.id,
            impersonationId: impersonation.id,
            expiresAt: new Date(Date.now() + Math.max(0, impersonation.expiresAt.getTime() - now().getTime())),
          });
          if (previous) await deleteSession(db, previous.idHash);
          return adopt(this, created, storeId, user, { ...impersonation, endedAt: null });
        }
        if (previous?.impersonation) await finishImpersonation(db, previous.impersonation.id, 'replaced', now());
        const created = await createSession(db, { storeId, userId: user.id });
        if (previous && !previous.impersonation) {
          await app.ctx.carts.adoptSessionCart(previous.idHash, created.idHash, user.id);
          // Documents uploaded in the wizard follow the user too (the cart lines reference them).
          await app.ctx.uploads.adoptSessionUploads(db, previous.idHash, created.idHash, user.id);
          await deleteSession(db, previous.idHash);
        }
        // An impersonation's session is dropped, never handed on (its cart and uploads were the admin's doing).
        if (previous?.impersonation) await deleteSession(db, previous.idHash);
        return adopt(this, created, storeId, user);
      },
    );
    app.decorateRequest('endSession', async function endSession(this: FastifyRequest, reason?: ImpersonationEnd) {
      const state = await this.loadSession();
      if (state?.impersonation) await finishImpersonation(db, state.impersonation.id, reason ?? 'logout', now());
      if (state) await deleteSession(db, state.idHash);
      this.pendingSessionCookie = null;
      this.sessionCache = null;
    });

    // CSRF: state-changing requests must echo the session's token in a header (a cross-site form cannot set it).
    // onRequest: before the body is parsed or validated, so a forged request learns nothing else. Decided on the
    // matched route, never on the raw URL (`/%61pi/...` reaches `/api/...`): every state-changing route needs the
    // token unless it opts out (csrf: false); an unmatched request changes nothing and gets its 404.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!UNSAFE_METHODS.has(request.method) || request.is404 || request.routeOptions.config.csrf === false) {
        done();
        return;
      }
      const header = request.headers['x-csrf-token'];
      request.loadSession().then(
        (session) =>
          done(
            !session || typeof header !== 'string' || !sameToken(header, session.csrfToken)
              ? new AppError('CSRF_INVALID')
              : undefined,
          ),
        (err: Error) => done(err),
      );
    });

    // "Log in as the customer" is read-only by construction: one rule for every state-changing route of the app (the
    // customer side and the public routes a session uses: cart, uploads, contact form...), before the body is read.
    // Only the routes that declare `impersonation: 'allowed'` pass, and the payment provider's own pages
    // ('provider-page': not the shop's; test/api/impersonation-read-only.test.ts checks every registered route). A
    // request without a session cookie (a provider's notification) costs nothing here.
    app.addHook('onRequest', (request, _reply, done) => {
      if (
        !UNSAFE_METHODS.has(request.method) ||
        request.is404 ||
        request.routeOptions.config.impersonation === 'allowed' ||
        request.routeOptions.config.impersonation === 'provider-page' ||
        request.cookies[SESSION_COOKIE] === undefined
      ) {
        done();
        return;
      }
      request.loadSession().then(
        (session) =>
          done(
            session?.impersonation
              ? new AppError('IMPERSONATION_READ_ONLY', `${request.method} ${request.url} while impersonating`)
              : undefined,
          ),
        (err: Error) => done(err),
      );
    });

    app.decorate('rememberStore', async (request: FastifyRequest, storeId: number) => {
      const session = await request.ensureSession();
      if (session.storeId !== storeId) {
        await setSessionStore(db, session.idHash, storeId);
        session.storeId = storeId;
      }
    });
  },
  { name: 'session', dependencies: ['context'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    rememberStore(request: FastifyRequest, storeId: number): Promise<void>;
  }
}
