import { formatMoney, type Language } from '@ventanilla/domain';
import { html, type SafeHtml } from '../../../shared/html.js';
import type { SandboxRow } from './sandbox-gateway.js';
import { CHALLENGE_CODE, TEST_CARDS, type CardField } from './test-cards.js';

const TEXT = {
  es: {
    brand: 'Ventanilla Pay',
    sandbox: 'Entorno de pruebas: no se cobra nada',
    payTo: 'Pago a Ventanilla',
    amount: 'Importe',
    name: 'Titular de la tarjeta',
    number: 'Número de tarjeta',
    expiry: 'Caducidad (MM/AA)',
    expiryPlaceholder: 'MM/AA',
    cvc: 'Código de seguridad (CVC)',
    pay: 'Pagar',
    cancel: 'Cancelar y volver a la tienda',
    problem: 'Hay un problema',
    err_number: 'Escribe un número de tarjeta válido',
    err_expiry: 'Escribe una fecha de caducidad válida y no vencida (MM/AA)',
    err_cvc: 'Escribe los 3 o 4 dígitos del código de seguridad',
    err_name: 'Escribe el nombre del titular',
    testCards: 'Tarjetas de prueba',
    card: 'Tarjeta',
    behaviour: 'Resultado',
    success: 'Pago aceptado',
    '3ds_frictionless': '3-D Secure sin desafío, aceptado',
    '3ds_challenge': '3-D Secure con desafío (código 123456)',
    declined: 'Tarjeta rechazada',
    insufficient_funds: 'Fondos insuficientes',
    challengeTitle: 'Verificación 3-D Secure',
    challengeText: 'Tu banco te pide confirmar este pago. Escribe el código que te ha enviado.',
    challengeHint: `Código de prueba: ${CHALLENGE_CODE}. Cualquier otro código hace fallar la autenticación.`,
    code: 'Código de verificación',
    confirm: 'Confirmar',
    gone: 'Este pago ya no admite cambios.',
    back: 'Volver a la tienda',
  },
  en: {
    brand: 'Ventanilla Pay',
    sandbox: 'Test environment: nothing is charged',
    payTo: 'Payment to Ventanilla',
    amount: 'Amount',
    name: 'Cardholder name',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    cvc: 'Security code (CVC)',
    pay: 'Pay',
    cancel: 'Cancel and return to the shop',
    problem: 'There is a problem',
    err_number: 'Enter a valid card number',
    err_expiry: 'Enter a valid expiry date that has not passed (MM/YY)',
    err_cvc: 'Enter the 3 or 4 digits of the security code',
    err_name: 'Enter the cardholder name',
    testCards: 'Test cards',
    card: 'Card',
    behaviour: 'Result',
    success: 'Payment approved',
    '3ds_frictionless': '3-D Secure frictionless, approved',
    '3ds_challenge': '3-D Secure challenge (code 123456)',
    declined: 'Card declined',
    insufficient_funds: 'Insufficient funds',
    challengeTitle: '3-D Secure verification',
    challengeText: 'Your bank asks you to confirm this payment. Enter the code it sent you.',
    challengeHint: `Test code: ${CHALLENGE_CODE}. Any other code fails the authentication.`,
    code: 'Verification code',
    confirm: 'Confirm',
    gone: 'This payment can no longer be changed.',
    back: 'Back to the shop',
  },
  pt: {
    brand: 'Ventanilla Pay',
    sandbox: 'Ambiente de testes: nada é cobrado',
    payTo: 'Pagamento a Ventanilla',
    amount: 'Montante',
    name: 'Titular do cartão',
    number: 'Número do cartão',
    expiry: 'Validade (MM/AA)',
    expiryPlaceholder: 'MM/AA',
    cvc: 'Código de segurança (CVC)',
    pay: 'Pagar',
    cancel: 'Cancelar e voltar à loja',
    problem: 'Há um problema',
    err_number: 'Escreva um número de cartão válido',
    err_expiry: 'Escreva uma data de validade válida e não expirada (MM/AA)',
    err_cvc: 'Escreva os 3 ou 4 dígitos do código de segurança',
    err_name: 'Escreva o nome do titular',
    testCards: 'Cartões de teste',
    card: 'Cartão',
    behaviour: 'Resultado',
    success: 'Pagamento aceite',
    '3ds_frictionless': '3-D Secure sem desafio, aceite',
    '3ds_challenge': '3-D Secure com desafio (código 123456)',
    declined: 'Cartão recusado',
    insufficient_funds: 'Saldo insuficiente',
    challengeTitle: 'Verificação 3-D Secure',
    challengeText: 'O seu banco pede-lhe que confirme este pagamento. Escreva o código que lhe enviou.',
    challengeHint: `Código de teste: ${CHALLENGE_CODE}. Qualquer outro código faz falhar a autenticação.`,
    code: 'Código de verificação',
    confirm: 'Confirmar',
    gone: 'Este pagamento já não pode ser alterado.',
    back: 'Voltar à loja',
  },
} as const;

type Texts = Record<keyof (typeof TEXT)['es'], string>;

/** The provider's page frame (its own brand, the test-environment badge, its stylesheet). */
export function page(language: Language, title: string, body: SafeHtml): string {
  const t = TEXT[language];
  return html`<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${t.brand}</title>
<link rel="stylesheet" href="/sandbox-pay/assets/sandbox.css"></head>
<body><header class="bar"><span class="logo">${t.brand}</span><span class="badge">${t.sandbox}</span></header>
<main id="main" class="card">${body}</main></body></html>`.value;
}

/** Who is paid, for what, and how much. */
export function summary(language: Language, row: SandboxRow, heading = false): SafeHtml {
  const t = TEXT[language];
  // The seller's legal name when the shop sent it (docs/legal-entities.md), else the shop's brand.
  const payTo = row.merchantName ? t.payTo.replace(/Ventanilla$/, row.merchantName) : t.payTo;
  const merchant = heading ? html`<h1 class="merchant">${payTo}</h1>` : html`<p class="merchant">${payTo}</p>`;
  return html`${merchant}<p class="desc">${row.description}</p>
<p class="amount"><span>${t.amount}</span> <strong>${formatMoney(row.amount, language)}</strong></p>`;
}

/** The provider's "cancel and return to the shop" button. */
export function cancelForm(language: Language, row: SandboxRow, token: string): SafeHtml {
  const t = TEXT[language];
  return html`<form method="post" action="/sandbox-pay/checkout/${row.ref}/cancel" class="cancel">
<input type="hidden" name="token" value="${token}"><button type="submit" class="link">${t.cancel}</button></form>`;
}

export interface CardPageState {
  values?: { name?: string; expiry?: string };
  errors?: CardField[];
}

/** The hosted card page. Card numbers are posted here, to the provider, never to the shop's API. */
export function cardPage(row: SandboxRow, language: Language, token: string, state: CardPageState = {}): string {
  const t = TEXT[language];
  const errors = state.errors ?? [];
  const message: Record<CardField, string> = {
    number: t.err_number,
    expiry: t.err_expiry,
    cvc: t.err_cvc,
    name: t.err_name,
  };
  const field = (id: CardField, label: string, attrs: SafeHtml, value = '') => {
    const error = errors.includes(id);
    return html`<div class="field${error ? ' has-error' : ''}"><label for="${id}">${label}</label>
${error ? html`<p class="error" id="${id}-error">${message[id]}</p>` : ''}
<input id="${id}" name="${id}" ${attrs} value="${value}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}></div>`;
  };
  const errorSummary = errors.length
    ? html`<div class="summary" role="alert" tabindex="-1"><h2>${t.problem}</h2><ul>${errors.map(
        (e) => html`<li><a href="#${e}">${message[e]}</a></li>`,
      )}</ul></div>`
    : '';
  const cards = TEST_CARDS.map(
    (c) =>
      html`<tr><td><code>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${t[c.label as keyof Texts]}</td></tr>`,
  );
  return page(
    language,
    (errors.length ? 'Error: ' : '') + t.pay,
    html`${errorSummary}${summary(language, row, true)}
<form method="post" action="/sandbox-pay/checkout/${row.ref}" novalidate>
<input type="hidden" name="token" value="${token}">
${field('name', t.name, html`autocomplete="cc-name" required`, state.values?.name)}
${field('number', t.number, html`inputmode="numeric" autocomplete="cc-number" required`)}
<div class="row">${field('expiry', t.expiry, html`autocomplete="cc-exp" placeholder="${t.expiryPlaceholder}" required`, state.values?.expiry)}
${field('cvc', t.cvc, html`inputmode="numeric" autocomplete="cc-csc" required`)}</div>
<button type="submit" class="primary">${t.pay} ${formatMoney(row.amount, language)}</button></form>
${cancelForm(language, row, token)}
<section class="tests"><h2>${t.testCards}</h2><table><thead><tr><th scope="col">${t.card}</th><th scope="col">${t.behaviour}</th></tr></thead><tbody>${cards}</tbody></table></section>`,
  );
}

/** The 3-D Secure challenge page, as the card issuer would show it. */
export function challengePage(row: SandboxRow, language: Language, token: string): string {
  const t = TEXT[language];
  return page(
    language,
    t.challengeTitle,
    html`<h1>${t.challengeTitle}</h1>${summary(language, row)}<p>${t.challengeText}</p><p class="hint">${t.challengeHint}</p>
<form method="post" action="/sandbox-pay/3ds/${row.ref}" novalidate><input type="hidden" name="token" value="${token}">
<div class="field"><label for="code">${t.code}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required></div>
<button type="submit" class="primary">${t.confirm}</button></form>${cancelForm(language, row, token)}`,
  );
}

export function gonePage(language: Language): string {
  const t = TEXT[language];
  return page(language, t.gone, html`<h1>${t.gone}</h1><p><a href="/">${t.back}</a></p>`);
}

export const SANDBOX_CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f6;color:#1b1f24}
.bar{display:flex;gap:1rem;align-items:center;justify-content:space-between;padding:.75rem 1.25rem;background:#1f2a44;color:#fff}
.logo{font-weight:700}.badge{background:#ffd84d;color:#1b1f24;padding:.1rem .6rem;border-radius:1rem;font-size:.85rem}
.card{max-width:32rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.merchant{margin:0;color:#4a5260}.desc{margin:.25rem 0}.amount{font-size:1.4rem;margin:.5rem 0 1.25rem}
.field{margin-bottom:1rem}label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;padding:.6rem;border:2px solid #4a5260;border-radius:.25rem;font:inherit}
input:focus,button:focus,a:focus{outline:3px solid #ffbf47;outline-offset:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.primary{width:100%;padding:.75rem;background:#1d6b3a;color:#fff;border:0;border-radius:.25rem;font:inherit;font-weight:700;cursor:pointer}
.link{background:none;border:0;color:#1d4ed8;text-decoration:underline;font:inherit;cursor:pointer;padding:.75rem 0}
.error{color:#b00020;font-weight:600;margin:.25rem 0}.has-error input{border-color:#b00020}
.summary{border:3px solid #b00020;padding:.75rem 1rem;margin-bottom:1rem}.summary h2{margin:0 0 .5rem;font-size:1.1rem}
.summary a{color:#b00020;font-weight:600}.tests{margin-top:1.5rem;border-top:1px solid #d0d5dd;padding-top:1rem}
.tests h2{font-size:1rem}table{width:100%;border-collapse:collapse;font-size:.9rem}th,td{text-align:left;padding:.3rem;border-bottom:1px solid #e3e6ea}
.secondary{width:100%;padding:.75rem;background:#fff;color:#1f2a44;border:2px solid #1f2a44;border-radius:.25rem;font:inherit;font-weight:700;cursor:pointer;margin-top:.5rem}
.requests{list-style:none;padding:0}.requests li{border:1px solid #d0d5dd;border-radius:.25rem;padding:.75rem;margin-bottom:.75rem}
.ref{font-size:1.3rem;font-variant-numeric:tabular-nums;letter-spacing:.05em}dl.voucher{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dl.voucher dt{font-weight:600}dl.voucher dd{margin:0}
.hint{background:#fff6d6;padding:.5rem .75rem;border-left:4px solid #c69500}h1{font-size:1.4rem}`;
