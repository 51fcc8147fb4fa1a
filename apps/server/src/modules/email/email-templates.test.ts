import { cents, type Language } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from '../../shared/html.js';
import {
  RESET_TOKEN_PLACEHOLDER,
  renderEmail,
  withResetToken,
  type EmailBrand,
  type EmailMessage,
} from './email-templates.js';

function brand(language: Language, name = 'Ventanilla', storeId = 1, country = 'ES'): EmailBrand {
  return {
    storeId,
    name,
    language,
    country,
    link: (path, fragment) => `https://shop.test/${path}?store=${storeId}${fragment ? `#${fragment}` : ''}`,
  };
}

const EVIL = '<script>alert("x")</script> & \'quotes\'';

const messages: { [K in EmailMessage['kind']]: EmailMessage & { kind: K } } = {
  order_received: {
    kind: 'order_received',
    firstname: 'Lucía',
    orderId: 100000123,
    lines: [{ name: 'Nota simple', total: cents(1512) }],
    total: cents(1512),
  },
  payment_instructions: {
    kind: 'payment_instructions',
    firstname: 'João',
    orderId: 160000001,
    method: 'multibanco',
    details: { entity: '21312', reference: '123 456 789', expires_at: '2026-03-01T10:00:00Z' },
    total: cents(2583),
  },
  payment_confirmed: {
    kind: 'payment_confirmed',
    firstname: 'Lucía',
    orderId: 100000123,
    lines: [{ name: 'Nota simple', total: cents(1512) }],
    total: cents(1512),
  },
  payment_reminder: {
    kind: 'payment_reminder',
    firstname: 'Lucía',
    orderId: 100000123,
    lines: [{ name: 'Nota simple', total: cents(1512) }],
    total: cents(1512),
    payKey: '1796724000.abc',
  },
  document_ready: { kind: 'document_ready', firstname: 'Lucía', orderId: 100000123, productName: 'Nota simple' },
  incident_action: {
    kind: 'incident_action',
    firstname: 'Lucía',
    orderId: 100000123,
    productName: 'Nota simple',
    incidentText: 'Falta el DNI',
  },
  password_reset: { kind: 'password_reset', firstname: 'Lucía', token: 'a'.repeat(43), validMinutes: 60 },
  sign_in_link: { kind: 'sign_in_link', firstname: 'Lucía', token: `7.${'a'.repeat(43)}`, validMinutes: 15 },
  account_invite: { kind: 'account_invite', firstname: 'Lucía', token: 'a'.repeat(43), validDays: 7, staff: false },
  email_change_confirm: { kind: 'email_change_confirm', firstname: 'Lucía', token: 'a'.repeat(43), validHours: 24 },
  email_changed_notice: { kind: 'email_changed_notice', firstname: 'Lucía', maskedNewEmail: 'n***@e***.com' },
  password_changed: { kind: 'password_changed', firstname: 'Lucía', via: 'account', changedAt: '2026-11-28T21:30:00Z' },
  account_deleted: { kind: 'account_deleted', firstname: 'Lucía', deletedAt: '2026-11-28T21:30:00Z', ordersKept: 3 },
  refund_issued: {
    kind: 'refund_issued',
    firstname: 'Lucía',
    orderId: 100000123,
    amount: cents(1512),
    penalty: cents(0),
    creditNoteNumber: 'R2026-000007',
    manual: false,
  },
  order_withdrawn: {
    kind: 'order_withdrawn',
    firstname: 'Lucía',
    orderId: 100000123,
    lines: [{ name: 'Nota simple', total: cents(1512) }],
    withdrawnAt: '2026-11-28T21:30:00Z',
    refund: { amount: cents(1512), creditNoteNumber: 'R2026-000007', manual: false },
  },
  order_cancelled: { kind: 'order_cancelled', firstname: 'Lucía', orderId: 100000123, productName: 'Nota simple' },
  client_status_changed: {
    kind: 'client_status_changed',
    firstname: 'Lucía',
    orderId: 100000123,
    productName: 'Nota simple',
    status: 'ready',
  },
  template: {
    kind: 'template',
    subject: 'Tu pedido 100000123',
    header: 'Hola, Lucía:',
    bodyHtml: '<p>Te escribimos sobre <strong>Nota simple</strong>.</p>',
    bodyText: 'Te escribimos sobre Nota simple.',
    button: { label: 'Ver mi pedido', url: 'https://shop.test/orders/detail/100000123?store=1' },
  },
  incidence: {
    kind: 'incidence',
    subject: 'Incidencia en tu pedido 100000123',
    header: 'Hola, Lucía:',
    bodyHtml: '<p>Falta el DNI.</p>',
    bodyText: 'Falta el DNI.',
    button: { label: 'Responder', url: 'https://shop.test/customer/form/1/100000123?store=1' },
  },
  ticket_reply: {
    kind: 'ticket_reply',
    subject: 'Re: Mi pedido [#42]',
    header: '',
    bodyHtml: '<p>Ya está en camino.</p>',
    bodyText: 'Ya está en camino.',
    button: null,
  },
};

describe('email html tag', () => {
  it('escapes every interpolated string and keeps nested SafeHtml', () => {
    const inner = html`<b>${EVIL}</b>`;
    expect(html`<p title="${EVIL}">${inner}</p>`.value).toBe(
      `<p title="${escapeHtml(EVIL)}"><b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</b></p>`,
    );
  });
});

describe('renderEmail', () => {
  it.each(Object.values(messages))('$kind: subject, text and html in every language, with links', (message) => {
    for (const language of ['es', 'en', 'pt'] as const) {
      const out = renderEmail(message, brand(language));
      expect(out.subject.length).toBeGreaterThan(5);
      expect(out.html).toContain(`<html lang="${language}">`);
      expect(out.text).toContain('https://shop.test/');
      expect(out.html).toContain('href="https://shop.test/');
    }
  });

  it('speaks the store language (spec wording in Spanish)', () => {
    expect(renderEmail(messages.document_ready, brand('es')).subject).toBe(
      'Tu trámite está listo: Nota simple (pedido 100000123)',
    );
    expect(renderEmail(messages.document_ready, brand('es')).text).toContain('está Listo.');
    expect(renderEmail(messages.document_ready, brand('en')).subject).toBe(
      'Your service is ready: Nota simple (order 100000123)',
    );
    expect(renderEmail(messages.document_ready, brand('pt')).subject).toBe(
      'O seu serviço está pronto: Nota simple (pedido 100000123)',
    );
    expect(renderEmail(messages.payment_confirmed, brand('es')).text).toContain('En tramitación');
  });

  it('formats money and dates in the store locale and time zone', () => {
    const es = renderEmail(messages.order_received, brand('es'));
    expect(es.text).toMatch(/Nota simple: 15,12\s€/);
    const en = renderEmail(messages.order_received, brand('en', 'Ventanilla Ireland', 17, 'IE'));
    expect(en.text).toContain('Nota simple: €15.12');
    const pt = renderEmail(messages.payment_instructions, brand('pt', 'Balcão Ventanilla', 16, 'PT'));
    expect(pt.text).toContain('Entidade: 21312');
    expect(pt.text).toContain('Referência: 123 456 789');
    expect(pt.text).toMatch(/Montante: 25,83\s€/);
    // 10:00 UTC is 10:00 in Lisbon in winter.
    expect(pt.text).toMatch(/Data limite de pagamento: 1 de março de 2026.*10:00/);
  });

  it('carries the brand name in subject, header and footer', () => {
    const out = renderEmail(messages.password_reset, brand('pt', 'Balcão Ventanilla', 16, 'PT'));
    expect(out.subject).toBe('Redefina a sua palavra-passe de Balcão Ventanilla');
    expect(out.html).toContain('Balcão Ventanilla</td>');
    expect(out.text).toContain('Esta mensagem é enviada por Balcão Ventanilla.');
  });

  it('links: pay, order detail and reset (token in the fragment)', () => {
    expect(renderEmail(messages.order_received, brand('es')).text).toContain(
      'https://shop.test/payment/order/100000123?store=1',
    );
    expect(renderEmail(messages.document_ready, brand('es')).text).toContain(
      'https://shop.test/orders/detail/100000123?store=1',
    );
    const reset = renderEmail(messages.password_reset, brand('es'));
    expect(reset.text).toContain(`https://shop.test/customer/password/reset?store=1#token=${'a'.repeat(43)}`);
    expect(reset.text).toContain('60 minutos');
  });

  it('escapes customer and agent text in HTML and keeps it readable in plain text', () => {
    const evil: EmailMessage = {
      ...messages.incident_action,
      firstname: EVIL,
      productName: EVIL,
      incidentText: `${EVIL}\nsegunda línea`,
    } as EmailMessage;
    const out = renderEmail(evil, brand('es'));
    expect(out.html).not.toContain('<script>');
    expect(out.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(out.html).toContain('<br>segunda línea');
    expect(out.text).toContain(`Hola, ${EVIL}:`);
    expect(out.text).toContain('> segunda línea');
  });

  it('escapes payment details a provider sent', () => {
    const msg = {
      ...messages.payment_instructions,
      method: 'bank',
      details: { iban: 'ES91 2100 0418 4502 0005 1332', holder: '<img src=x onerror=alert(1)>', concept: '100000123' },
    } as EmailMessage;
    const out = renderEmail(msg, brand('es'));
    expect(out.html).not.toContain('<img');
    expect(out.text).toContain('IBAN: ES91 2100 0418 4502 0005 1332');
    expect(out.text).toContain('Titular: <img src=x onerror=alert(1)>');
    expect(out.text).toContain('haz una transferencia bancaria');
  });

  it('never puts a non-http link in an href', () => {
    const bad: EmailBrand = { ...brand('es'), link: () => 'javascript:alert(1)' };
    expect(renderEmail(messages.document_ready, bad).html).not.toContain('href="javascript:');
  });

  it('stores a reset email with a placeholder; the token goes in, in text and HTML, only when it is sent', () => {
    const stored = renderEmail({ ...messages.password_reset, token: RESET_TOKEN_PLACEHOLDER }, brand('es'));
    expect(stored.text).toContain('#token=REDACTED');
    for (const body of [stored.text, stored.html]) {
      const sent = withResetToken(body, 'b'.repeat(43));
      expect(sent).toContain(`#token=${'b'.repeat(43)}`);
      expect(sent).not.toContain('REDACTED');
    }
  });

  it('a filled template: its body as the templates module made it, the header and subject escaped', () => {
    const out = renderEmail({ ...messages.incidence, header: EVIL, subject: EVIL }, brand('es'));
    expect(out.html).toContain('<p>Falta el DNI.</p>');
    expect(out.html).not.toContain('<script>');
    expect(out.html).toContain('href="https://shop.test/customer/form/1/100000123?store=1"');
    expect(out.text).toContain('Falta el DNI.');
    expect(out.text).toContain('Responder: https://shop.test/customer/form/1/100000123?store=1');
    expect(out.subject).toBe(EVIL);
  });

  it('password changed: says how and when, in each language, with "if it was not you" and a link to reset', () => {
    const es = renderEmail(messages.password_changed, brand('es'));
    expect(es.subject).toBe('La contraseña de tu cuenta de Ventanilla ha cambiado');
    expect(es.text).toContain('se ha cambiado desde tu área de cliente');
    expect(es.text).toMatch(/Fecha del cambio: 28 de noviembre de 2026.*22:30/);
    expect(es.text).toContain('Si no has sido tú');
    expect(es.text).toContain('Restablecer mi contraseña: https://shop.test/customer/password/forgot?store=1');
    const reset = renderEmail({ ...messages.password_changed, via: 'reset' } as EmailMessage, brand('es'));
    expect(reset.text).toContain('con un enlace de restablecimiento');
    const en = renderEmail(messages.password_changed, brand('en', 'Ventanilla Ireland', 17, 'IE'));
    expect(en.subject).toBe('The password of your Ventanilla Ireland account has changed');
    expect(en.text).toMatch(/Date of the change: 28 November 2026.*21:30/);
    expect(en.text).toContain('If this was not you');
    const pt = renderEmail(messages.password_changed, brand('pt', 'Balcão Ventanilla', 16, 'PT'));
    expect(pt.subject).toBe('A palavra-passe da sua conta de Balcão Ventanilla foi alterada');
    expect(pt.text).toContain('Se não foi você');
    expect(pt.text).toContain('https://shop.test/customer/password/forgot?store=16');
  });

  it('e-mail changed: the staff variant and the moment of the change', () => {
    const out = renderEmail(
      { ...messages.email_changed_notice, byStaff: true, changedAt: '2026-11-28T21:30:00Z' } as EmailMessage,
      brand('es'),
    );
    expect(out.text).toContain(
      'Nuestro equipo ha cambiado, a petición tuya, el email de tu cuenta de Ventanilla a n***@e***.com',
    );
    expect(out.text).toMatch(/Fecha del cambio: 28 de noviembre de 2026/);
    expect(out.text).toContain('Si no has sido tú');
    expect(renderEmail(messages.email_changed_notice, brand('pt')).text).toContain('foi alterado para n***@e***.com');
  });

  it('account deleted: what was erased, what the law of the store’s country keeps and why', () => {
    const es = renderEmail(messages.account_deleted, brand('es'));
    expect(es.subject).toBe('Tu cuenta de Ventanilla se ha eliminado');
    expect(es.text).toContain('Hemos borrado tus datos de perfil');
    expect(es.text).toContain('Código de Comercio (art. 30)');
    expect(es.text).toContain('Ley General Tributaria (arts. 66 y 70)');
    expect(es.text).toContain('Pedidos conservados: 3');
    expect(es.text).toContain('https://shop.test/legal/privacidad?store=1');
    const pt = renderEmail(messages.account_deleted, brand('pt', 'Balcão Ventanilla', 16, 'PT'));
    expect(pt.subject).toBe('A sua conta de Balcão Ventanilla foi eliminada');
    expect(pt.text).toContain('Código do IVA (art. 52.º)');
    expect(pt.text).toContain('dez anos');
    const ie = renderEmail(messages.account_deleted, brand('en', 'Ventanilla Ireland', 17, 'IE'));
    expect(ie.subject).toBe('Your Ventanilla Ireland account has been deleted');
    expect(ie.text).toContain('Value-Added Tax Consolidation Act 2010 (section 84)');
    expect(ie.text).toContain('six years');
    // The language follows the store, the law its country: an English page of the Spanish store cites Spanish law.
    expect(renderEmail(messages.account_deleted, brand('en')).text).toContain('Spanish Commercial Code (art. 30)');
  });

  it('the order confirmation says the withdrawal form is attached, only when it is', () => {
    const with_ = { ...messages.payment_confirmed, withdrawalForm: true } as EmailMessage;
    expect(renderEmail(with_, brand('es')).text).toContain('Adjuntamos el modelo de formulario de desistimiento');
    expect(renderEmail(with_, brand('en')).text).toContain('We attach the model withdrawal form');
    expect(renderEmail(with_, brand('pt')).text).toContain('Juntamos o modelo de formulário de livre resolução');
    // Ireland: the "cancel" wording of the Consumer Rights Act 2022, Schedule 4, Part 1.
    const ie = renderEmail(with_, brand('en', 'Ventanilla Ireland', 17, 'IE')).text;
    expect(ie).toContain('We attach the model cancellation form.');
    expect(ie).toContain('You have the right to cancel this contract within 14 days without giving any reason');
    expect(ie).toContain('You may use the attached cancellation form but it is not obligatory.');
    expect(ie).not.toMatch(/withdr/i);
    const received = { ...messages.order_received, withdrawalForm: true } as EmailMessage;
    expect(renderEmail(received, brand('es')).text).toContain('14 días naturales');
    expect(renderEmail(messages.payment_confirmed, brand('es')).text).not.toContain('desistimiento');
    expect(renderEmail(messages.order_received, brand('es')).text).not.toContain('desistimiento');
  });

  it('the order confirmation says the terms accepted are attached, only when they are, es/en/pt', () => {
    const both = { ...messages.payment_confirmed, withdrawalForm: true, termsAttached: true } as EmailMessage;
    expect(renderEmail(both, brand('es')).text).toContain('Adjuntamos en PDF las condiciones de contratación');
    expect(renderEmail(both, brand('en')).text).toContain('We attach the terms and conditions you accepted');
    expect(renderEmail(both, brand('pt')).text).toContain('Juntamos em PDF os termos e condições que aceitou');
    const received = { ...messages.order_received, withdrawalForm: true, termsAttached: true } as EmailMessage;
    expect(renderEmail(received, brand('es')).text).toContain('las condiciones de contratación que aceptaste');
    const formOnly = { ...messages.payment_confirmed, withdrawalForm: true } as EmailMessage;
    expect(renderEmail(formOnly, brand('es')).text).not.toContain('condiciones de contratación');
  });

  it('refund issued: the amount, the credit note (attached) and how the money comes back, es/en/pt', () => {
    const es = renderEmail(messages.refund_issued, brand('es'));
    expect(es.subject).toMatch(/^Te hemos devuelto 15,12\s€: pedido 100000123$/);
    expect(es.text).toContain('Adjuntamos la factura rectificativa (abono) R2026-000007 en PDF');
    expect(es.text).toContain('en el mismo medio de pago que usaste');
    expect(es.text).toMatch(/Importe devuelto: 15,12\s€/);
    expect(es.text).not.toContain('Penalización');
    const penalty = renderEmail(
      { ...messages.refund_issued, amount: cents(1012), penalty: cents(500), manual: true } as EmailMessage,
      brand('es'),
    );
    expect(penalty.text).toMatch(/Penalización retenida: 5,00\s€/);
    expect(penalty.text).toContain('por transferencia bancaria');
    const en = renderEmail(messages.refund_issued, brand('en', 'Ventanilla Ireland', 17, 'IE'));
    expect(en.subject).toBe('We have refunded €15.12: order 100000123');
    expect(en.text).toContain('The credit note R2026-000007 is attached as a PDF.');
    const pt = renderEmail(messages.refund_issued, brand('pt', 'Balcão Ventanilla', 16, 'PT'));
    expect(pt.subject).toMatch(/^Devolvemos 15,12\s€: encomenda 100000123$/);
    expect(pt.text).toContain('Juntamos a nota de crédito R2026-000007 em PDF.');
  });

  it('order withdrawn: the acknowledgement with the date received, the refund and the credit note, es/en/pt', () => {
    const es = renderEmail(messages.order_withdrawn, brand('es'));
    expect(es.subject).toBe('Has desistido del pedido 100000123');
    expect(es.text).toMatch(/desistimiento del pedido 100000123 el 28 de noviembre de 2026.*22:30/);
    expect(es.text).toContain('Te hemos devuelto 15,12');
    expect(es.text).toContain('R2026-000007');
    expect(es.text).toContain('acuse de recibo de tu desistimiento');
    const en = renderEmail(messages.order_withdrawn, brand('en'));
    expect(en.subject).toBe('You have withdrawn from order 100000123');
    expect(en.text).toContain('acknowledges receipt of your withdrawal');
    // Irish law says "cancel" (Consumer Rights Act 2022).
    const ie = renderEmail(messages.order_withdrawn, brand('en', 'Ventanilla Ireland', 17, 'IE'));
    expect(ie.subject).toBe('You have cancelled order 100000123');
    expect(ie.text).toMatch(/your cancellation of order 100000123 on 28 November 2026.*21:30/);
    expect(ie.text).toContain('acknowledges receipt of your cancellation');
    expect(ie.text).not.toMatch(/withdr/i);
    const pt = renderEmail(messages.order_withdrawn, brand('pt', 'Balcão Ventanilla', 16, 'PT'));
    expect(pt.subject).toBe('Resolveu o contrato da encomenda 100000123');
    expect(pt.text).toContain('aviso de receção da sua livre resolução');
    const unpaid = renderEmail({ ...messages.order_withdrawn, refund: null } as EmailMessage, brand('es'));
    expect(unpaid.text).not.toContain('devuelto');
  });

  it('order cancelled by staff: names the service, promises the refund if paid, es/en/pt', () => {
    expect(renderEmail(messages.order_cancelled, brand('es')).subject).toBe(
      'Hemos cancelado tu trámite Nota simple (pedido 100000123)',
    );
    expect(renderEmail(messages.order_cancelled, brand('es')).text).toContain('te devolveremos el importe');
    expect(renderEmail(messages.order_cancelled, brand('en')).subject).toBe(
      'We have cancelled your service Nota simple (order 100000123)',
    );
    expect(renderEmail(messages.order_cancelled, brand('pt')).subject).toBe(
      'Cancelámos o seu serviço Nota simple (encomenda 100000123)',
    );
    const evil = renderEmail({ ...messages.order_cancelled, productName: EVIL } as EmailMessage, brand('es'));
    expect(evil.html).not.toContain('<script>');
  });

  it('client status changed by an agent: names the status in the customer language, es/en/pt', () => {
    expect(renderEmail(messages.client_status_changed, brand('es')).subject).toBe(
      'Tu trámite Nota simple (pedido 100000123): Listo',
    );
    expect(renderEmail(messages.client_status_changed, brand('en')).text).toContain('is now: Ready');
    expect(renderEmail(messages.client_status_changed, brand('pt')).subject).toContain('encomenda 100000123');
  });
});
