import { formatMoney, formatMultibancoReference, type Language } from '@ventanilla/domain';
import { html, type SafeHtml } from '../../../shared/html.js';
import type { FinalStatus, SandboxRow } from './sandbox-gateway.js';
import { BIZUM_MAX_ATTEMPTS, BIZUM_TEST_CODE } from './sandbox-methods.js';
import { cancelForm, page, summary } from './sandbox-pages.js';

const TEXT = {
  es: {
    problem: 'Hay un problema',
    continue: 'Continuar',
    paypalTitle: 'Pagar con PayPal',
    paypalText: 'Has iniciado sesión como comprador de pruebas (comprador@sandbox.test).',
    approve: 'Aprobar el pago',
    bizumTitle: 'Pagar con Bizum',
    bizumPhone: 'Tu número de móvil',
    bizumPhoneHint: 'Un móvil español dado de alta en Bizum, por ejemplo 612 345 678.',
    bizumPhoneError: 'Escribe un número de móvil español válido, por ejemplo 612 345 678',
    bizumCodeTitle: 'Confirma el pago con el código',
    bizumCodeText: 'Te hemos enviado un código de un solo uso por SMS al {phone}. Caduca en 5 minutos.',
    bizumCodeHint: `Código de prueba: ${BIZUM_TEST_CODE}. Otro código da error; tras ${BIZUM_MAX_ATTEMPTS} intentos fallidos el pago se rechaza.`,
    code: 'Código recibido por SMS',
    codeError: 'El código no es correcto. Revisa el SMS y vuelve a escribirlo.',
    confirm: 'Confirmar el pago',
    mbwayTitle: 'Pagar con MB WAY',
    mbwayPhone: 'Número de telemóvel',
    mbwayPhoneHint: 'Un telemóvel portugués con MB WAY, por ejemplo 912 345 678.',
    mbwayPhoneError: 'Escribe un número de telemóvel portugués válido, por ejemplo 912 345 678',
    send: 'Enviar la petición a la app',
    appTitle: 'App MB WAY (simulador)',
    appText: 'Aquí aprueba el cliente, en su teléfono, las peticiones de pago.',
    show: 'Ver peticiones',
    noRequests: 'No hay peticiones pendientes para este número.',
    expires: 'Caduca',
    reject: 'Rechazar',
    expireNow: 'Dejar caducar ahora (control de pruebas)',
    atmTitle: 'Cajero Multibanco (simulador)',
    atmText: 'Paga una referencia Multibanco como en un cajero: entidad, referencia e importe.',
    entity: 'Entidad',
    reference: 'Referencia',
    amountField: 'Importe (por ejemplo 25,12)',
    pay: 'Pagar',
    expireRef: 'Hacer caducar la referencia (control de pruebas)',
    unknown: 'No hay ninguna referencia pendiente con esa entidad, referencia e importe.',
    expired: 'Esta referencia ha caducado.',
    gone: 'Esta referencia ya no se puede pagar.',
    format: 'Escribe la entidad (5 dígitos), la referencia (9 dígitos) y el importe.',
    succeeded: 'Pago realizado',
    failed: 'Pago rechazado',
    canceled: 'Pago cancelado',
    status_expired: 'La petición ha caducado',
    deviceDone: 'La tienda recibirá la notificación del resultado.',
    backApp: 'Volver',
    voucherTitle: 'Referencia Multibanco',
    voucherAmount: 'Importe',
    voucherExpires: 'Pagar antes de',
    backShop: 'Volver a la tienda',
  },
  en: {
    problem: 'There is a problem',
    continue: 'Continue',
    paypalTitle: 'Pay with PayPal',
    paypalText: 'You are logged in as the test buyer (buyer@sandbox.test).',
    approve: 'Approve the payment',
    bizumTitle: 'Pay with Bizum',
    bizumPhone: 'Your mobile number',
    bizumPhoneHint: 'A Spanish mobile registered with Bizum, for example 612 345 678.',
    bizumPhoneError: 'Enter a valid Spanish mobile number, for example 612 345 678',
    bizumCodeTitle: 'Confirm the payment with the code',
    bizumCodeText: 'We sent a one-time code by SMS to {phone}. It expires in 5 minutes.',
    bizumCodeHint: `Test code: ${BIZUM_TEST_CODE}. Any other code is an error; after ${BIZUM_MAX_ATTEMPTS} wrong codes the payment is declined.`,
    code: 'Code received by SMS',
    codeError: 'The code is not correct. Check the SMS and type it again.',
    confirm: 'Confirm the payment',
    mbwayTitle: 'Pay with MB WAY',
    mbwayPhone: 'Mobile number',
    mbwayPhoneHint: 'A Portuguese mobile with MB WAY, for example 912 345 678.',
    mbwayPhoneError: 'Enter a valid Portuguese mobile number, for example 912 345 678',
    send: 'Send the request to the app',
    appTitle: 'MB WAY app (simulator)',
    appText: 'Here the customer approves payment requests on their phone.',
    show: 'Show requests',
    noRequests: 'There are no pending requests for this number.',
    expires: 'Expires',
    reject: 'Reject',
    expireNow: 'Let it expire now (test control)',
    atmTitle: 'Multibanco ATM (simulator)',
    atmText: 'Pay a Multibanco reference as at an ATM: entity, reference and amount.',
    entity: 'Entity',
    reference: 'Reference',
    amountField: 'Amount (for example 25.12)',
    pay: 'Pay',
    expireRef: 'Expire the reference (test control)',
    unknown: 'There is no pending reference with that entity, reference and amount.',
    expired: 'This reference has expired.',
    gone: 'This reference can no longer be paid.',
    format: 'Enter the entity (5 digits), the reference (9 digits) and the amount.',
    succeeded: 'Payment made',
    failed: 'Payment rejected',
    canceled: 'Payment cancelled',
    status_expired: 'The request has expired',
    deviceDone: 'The shop will be notified of the result.',
    backApp: 'Back',
    voucherTitle: 'Multibanco reference',
    voucherAmount: 'Amount',
    voucherExpires: 'Pay before',
    backShop: 'Back to the shop',
  },
  pt: {
    problem: 'Há um problema',
    continue: 'Continuar',
    paypalTitle: 'Pagar com PayPal',
    paypalText: 'Tem sessão iniciada como comprador de teste (comprador@sandbox.test).',
    approve: 'Aprovar o pagamento',
    bizumTitle: 'Pagar com Bizum',
    bizumPhone: 'O seu número de telemóvel',
    bizumPhoneHint: 'Um telemóvel espanhol registado no Bizum, por exemplo 612 345 678.',
    bizumPhoneError: 'Escreva um número de telemóvel espanhol válido, por exemplo 612 345 678',
    bizumCodeTitle: 'Confirme o pagamento com o código',
    bizumCodeText: 'Enviámos um código de utilização única por SMS para {phone}. Expira em 5 minutos.',
    bizumCodeHint: `Código de teste: ${BIZUM_TEST_CODE}. Outro código dá erro; após ${BIZUM_MAX_ATTEMPTS} tentativas falhadas o pagamento é recusado.`,
    code: 'Código recebido por SMS',
    codeError: 'O código não está correto. Verifique o SMS e escreva-o de novo.',
    confirm: 'Confirmar o pagamento',
    mbwayTitle: 'Pagar com MB WAY',
    mbwayPhone: 'Número de telemóvel',
    mbwayPhoneHint: 'Um telemóvel português com MB WAY, por exemplo 912 345 678.',
    mbwayPhoneError: 'Escreva um número de telemóvel português válido, por exemplo 912 345 678',
    send: 'Enviar o pedido para a app',
    appTitle: 'App MB WAY (simulador)',
    appText: 'Aqui o cliente aprova, no telemóvel, os pedidos de pagamento.',
    show: 'Ver pedidos',
    noRequests: 'Não há pedidos pendentes para este número.',
    expires: 'Expira',
    reject: 'Recusar',
    expireNow: 'Deixar expirar agora (controlo de teste)',
    atmTitle: 'Caixa Multibanco (simulador)',
    atmText: 'Pague uma referência Multibanco como numa caixa: entidade, referência e montante.',
    entity: 'Entidade',
    reference: 'Referência',
    amountField: 'Montante (por exemplo 25,12)',
    pay: 'Pagar',
    expireRef: 'Fazer expirar a referência (controlo de teste)',
    unknown: 'Não há nenhuma referência pendente com essa entidade, referência e montante.',
    expired: 'Esta referência expirou.',
    gone: 'Esta referência já não pode ser paga.',
    format: 'Escreva a entidade (5 dígitos), a referência (9 dígitos) e o montante.',
    succeeded: 'Pagamento efetuado',
    failed: 'Pagamento recusado',
    canceled: 'Pagamento cancelado',
    status_expired: 'O pedido expirou',
    deviceDone: 'A loja será notificada do resultado.',
    backApp: 'Voltar',
    voucherTitle: 'Referência Multibanco',
    voucherAmount: 'Montante',
    voucherExpires: 'Pagar até',
    backShop: 'Voltar à loja',
  },
} as const;

const hidden = (token: string) => html`<input type="hidden" name="token" value="${token}">`;

function dateTime(value: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-IE' : language === 'pt' ? 'pt-PT' : 'es-ES', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  }).format(value);
}

/** One text field with its label, hint and error, GOV.UK style (the error is linked from the summary). */
function field(
  id: string,
  label: string,
  options: { hint?: string; error?: string; value?: string; attrs?: SafeHtml },
): SafeHtml {
  const described = [options.hint ? `${id}-hint` : '', options.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="field${options.error ? ' has-error' : ''}"><label for="${id}">${label}</label>
${options.hint ? html`<p class="hint-text" id="${id}-hint">${options.hint}</p>` : ''}${options.error ? html`<p class="error" id="${id}-error">${options.error}</p>` : ''}
<input id="${id}" name="${id}" ${options.attrs} value="${options.value ?? ''}"${described ? html` aria-describedby="${described}"` : ''}${options.error ? html` aria-invalid="true"` : ''}></div>`;
}

/**
 * A page whose form may come back with one error: "Error: " starts the title and a summary, linked to the field in
 * error, comes before the heading (GOV.UK style).
 */
function formPage(
  language: Language,
  heading: string,
  error: { href: string; text: string } | undefined,
  body: SafeHtml,
): string {
  const errorSummary = error
    ? html`<div class="summary" role="alert" tabindex="-1"><h2>${TEXT[language].problem}</h2><ul><li><a href="${error.href}">${error.text}</a></li></ul></div>`
    : '';
  return page(
    language,
    (error ? 'Error: ' : '') + heading,
    html`${errorSummary}
<h1>${heading}</h1>${body}`,
  );
}

/** PayPal-like wallet: the buyer approves, or cancels and goes back to the shop. */
export function paypalPage(row: SandboxRow, language: Language, token: string): string {
  const t = TEXT[language];
  return page(
    language,
    t.paypalTitle,
    html`<h1>${t.paypalTitle}</h1>${summary(language, row)}<p>${t.paypalText}</p>
<form method="post" action="/sandbox-pay/checkout/${row.ref}/approve">${hidden(token)}<button type="submit" class="primary">${t.approve}</button></form>
${cancelForm(language, row, token)}`,
  );
}

/** Bizum or MB WAY: the customer's mobile number. */
export function phonePage(
  row: SandboxRow,
  language: Language,
  token: string,
  state: { value?: string; error?: boolean } = {},
): string {
  const t = TEXT[language];
  const bizum = row.method === 'bizum';
  const heading = bizum ? t.bizumTitle : t.mbwayTitle;
  const error = state.error ? (bizum ? t.bizumPhoneError : t.mbwayPhoneError) : undefined;
  return formPage(
    language,
    heading,
    error ? { href: '#phone', text: error } : undefined,
    html`${summary(language, row)}
<form method="post" action="/sandbox-pay/checkout/${row.ref}" novalidate>${hidden(token)}
${field('phone', bizum ? t.bizumPhone : t.mbwayPhone, { hint: bizum ? t.bizumPhoneHint : t.mbwayPhoneHint, error, value: state.value, attrs: html`type="tel" inputmode="tel" autocomplete="tel" required` })}
<button type="submit" class="primary">${bizum ? t.continue : t.send}</button></form>${cancelForm(language, row, token)}`,
  );
}

/** Bizum: the one-time code sent by SMS (the sandbox publishes its test code). */
export function bizumCodePage(
  row: SandboxRow,
  language: Language,
  token: string,
  state: { error?: boolean } = {},
): string {
  const t = TEXT[language];
  const error = state.error ? t.codeError : undefined;
  return formPage(
    language,
    t.bizumCodeTitle,
    error ? { href: '#code', text: error } : undefined,
    html`${summary(language, row)}<p>${t.bizumCodeText.replace('{phone}', row.phone ?? '')}</p><p class="hint">${t.bizumCodeHint}</p>
<form method="post" action="/sandbox-pay/bizum/${row.ref}" novalidate>${hidden(token)}
${field('code', t.code, { error, attrs: html`inputmode="numeric" autocomplete="one-time-code" required` })}
<button type="submit" class="primary">${t.confirm}</button></form>${cancelForm(language, row, token)}`,
  );
}

/** The customer's phone: pending MB WAY requests of a number, to approve or reject (and a control to expire). */
export function mbWayAppPage(
  language: Language,
  phone: string,
  requests: SandboxRow[],
  tokenOf: (ref: string) => string,
): string {
  const t = TEXT[language];
  const list = requests.length
    ? html`<ul class="requests">${requests.map(
        (r) => html`<li><p><strong>${formatMoney(r.amount, language)}</strong> · ${r.description}</p>
<p>${t.expires}: ${r.expiresAt ? dateTime(r.expiresAt, language) : ''}</p>
<form method="post" action="/sandbox-pay/mbway/${r.ref}?lang=${language}">${hidden(tokenOf(r.ref))}
<button type="submit" name="action" value="approve" class="primary">${t.approve} (${formatMoney(r.amount, language)})</button>
<button type="submit" name="action" value="reject" class="secondary">${t.reject}</button>
<button type="submit" name="action" value="expire" class="link">${t.expireNow}</button></form></li>`,
      )}</ul>`
    : phone
      ? html`<p role="status">${t.noRequests}</p>`
      : '';
  return page(
    language,
    t.appTitle,
    html`<h1>${t.appTitle}</h1><p>${t.appText}</p>
<form method="get" action="/sandbox-pay/mbway" novalidate><input type="hidden" name="lang" value="${language}">
${field('phone', t.mbwayPhone, { value: phone, attrs: html`type="tel" inputmode="tel" autocomplete="tel"` })}
<button type="submit" class="secondary">${t.show}</button></form>${list}`,
  );
}

export type AtmError = 'unknown' | 'expired' | 'gone' | 'format';

/** The ATM: entity, reference and amount, as a customer types them. */
export function atmPage(language: Language, state: { values?: Record<string, string>; error?: AtmError } = {}): string {
  const t = TEXT[language];
  const v = state.values ?? {};
  const error = state.error ? t[state.error] : undefined;
  return formPage(
    language,
    t.atmTitle,
    error ? { href: '#entity', text: error } : undefined,
    html`<p>${t.atmText}</p>
<form method="post" action="/sandbox-pay/multibanco?lang=${language}" novalidate>
${field('entity', t.entity, { value: v.entity, attrs: html`inputmode="numeric" required` })}
${field('reference', t.reference, { value: v.reference, attrs: html`inputmode="numeric" required` })}
${field('amount', t.amountField, { value: v.amount, attrs: html`inputmode="decimal" required` })}
<button type="submit" name="action" value="pay" class="primary">${t.pay}</button>
<button type="submit" name="action" value="expire" class="link">${t.expireRef}</button></form>`,
  );
}

/** What the ATM or the phone app shows after acting on a payment. */
export function deviceResultPage(language: Language, status: FinalStatus, row: SandboxRow, back: string): string {
  const t = TEXT[language];
  const heading = status === 'expired' ? t.status_expired : t[status];
  return page(
    language,
    heading,
    html`<h1>${heading}</h1>${summary(language, row)}<p>${t.deviceDone}</p><p><a href="${back}">${t.backApp}</a></p>`,
  );
}

/** A Multibanco voucher, for a browser that opens the provider's page of a reference. */
export function voucherPage(row: SandboxRow, language: Language): string {
  const t = TEXT[language];
  return page(
    language,
    t.voucherTitle,
    html`<h1>${t.voucherTitle}</h1>${summary(language, row)}
<dl class="voucher"><dt>${t.entity}</dt><dd class="ref">${row.mbEntity ?? ''}</dd><dt>${t.reference}</dt><dd class="ref">${formatMultibancoReference(row.mbReference ?? '')}</dd>
<dt>${t.voucherAmount}</dt><dd>${formatMoney(row.amount, language)}</dd>
<dt>${t.voucherExpires}</dt><dd>${row.expiresAt ? dateTime(row.expiresAt, language) : ''}</dd></dl>
<p><a href="${row.returnUrl}">${t.backShop}</a></p>`,
  );
}
