import type { FastifyInstance } from 'fastify';

/** Plays a browser (or the customer's phone, or an ATM) on the sandbox provider's hosted pages for other methods. */
export class SandboxMethodsBrowser {
  constructor(private readonly app: FastifyInstance) {}

  async open(url: string) {
    const res = await this.app.inject(url);
    return {
      status: res.statusCode,
      html: res.body,
      token: /name="token" value="([^"]+)"/.exec(res.body)?.[1],
      location: res.headers.location as string | undefined,
    };
  }

  async post(url: string, form: Record<string, string>) {
    const res = await this.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    return { status: res.statusCode, html: res.body, location: res.headers.location as string | undefined };
  }

  /** The ref of a hosted page address (/sandbox-pay/checkout/{ref}?lang=..). */
  static refOf(url: string): string {
    const ref = /\/sandbox-pay\/checkout\/([^/?]+)/.exec(url)?.[1];
    if (!ref) throw new Error(`not a sandbox page: ${url}`);
    return ref;
  }

  /** Submits the hosted page's main form (phone for Bizum / MB WAY). */
  async submitPhone(redirectUrl: string, phone: string) {
    const page = await this.open(redirectUrl);
    if (!page.token) throw new Error(`no form on ${redirectUrl}: ${page.status}`);
    return this.post(`/sandbox-pay/checkout/${SandboxMethodsBrowser.refOf(redirectUrl)}`, { token: page.token, phone });
  }

  async approvePaypal(redirectUrl: string) {
    const page = await this.open(redirectUrl);
    return this.post(`/sandbox-pay/checkout/${SandboxMethodsBrowser.refOf(redirectUrl)}/approve`, {
      token: page.token ?? '',
    });
  }

  async cancel(redirectUrl: string) {
    const page = await this.open(redirectUrl);
    return this.post(`/sandbox-pay/checkout/${SandboxMethodsBrowser.refOf(redirectUrl)}/cancel`, {
      token: page.token ?? '',
    });
  }

  async bizumCode(ref: string, code: string) {
    const page = await this.open(`/sandbox-pay/bizum/${ref}`);
    return this.post(`/sandbox-pay/bizum/${ref}`, { token: page.token ?? '', code });
  }

  /** In the MB WAY app of a phone: act on its first pending request. */
  async mbWayApp(phone: string, action: 'approve' | 'reject' | 'expire') {
    const page = await this.open(`/sandbox-pay/mbway?phone=${encodeURIComponent(phone)}`);
    const form =
      /action="(\/sandbox-pay\/mbway\/[^"?]+)[^"]*">\s*<input type="hidden" name="token" value="([^"]+)"/.exec(
        page.html,
      );
    if (!form) return { status: 404, html: page.html, location: undefined };
    return this.post(form[1]!, { token: form[2]!, action });
  }

  atm(form: { entity: string; reference: string; amount: string; action?: 'pay' | 'expire' }) {
    return this.post('/sandbox-pay/multibanco', { action: 'pay', ...form });
  }
}
