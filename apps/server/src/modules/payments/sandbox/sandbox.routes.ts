import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isLanguage, type Language } from '@ventanilla/domain';
import type { SandboxGateway, CardOutcome } from './sandbox-gateway.js';
import { cardPage, challengePage, gonePage, SANDBOX_CSS } from './sandbox-pages.js';

type Form = Record<string, string | undefined>;

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

    app.get('/sandbox-pay/assets/sandbox.css', async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SANDBOX_CSS));

    app.get<{ Params: { ref: string } }>('/sandbox-pay/checkout/:ref', { schema: { hide: true } }, async (request, reply) => {
      const language = languageOf(request.query);
      const row = await gateway.get(request.params.ref);
      if (!row) return html(reply, gonePage(language), 404);
      if (row.status === 'requires_action') return reply.redirect(`/sandbox-pay/3ds/${row.ref}?lang=${language}`);
      if (row.status !== 'requires_payment_method') return html(reply, gonePage(language), 409);
      return html(reply, cardPage(row, language, gateway.formToken(row.ref)));
    });

    app.post<{ Params: { ref: string }; Body: Form }>('/sandbox-pay/checkout/:ref', {
      schema: { hide: true }, config: { csrf: false },
    }, async (request, reply) => {
      const language = languageOf(request.query);
      const body = request.body ?? {};
      if (!gateway.checkFormToken(request.params.ref, body.token)) return html(reply, gonePage(language), 403);
      const form = { number: body.number ?? '', expiry: body.expiry ?? '', cvc: body.cvc ?? '', name: body.name ?? '' };
      const outcome = await gateway.submitCard(request.params.ref, form);
      if (outcome.kind === 'invalid') {
        const row = await gateway.get(request.params.ref);
        if (!row) return html(reply, gonePage(language), 404);
        return html(reply, cardPage(row, language, body.token ?? '', { errors: outcome.fields, values: { name: form.name, expiry: form.expiry } }), 422);
      }
      return follow(reply, outcome, language);
    });

    app.post<{ Params: { ref: string }; Body: Form }>('/sandbox-pay/checkout/:ref/cancel', {
      schema: { hide: true }, config: { csrf: false },
    }, async (request, reply) => {
      const language = languageOf(request.query);
      if (!gateway.checkFormToken(request.params.ref, request.body?.token)) return html(reply, gonePage(language), 403);
      return follow(reply, await gateway.cancel(request.params.ref), language);
    });

    app.get<{ Params: { ref: string } }>('/sandbox-pay/3ds/:ref', { schema: { hide: true } }, async (request, reply) => {
      const language = languageOf(request.query);
      const row = await gateway.get(request.params.ref);
      if (!row || row.status !== 'requires_action') return html(reply, gonePage(language), row ? 409 : 404);
      return html(reply, challengePage(row, language, gateway.formToken(row.ref)));
    });

    app.post<{ Params: { ref: string }; Body: Form }>('/sandbox-pay/3ds/:ref', {
      schema: { hide: true }, config: { csrf: false },
    }, async (request, reply) => {
      const language = languageOf(request.query);
      if (!gateway.checkFormToken(request.params.ref, request.body?.token)) return html(reply, gonePage(language), 403);
      return follow(reply, await gateway.submitChallenge(request.params.ref, request.body?.code ?? ''), language);
    });
  };
}
