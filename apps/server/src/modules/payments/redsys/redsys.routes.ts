import type { FastifyPluginAsync } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { isLanguage, type Language } from '@ventanilla/domain';
import { payments } from '../../../db/schema.js';
import { html, type SafeHtml } from '../../../shared/html.js';
import { REDSYS_REDIRECT_PATH, type RedsysForm, type RedsysProvider } from './redsys.adapter.js';

const TEXT = {
  es: {
    title: 'Pago con tarjeta o Bizum',
    heading: 'Te llevamos a la pasarela de pago segura',
    body: 'El pago se hace en la página de Redsys, la pasarela de los bancos españoles: allí escribes la tarjeta o confirmas el Bizum. Si no se abre sola, pulsa el botón.',
    button: 'Continuar al pago',
    invalid: 'Este enlace de pago no es válido. Vuelve a la tienda e inténtalo de nuevo.',
  },
  en: {
    title: 'Card or Bizum payment',
    heading: 'Taking you to the secure payment page',
    body: 'You pay on the page of Redsys, the Spanish banks’ payment gateway: enter your card or confirm the Bizum there. If it does not open by itself, press the button.',
    button: 'Continue to payment',
    invalid: 'This payment link is not valid. Go back to the shop and try again.',
  },
  pt: {
    title: 'Pagamento com cartão ou Bizum',
    heading: 'Vamos levá-lo para a página de pagamento segura',
    body: 'O pagamento faz-se na página da Redsys, a plataforma dos bancos espanhóis: aí escreve o cartão ou confirma o Bizum. Se não abrir sozinha, carregue no botão.',
    button: 'Continuar para o pagamento',
    invalid: 'Esta ligação de pagamento não é válida. Volte à loja e tente de novo.',
  },
} as const;

/** The auto-submit script, served from our origin because the pages' CSP allows no inline script. */
const AUTOSUBMIT_JS = "var f=document.getElementById('redsys-form');if(f){HTMLFormElement.prototype.submit.call(f);}\n";

function page(language: Language, body: SafeHtml): string {
  const t = TEXT[language];
  return html`<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title} · Ventanilla</title></head>
<body><main>${body}</main></body></html>`.value;
}

/** The form the browser posts to Redsys: only hidden signed fields and a visible button (works without script). */
export function redsysFormPage(language: Language, action: string, form: RedsysForm): string {
  const t = TEXT[language];
  const hidden = (name: keyof RedsysForm) => html`<input type="hidden" name="${name}" value="${form[name]}">`;
  return page(
    language,
    html`<h1>${t.heading}</h1>
<p>${t.body}</p>
<form id="redsys-form" method="post" action="${action}">
${hidden('Ds_SignatureVersion')}
${hidden('Ds_MerchantParameters')}
${hidden('Ds_Signature')}
<button type="submit">${t.button}</button>
</form>
<script src="${REDSYS_REDIRECT_PATH}.js"></script>`,
  );
}

/**
 * Serves the page that takes the customer to Redsys: it renders only forms signed with our key (so it cannot be
 * turned into a way to post arbitrary data), and sends an already-paid payment to the success page instead.
 */
export function redsysPagesPlugin(provider: RedsysProvider): FastifyPluginAsync {
  return async (app) => {
    const origin = new URL(provider.formUrl).origin;
    const csp = `default-src 'none'; script-src 'self'; form-action ${origin}; frame-ancestors 'none'; base-uri 'none'`;

    app.get(`${REDSYS_REDIRECT_PATH}.js`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(AUTOSUBMIT_JS),
    );

    app.get<{ Querystring: Record<string, string | undefined> }>(
      REDSYS_REDIRECT_PATH,
      { schema: { hide: true } },
      async (request, reply) => {
        const q = request.query;
        const language: Language = isLanguage(q.lang) ? q.lang : 'es';
        reply
          .header('content-security-policy', csp)
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer');
        const signed = provider.readSignedForm(q.v, q.p, q.s);
        if (!signed) {
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(page(language, html`<h1>${TEXT[language].invalid}</h1>`));
        }
        const order = signed.params.DS_MERCHANT_ORDER!;
        const [payment] = await app.ctx.db
          .select({ status: payments.status })
          .from(payments)
          .where(and(eq(payments.provider, provider.code), eq(payments.providerRef, order)));
        const success = signed.params.DS_MERCHANT_URLOK;
        if (payment?.status === 'captured' && success) return reply.code(303).redirect(success);
        return reply.type('text/html; charset=utf-8').send(redsysFormPage(language, provider.formUrl, signed.form));
      },
    );
  };
}
