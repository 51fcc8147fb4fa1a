import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isLanguage, parseMoney, type Language } from '@ventanilla/domain';
import type { SandboxGateway, CardOutcome, DeviceOutcome } from './sandbox-gateway.js';
import {
  atmPage,
  bizumCodePage,
  deviceResultPage,
  mbWayAppPage,
  paypalPage,
  phonePage,
  voucherPage,
} from './sandbox-method-pages.js';
import { cardPage, challengePage, gonePage, SANDBOX_CSS } from './sandbox-pages.js';
import type { CardField } from './test-cards.js';

type Form = Record<string, string | undefined>;

/**
 * The provider's own forms: no CSRF token, and not the shop's session either (a real provider, on its own domain, never
 * gets the shop's cookie; the impersonation rule reads none here).
 */
const PROVIDER_PAGE = { csrf: false, impersonation: 'provider-page' } as const;

/**
 * The sandbox provider's hosted pages, served under /sandbox-pay as a provider would host them on its own domain.
 * Card data is posted here and never reaches the shop's /api. Pages are server-rendered, without scripts.
 */
export function sandboxPagesPlugin(gateway: SandboxGateway): FastifyPluginAsync {
  return async (app) => {
    await app.register(import('@fastify/formbody'), { bodyLimit: 16 * 1024 });

    const languageOf = (query: unknown, fallback: Language = 'es'): Language => {
      const lang = (query as Record<string, unknown>).lang;
      return isLanguage(lang) ? lang : fallback;
    };

    const html = (reply: FastifyReply, body: string, code = 200) =>
      reply.code(code).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

    const follow = (reply: FastifyReply, outcome: CardOutcome, language: Language) => {
      if (outcome.kind === 'redirect') {
        const target = outcome.url.startsWith('/sandbox-pay/') ? `${outcome.url}?lang=${language}` : outcome.url;
        return reply.code(303).redirect(target);
      }
      return html(reply, gonePage(language), 409);
    };

    /** The ATM and the phone app report on their own screens (the customer's shop tab learns it by polling). */
    const device = (
      reply: FastifyReply,
      outcome: DeviceOutcome,
      language: Language,
      back: string,
      retry: () => string,
    ) => {
      if (outcome.kind === 'done') return html(reply, deviceResultPage(language, outcome.status, outcome.row, back));
      return html(reply, retry(), outcome.kind === 'unknown' ? 404 : 409);
    };

    // A page asset like the pages it styles, not an API operation.
    app.get('/sandbox-pay/assets/sandbox.css', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SANDBOX_CSS),
    );

    app.get<{ Params: { ref: string } }>(
      '/sandbox-pay/checkout/:ref',
      { schema: { hide: true } },
      async (request, reply) => {
        const language = languageOf(request.query);
        const row = await gateway.get(request.params.ref);
        if (!row) return html(reply, gonePage(language), 404);
        if (row.mbReference) return html(reply, voucherPage(row, language));
        if (row.status === 'requires_action')
          return reply.redirect(`/sandbox-pay/${row.method === 'bizum' ? 'bizum' : '3ds'}/${row.ref}?lang=${language}`);
        if (row.status !== 'requires_payment_method') return html(reply, gonePage(language), 409);
        const token = gateway.formToken(row.ref);
        if (row.method === 'paypal') return html(reply, paypalPage(row, language, token));
        if (row.method === 'bizum' || row.method === 'sibsmbway') return html(reply, phonePage(row, language, token));
        gateway.rememberShown(row);
        return html(reply, cardPage(row, language, token));
      },
    );

    app.post<{ Params: { ref: string }; Body: Form }>(
      '/sandbox-pay/checkout/:ref',
      {
        schema: { hide: true },
        config: PROVIDER_PAGE,
      },
      async (request, reply) => {
        const language = languageOf(request.query);
        const body = request.body ?? {};
        if (!gateway.checkFormToken(request.params.ref, body.token)) return html(reply, gonePage(language), 403);
        const form = {
          number: body.number ?? '',
          expiry: body.expiry ?? '',
          cvc: body.cvc ?? '',
          name: body.name ?? '',
        };
        // The session as this instance's page showed it, if still so: paid in one statement.
        const paid = await gateway.payShownCard(request.params.ref, form);
        if (paid) return follow(reply, paid, language);
        const session = await gateway.get(request.params.ref);
        if (session?.method === 'bizum' || session?.method === 'sibsmbway') {
          const phone = body.phone ?? '';
          const outcome =
            session.method === 'bizum'
              ? await gateway.submitBizumPhone(session.ref, phone)
              : await gateway.submitMbWayPhone(session.ref, phone);
          if (outcome.kind === 'invalid')
            return html(reply, phonePage(session, language, body.token ?? '', { value: phone, error: true }), 422);
          return follow(reply, outcome, language);
        }
        const outcome = await gateway.submitCard(request.params.ref, form, new Date(), session);
        if (outcome.kind === 'invalid') {
          const row = await gateway.get(request.params.ref);
          if (!row) return html(reply, gonePage(language), 404);
          return html(
            reply,
            cardPage(row, language, body.token ?? '', {
              errors: outcome.fields.filter((f): f is CardField => f !== 'phone' && f !== 'code'),
              values: { name: form.name, expiry: form.expiry },
            }),
            422,
          );
        }
        return follow(reply, outcome, language);
      },
    );

    app.post<{ Params: { ref: string }; Body: Form }>(
      '/sandbox-pay/checkout/:ref/cancel',
      {
        schema: { hide: true },
        config: PROVIDER_PAGE,
      },
      async (request, reply) => {
        const language = languageOf(request.query);
        if (!gateway.checkFormToken(request.params.ref, request.body?.token))
          return html(reply, gonePage(language), 403);
        return follow(reply, await gateway.cancel(request.params.ref), language);
      },
    );

    app.post<{ Params: { ref: string }; Body: Form }>(
      '/sandbox-pay/checkout/:ref/approve',
      {
        schema: { hide: true },
        config: PROVIDER_PAGE,
      },
      async (request, reply) => {
        const language = languageOf(request.query);
        if (!gateway.checkFormToken(request.params.ref, request.body?.token))
          return html(reply, gonePage(language), 403);
        return follow(reply, await gateway.approveWallet(request.params.ref), language);
      },
    );

    app.get<{ Params: { ref: string } }>(
      '/sandbox-pay/bizum/:ref',
      { schema: { hide: true } },
      async (request, reply) => {
        const language = languageOf(request.query);
        const row = await gateway.get(request.params.ref);
        if (!row || row.method !== 'bizum' || row.status !== 'requires_action')
          return html(reply, gonePage(language), row ? 409 : 404);
        return html(reply, bizumCodePage(row, language, gateway.formToken(row.ref)));
      },
    );

    app.post<{ Params: { ref: string }; Body: Form }>(
      '/sandbox-pay/bizum/:ref',
      {
        schema: { hide: true },
        config: PROVIDER_PAGE,
      },
      async (request, reply) => {
        const language = languageOf(request.query);
        const token = request.body?.token;
        if (!gateway.checkFormToken(request.params.ref, token)) return html(reply, gonePage(language), 403);
        const outcome = await gateway.submitBizumCode(request.params.ref, request.body?.code ?? '');
        if (outcome.kind === 'invalid') {
          const row = await gateway.get(request.params.ref);
          if (!row) return html(reply, gonePage(language), 404);
          return html(reply, bizumCodePage(row, language, token ?? '', { error: true }), 422);
        }
        return follow(reply, outcome, language);
      },
    );

    // The customer's phone with the MB WAY app (a simulator: it lists the pending requests of a number).
    app.get<{ Querystring: { phone?: string } }>(
      '/sandbox-pay/mbway',
      { schema: { hide: true } },
      async (request, reply) => {
        const language = languageOf(request.query, 'pt');
        const phone = typeof request.query.phone === 'string' ? request.query.phone.slice(0, 40) : '';
        const requests = phone ? await gateway.mbWayRequests(phone) : [];
        return html(
          reply,
          mbWayAppPage(language, phone, requests, (ref) => gateway.formToken(ref)),
        );
      },
    );

    app.post<{ Params: { ref: string }; Body: Form }>(
      '/sandbox-pay/mbway/:ref',
      {
        schema: { hide: true },
        config: PROVIDER_PAGE,
      },
      async (request, reply) => {
        const language = languageOf(request.query, 'pt');
        if (!gateway.checkFormToken(request.params.ref, request.body?.token))
          return html(reply, gonePage(language), 403);
        const action =
          request.body?.action === 'reject' ? 'reject' : request.body?.action === 'expire' ? 'expire' : 'approve';
        const outcome = await gateway.resolveMbWay(request.params.ref, action);
        const row = await gateway.get(request.params.ref);
        const back = `/sandbox-pay/mbway?lang=${language}&phone=${encodeURIComponent(row?.phone ?? '')}`;
        return device(reply, outcome, language, back, () => gonePage(language));
      },
    );

    // A Multibanco ATM (a simulator): pays a pending reference, or lets it expire.
    app.get('/sandbox-pay/multibanco', { schema: { hide: true } }, async (request, reply) =>
      html(reply, atmPage(languageOf(request.query, 'pt'))),
    );

    app.post<{ Body: Form }>(
      '/sandbox-pay/multibanco',
      { schema: { hide: true }, config: PROVIDER_PAGE },
      async (request, reply) => {
        const language = languageOf(request.query, 'pt');
        const values = {
          entity: request.body?.entity ?? '',
          reference: request.body?.reference ?? '',
          amount: request.body?.amount ?? '',
        };
        const typed = values.amount.replace(',', '.').replace(/[€\s]/g, '');
        const amount = parseMoney(typed);
        if (
          !/^\d{5}$/.test(values.entity.trim()) ||
          !/^\d{9}$/.test(values.reference.replace(/\s/g, '')) ||
          amount === null ||
          amount <= 0
        ) {
          return html(reply, atmPage(language, { values, error: 'format' }), 422);
        }
        const action = request.body?.action === 'expire' ? 'expire' : 'pay';
        const outcome = await gateway.atm(values.entity, values.reference, amount, action);
        const error = outcome.kind === 'done' ? undefined : outcome.kind;
        return device(reply, outcome, language, `/sandbox-pay/multibanco?lang=${language}`, () =>
          atmPage(language, { values, ...(error ? { error } : {}) }),
        );
      },
    );

    app.get<{ Params: { ref: string } }>(
      '/sandbox-pay/3ds/:ref',
      { schema: { hide: true } },
      async (request, reply) => {
        const language = languageOf(request.query);
        const row = await gateway.get(request.params.ref);
        if (!row || row.status !== 'requires_action') return html(reply, gonePage(language), row ? 409 : 404);
        return html(reply, challengePage(row, language, gateway.formToken(row.ref)));
      },
    );

    app.post<{ Params: { ref: string }; Body: Form }>(
      '/sandbox-pay/3ds/:ref',
      {
        schema: { hide: true },
        config: PROVIDER_PAGE,
      },
      async (request, reply) => {
        const language = languageOf(request.query);
        if (!gateway.checkFormToken(request.params.ref, request.body?.token))
          return html(reply, gonePage(language), 403);
        return follow(reply, await gateway.submitChallenge(request.params.ref, request.body?.code ?? ''), language);
      },
    );
  };
}
