import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A browser with a whole cookie jar (the session cookie and the remember-me one, by name; paths are not modelled:
 * every cookie here is for /api/...), sending the CSRF token of its session on state-changing requests.
 */
export class CookieBrowser {
  readonly jar = new Map<string, string>();
  csrf: string | undefined;
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '10.9.0.1',
  ) {}

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {
      'user-agent': this.userAgent,
      ...(options.headers as Record<string, string> | undefined),
    };
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const method = (options.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && options.csrf !== false && this.csrf) headers['x-csrf-token'] = this.csrf;
    const { csrf: _csrf, ...rest } = options;
    const res = await this.app.inject({ ...rest, headers, remoteAddress: this.ip });
    for (const c of res.cookies) {
      const expired =
        c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires && c.expires.getTime() < Date.now());
      if (expired) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: unknown, options: { csrf?: boolean } = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...options });
  }

  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }

  /** GET /api/session: keeps the CSRF token and returns the body. */
  async session(): Promise<{
    user: { id: number; email: string; role: string } | null;
    remembered: boolean;
    csrf_token: string;
  }> {
    const res = await this.get('/api/session');
    const body = res.json();
    this.csrf = body.csrf_token;
    return body;
  }

  async login(email: string, password: string, remember = false): Promise<LightMyRequestResponse> {
    await this.session();
    const res = await this.post('/api/auth/login', { email, password, remember });
    await this.session();
    return res;
  }
}
