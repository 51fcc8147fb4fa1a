// A form route's call of the shop's own API (docs/decisions/0027-forms-without-javascript.md): the same request the
// browser's app would make (its cookie, host and language, the session's CSRF token), answered by the same route,
// so the forms add no rule of their own. Cookies the API sets (a new session, a sign-in) are passed on to the form's
// reply and to the next call of the same request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/session.js';

const FORWARDED = ['host', 'accept-language', 'user-agent', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'];

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** An API error's message and its field messages (`{ code, message, fields }`). */
export interface ApiProblem {
  message: string;
  fields: Array<{ field: string; message: string }>;
}

export function problemOf(answer: ApiAnswer): ApiProblem {
  const body = (answer.body ?? {}) as { message?: unknown; fields?: unknown };
  const fields = Array.isArray(body.fields)
    ? (body.fields as Array<{ field?: unknown; message?: unknown }>).flatMap((f) =>
        typeof f.field === 'string' && typeof f.message === 'string' ? [{ field: f.field, message: f.message }] : [],
      )
    : [];
  return { message: typeof body.message === 'string' ? body.message : '', fields };
}

/** The API as one form request sees it: calls share the cookies the API set along the way. */
export class ApiCaller {
  private readonly cookies = new Map<string, string>();
  private readonly pending: string[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly request: FastifyRequest,
    private readonly storeId: number,
  ) {
    for (const [name, value] of Object.entries(request.cookies)) if (value !== undefined) this.cookies.set(name, value);
  }

  /** The session cookie the next call sends (a new one once the API made one). */
  get sessionCookie(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  async call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    options: { body?: unknown; csrfToken?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    for (const name of FORWARDED) {
      const value = this.request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // A session this request opened itself (the wizard's first answer) goes with the calls after it.
    const opened = this.request.pendingSessionCookie;
    if (typeof opened === 'string') this.cookies.set(SESSION_COOKIE, opened);
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    if (cookie) headers.cookie = cookie;
    if (options.csrfToken) headers['x-csrf-token'] = options.csrfToken;
    // The store the form is for, as the browser's app names it (?store=): the API answers in its language.
    const url = `${path}${path.includes('?') ? '&' : '?'}store=${this.storeId}`;
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
      // The API's session cookie replaces one this request was about to set itself.
      if (c.name === SESSION_COOKIE) this.request.pendingSessionCookie = undefined;
    }
    const raw = res.headers['set-cookie'];
    this.pending.push(...(Array.isArray(raw) ? raw : raw ? [raw] : []));
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      body = null;
    }
    return { status: res.statusCode, body };
  }

  /** Passes the cookies the API set on to the browser with the form's reply. */
  forwardCookies(reply: FastifyReply): void {
    if (this.pending.length > 0) reply.header('set-cookie', [...this.pending]);
  }
}
