import '@ventanilla/domain/icu';
import {
  formatMessage,
  formatMoney,
  formatMoneyString,
  parseMoney,
  withdrawalFormVariant,
  clientStatusText,
  type Cents,
  type ClientStatusKey,
  type Language,
} from '@ventanilla/domain';
import { html, safeUrl, trustedHtml, type SafeHtml } from '../../shared/html.js';

/** The store an email speaks for: its brand name, language and where its links point. */
export interface EmailBrand {
  storeId: number;
  name: string;
  language: Language;
  country: string;
  /** Absolute link into this store's site, e.g. link('orders/detail/1000001'). */
  link(path: string, fragment?: string): string;
  /** Who sells in the store (its legal entity), named in every footer (docs/legal-entities.md). */
  seller?: { legal_name: string; tax_id: string; address: string };
}

/** The footer's seller line: "Legal name · tax id · address" (empty without a seller). */
export function sellerLine(brand: EmailBrand): string {
  const s = brand.seller;
  return s ? [s.legal_name, s.tax_id, s.address].filter((v) => v !== '').join(' · ') : '';
}

export interface EmailLine {
  name: string;
  total: Cents;
}

/** What each kind of email needs; rendering is pure (no I/O), so it is unit-tested on its own. */
export type EmailMessage =
  | {
      kind: 'order_received';
      firstname: string;
      orderId: number;
      lines: EmailLine[];
      total: Cents;
      /** An order an agent created: the signed key that lets the link's holder pay it without signing in. */
      payKey?: string;
      /** The model withdrawal form is attached (the paragraph about the right of withdrawal is added). */
      withdrawalForm?: boolean;
      /** The terms of sale accepted are attached as a PDF (a sentence says so). */
      termsAttached?: boolean;
    }
  | {
      kind: 'payment_instructions';
      firstname: string;
      orderId: number;
      method: string;
      /** As the payment emits them: entity, reference, amount, expires_at, iban, holder, concept, phone... */
      details: Record<string, string>;
      total: Cents;
    }
  | {
      kind: 'payment_confirmed';
      firstname: string;
      orderId: number;
      lines: EmailLine[];
      total: Cents;
      /** The model withdrawal form is attached (the paragraph about the right of withdrawal is added). */
      withdrawalForm?: boolean;
      /** The terms of sale accepted are attached as a PDF (a sentence says so). */
      termsAttached?: boolean;
    }
  /** "Resend lead": an unpaid order's reminder, with a fresh signed key for its pay link. */
  | { kind: 'payment_reminder'; firstname: string; orderId: number; lines: EmailLine[]; total: Cents; payKey?: string }
  | { kind: 'document_ready'; firstname: string; orderId: number; productName: string }
  | { kind: 'incident_action'; firstname: string; orderId: number; productName: string; incidentText: string | null }
  | { kind: 'password_reset'; firstname: string; token: string; validMinutes: number }
  /** A one-time sign-in link (the way in while the account's login is throttled). */
  | { kind: 'sign_in_link'; firstname: string; token: string; validMinutes: number }
  /** An account made by staff (an agent by an admin, a customer by an admin): the link sets its first password. */
  | { kind: 'account_invite'; firstname: string; token: string; validDays: number; staff: boolean }
  /** Sent to the NEW address of an e-mail change: the link (a token put in by the dispatcher) confirms it. */
  | { kind: 'email_change_confirm'; firstname: string; token: string; validHours: number }
  /** Sent to the OLD address once the change is confirmed. */
  | {
      kind: 'email_changed_notice';
      firstname: string;
      maskedNewEmail: string;
      /** Changed by staff at the customer's request (the back office), not by the customer's own link. */
      byStaff?: boolean;
      /** When it changed (ISO), printed in the store's time zone. */
      changedAt?: string;
    }
  /** Sent to the account's address after its password changed: from the account (`account`) or by a reset link. */
  | { kind: 'password_changed'; firstname: string; via: 'account' | 'reset'; changedAt: string }
  /** Sent to the address a deleted account had: what was erased, what the law makes us keep and why. */
  | { kind: 'account_deleted'; firstname: string; deletedAt: string; ordersKept: number }
  /** A refund made by staff, with its credit note attached (docs/withdrawal.md). */
  | {
      kind: 'refund_issued';
      firstname: string;
      orderId: number;
      /** What the customer gets back. */
      amount: Cents;
      /** Kept of the amount cancelled (a refund with a penalty). */
      penalty: Cents;
      creditNoteNumber: string;
      /** Returned by hand (a bank transfer), not through the payment provider. */
      manual: boolean;
    }
  /** The customer withdrew from the order (its acknowledgement on a durable medium), with the credit note attached. */
  | {
      kind: 'order_withdrawn';
      firstname: string;
      orderId: number;
      lines: EmailLine[];
      /** When the withdrawal was received (ISO), printed in the store's time zone. */
      withdrawnAt: string;
      refund: { amount: Cents; creditNoteNumber: string; manual: boolean } | null;
    }
  /** Staff cancelled an order line ("not processing": 70 Denegado). */
  | { kind: 'order_cancelled'; firstname: string; orderId: number; productName: string }
  | { kind: 'client_status_changed'; firstname: string; orderId: number; productName: string; status: ClientStatusKey }
  | TemplatedEmail;

/**
 * An e-mail or incidence template already filled for one item (modules/templates): the subject, header and button
 * are plain text; `bodyHtml` is the admin's sanitized HTML with every value escaped by the domain's renderTemplate.
 */
export interface TemplatedEmail {
  /** ticket_reply: an agent's answer to a ticket (modules/tickets), its text already filled and escaped. */
  kind: 'template' | 'incidence' | 'ticket_reply';
  subject: string;
  header: string;
  bodyHtml: string;
  bodyText: string;
  button: { label: string; url: string } | null;
}

export type EmailKind = EmailMessage['kind'];

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const TEXTS = {
  es: {
    greeting: 'Hola, {name}:',
    greetingNoName: 'Hola:',
    footer:
      'Este mensaje lo envía {brand}. Si tienes cualquier duda, responde a este correo o escríbenos desde tu área de cliente.',
    linkFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    order: 'Pedido',
    total: 'Total (IVA incluido)',
    viewOrder: 'Ver mi pedido',
    payOrder: 'Pagar el pedido',
    'order_received.subject': 'Hemos recibido tu pedido {order}',
    'order_received.intro': 'Hemos recibido tu pedido {order} en {brand}. Estos son los trámites que has solicitado:',
    'order_received.pay':
      'Empezaremos a tramitarlo en cuanto recibamos el pago. Si no lo has completado, puedes hacerlo desde este enlace:',
    'payment_instructions.subject': 'Datos para pagar tu pedido {order}',
    'payment_instructions.intro.multibanco':
      'Para completar tu pedido {order}, paga por Multibanco (en un cajero o en tu banca online) con estos datos:',
    'payment_instructions.intro.bank':
      'Para completar tu pedido {order}, haz una transferencia bancaria con estos datos. Indica el concepto tal cual para que podamos identificarla:',
    'payment_instructions.intro.sibsmbway':
      'Para completar tu pedido {order}, aprueba el pago en la aplicación MB WAY de tu teléfono:',
    'payment_instructions.intro.other': 'Para completar tu pedido {order}, realiza el pago con estos datos:',
    'payment_instructions.after':
      'Empezaremos a tramitar tu pedido en cuanto recibamos el pago y te avisaremos por correo.',
    'payment_reminder.subject': 'Tu pedido {order} está pendiente de pago',
    'payment_reminder.intro':
      'Tu pedido {order} en {brand} sigue pendiente de pago, así que aún no hemos empezado a tramitarlo. Estos son los trámites que solicitaste:',
    'payment_reminder.pay': 'Puedes completar el pago desde este enlace:',
    'payment_confirmed.subject': 'Pago confirmado: pedido {order}',
    'payment_confirmed.intro':
      'Hemos recibido el pago de tu pedido {order}. Ya estamos tramitándolo (estado: En tramitación).',
    'payment_confirmed.after':
      'Te avisaremos por correo cuando esté listo. Puedes seguir su estado en tu área de cliente.',
    'document_ready.subject': 'Tu trámite está listo: {product} (pedido {order})',
    'document_ready.intro': 'Tu trámite «{product}» del pedido {order} está Listo.',
    'document_ready.after': 'Puedes descargar la documentación desde tu área de cliente.',
    'document_ready.action': 'Descargar mi documentación',
    'incident_action.subject': 'Incidencia en tu pedido {order}: necesitamos tu respuesta',
    'incident_action.intro':
      'Hay una incidencia en tu trámite «{product}» del pedido {order} y necesitamos que hagas algo para poder continuar.',
    'incident_action.detail': 'Detalle de la incidencia:',
    'incident_action.after': 'Entra en tu área de cliente para ver qué necesitamos y responder.',
    'incident_action.action': 'Resolver la incidencia',
    'password_reset.subject': 'Restablece tu contraseña de {brand}',
    'password_reset.intro': 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta en {brand}.',
    'password_reset.action': 'Elegir una contraseña nueva',
    'password_reset.after':
      'El enlace caduca en {minutes} minutos y solo se puede usar una vez. Al cambiar la contraseña se cerrarán todas tus sesiones abiertas.',
    'password_reset.ignore': 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
    'sign_in_link.subject': 'Tu enlace para entrar en {brand}',
    'sign_in_link.intro':
      'Has pedido un enlace para entrar en tu cuenta de {brand} sin contraseña (el acceso con contraseña está bloqueado un tiempo por demasiados intentos fallidos).',
    'sign_in_link.action': 'Entrar en mi cuenta',
    'sign_in_link.after': 'El enlace caduca en {minutes} minutos y solo se puede usar una vez.',
    'sign_in_link.ignore':
      'Si no lo has pedido tú, ignora este mensaje: alguien puede estar intentando adivinar tu contraseña, pero sin este enlace no puede entrar. Si quieres, cámbiala desde tu cuenta.',
    'detail.entity': 'Entidad',
    'detail.reference': 'Referencia',
    'detail.amount': 'Importe',
    'detail.expires_at': 'Fecha límite de pago',
    'detail.iban': 'IBAN',
    'detail.holder': 'Titular',
    'detail.bank': 'Banco',
    'detail.concept': 'Concepto',
    'detail.phone': 'Teléfono',
    'email_change.subject': 'Confirma tu nuevo email en {brand}',
    'email_change.intro':
      'Has pedido usar esta dirección para tu cuenta de {brand}. El cambio se hará cuando abras este enlace:',
    'email_change.action': 'Confirmar mi nuevo email',
    'email_change.after':
      'El enlace caduca en {hours} horas y solo se puede usar una vez. Hasta entonces tu cuenta sigue con la dirección anterior.',
    'email_change.ignore': 'Si no lo has pedido tú, ignora este mensaje: nada cambiará.',
    'email_changed.subject': 'El email de tu cuenta de {brand} ha cambiado',
    'email_changed.intro': 'El email de tu cuenta de {brand} ha cambiado a {masked}. Desde ahora te escribiremos allí.',
    'email_changed.after': 'Si no has sido tú, responde a este correo cuanto antes para que bloqueemos la cuenta.',
    'account_invite.subject': 'Tu cuenta en {brand}: elige tu contraseña',
    'account_invite.intro': 'Hemos creado una cuenta para ti en {brand} con este email.',
    'account_invite.intro_staff': 'Hemos creado tu cuenta de trabajo en el back office de {brand} con este email.',
    'account_invite.action': 'Elegir mi contraseña',
    'account_invite.after':
      'El enlace caduca en {days} días y solo se puede usar una vez. Si caduca, pide uno nuevo con «He olvidado mi contraseña».',
    'account_invite.ignore': 'Si no esperabas este mensaje, ignóralo: nadie podrá entrar en la cuenta sin este enlace.',
    // Account e-mails (password changed, e-mail changed by staff, account deleted).
    'email_changed.intro_staff':
      'Nuestro equipo ha cambiado, a petición tuya, el email de tu cuenta de {brand} a {masked}. Desde ahora te escribiremos allí.',
    'email_changed.when': 'Fecha del cambio',
    'email_changed.kept':
      'Tus pedidos, facturas y documentos siguen en la cuenta; solo cambia la dirección con la que entras.',
    'password_changed.subject': 'La contraseña de tu cuenta de {brand} ha cambiado',
    'password_changed.intro.account':
      'La contraseña de tu cuenta de {brand} se ha cambiado desde tu área de cliente. Las sesiones abiertas en otros dispositivos se han cerrado.',
    'password_changed.intro.reset':
      'La contraseña de tu cuenta de {brand} se ha cambiado con un enlace de restablecimiento enviado a esta dirección. Todas las sesiones abiertas se han cerrado.',
    'password_changed.when': 'Fecha del cambio',
    'password_changed.ifnot':
      'Si no has sido tú, alguien conoce tu contraseña o puede leer tu correo. Pide ahora una contraseña nueva con este enlace y cambia también la contraseña de tu correo:',
    'password_changed.action': 'Restablecer mi contraseña',
    'password_changed.help': 'Si no puedes entrar en tu cuenta, responde a este mensaje y te ayudaremos.',
    'account_deleted.subject': 'Tu cuenta de {brand} se ha eliminado',
    'account_deleted.intro':
      'Hemos eliminado tu cuenta de {brand}, como pediste. Ya no se puede entrar en ella y este es el último mensaje que te enviamos a esta dirección.',
    'account_deleted.when': 'Fecha de eliminación',
    'account_deleted.erased':
      'Hemos borrado tus datos de perfil (nombre, teléfono y newsletter), tus datos de facturación y pago guardados, la documentación que subiste o que te entregamos, tus borradores, trámites guardados, notificaciones, sesiones y dispositivos recordados.',
    'account_deleted.kept.ES':
      'Conservamos tus pedidos con sus facturas y abonos, sin tu email ni tu nombre de contacto, porque la ley nos obliga: el Código de Comercio (art. 30) exige guardar la documentación contable seis años y la Ley General Tributaria (arts. 66 y 70) permite a la Agencia Tributaria revisarla durante cuatro años. Las facturas conservan los datos que figuran en ellas. Pasados esos plazos se borrarán.',
    'account_deleted.kept.PT':
      'Conservamos tus pedidos con sus facturas y notas de crédito, sin tu email ni tu nombre de contacto, porque la ley portuguesa nos obliga: el Código del IVA (art. 52.º) exige archivarlos durante diez años. Las facturas conservan los datos que figuran en ellas. Pasado ese plazo se borrarán.',
    'account_deleted.kept.IE':
      'Conservamos tus pedidos con sus facturas y abonos, sin tu email ni tu nombre de contacto, porque la ley irlandesa nos obliga: la Value-Added Tax Consolidation Act 2010 (sección 84) exige guardar los registros del IVA seis años. Las facturas conservan los datos que figuran en ellas. Pasado ese plazo se borrarán.',
    'account_deleted.orders': 'Pedidos conservados',
    'account_deleted.ifnot':
      'Si no has pedido tú la eliminación, responde a este mensaje cuanto antes: la cuenta no se puede recuperar, pero revisaremos qué ha pasado.',
    'account_deleted.privacy': 'Cómo tratamos tus datos',
    // The withdrawal form with the order confirmation; refund, withdrawal and cancellation e-mails.
    'confirmation.terms':
      'Adjuntamos en PDF las condiciones de contratación que aceptaste, con los datos del vendedor, para que las conserves.',
    'confirmation.withdrawal':
      'Adjuntamos el modelo de formulario de desistimiento. Puedes desistir del pedido en los 14 días naturales siguientes a la compra mientras no lo hayamos completado: desde la página del pedido en tu área de cliente o escribiéndonos (usar el formulario es opcional).',
    'refund_issued.subject': 'Te hemos devuelto {amount}: pedido {order}',
    'refund_issued.intro':
      'Hemos hecho una devolución de {amount} de tu pedido {order}. Adjuntamos la factura rectificativa (abono) {note} en PDF.',
    'refund.provider':
      'Recibirás el dinero en el mismo medio de pago que usaste; según tu banco, puede tardar unos días en aparecer.',
    'refund.manual':
      'Te lo devolvemos por transferencia bancaria; si aún no nos has indicado tu IBAN, responde a este correo con él.',
    'refund.note': 'Factura rectificativa (abono)',
    'refund.amount': 'Importe devuelto',
    'refund.penalty': 'Penalización retenida',
    'order_withdrawn.subject': 'Has desistido del pedido {order}',
    'order_withdrawn.intro':
      'Hemos recibido tu desistimiento del pedido {order} el {date} y lo hemos cancelado: no seguiremos tramitándolo.',
    'order_withdrawn.refund': 'Te hemos devuelto {amount}. Adjuntamos la factura rectificativa (abono) {note} en PDF.',
    'order_withdrawn.after': 'Este mensaje es el acuse de recibo de tu desistimiento: guárdalo.',
    'order_cancelled.subject': 'Hemos cancelado tu trámite {product} (pedido {order})',
    'order_cancelled.intro': 'No podemos realizar tu trámite «{product}» del pedido {order} y lo hemos cancelado.',
    'client_status_changed.subject': 'Tu trámite {product} (pedido {order}): {status}',
    'client_status_changed.intro': 'El estado de tu trámite «{product}» del pedido {order} ha cambiado a: {status}.',
    'client_status_changed.after': 'Puedes ver el detalle en tu área de cliente.',
    'order_cancelled.after':
      'Si ya lo has pagado, te devolveremos el importe en el mismo medio de pago y te enviaremos la factura rectificativa (abono) por correo. Si tienes dudas, responde a este mensaje.',
  },
  en: {
    greeting: 'Hello {name},',
    greetingNoName: 'Hello,',
    footer:
      'This message is sent by {brand}. If you have any questions, reply to this email or write to us from your customer area.',
    linkFallback: 'If the button does not work, copy this address into your browser:',
    order: 'Order',
    total: 'Total (VAT included)',
    viewOrder: 'View my order',
    payOrder: 'Pay for the order',
    'order_received.subject': 'We have received your order {order}',
    'order_received.intro': 'We have received your order {order} at {brand}. These are the services you requested:',
    'order_received.pay':
      'We will start working on it as soon as we receive the payment. If you have not completed it, you can do so from this link:',
    'payment_instructions.subject': 'How to pay for your order {order}',
    'payment_instructions.intro.multibanco':
      'To complete your order {order}, pay by Multibanco (at a cash machine or in your online banking) with these details:',
    'payment_instructions.intro.bank':
      'To complete your order {order}, make a bank transfer with these details. Use the reference exactly as shown so that we can identify it:',
    'payment_instructions.intro.sibsmbway':
      'To complete your order {order}, approve the payment in the MB WAY app on your phone:',
    'payment_instructions.intro.other': 'To complete your order {order}, make the payment with these details:',
    'payment_instructions.after':
      'We will start working on your order as soon as we receive the payment, and we will let you know by email.',
    'payment_reminder.subject': 'Your order {order} is awaiting payment',
    'payment_reminder.intro':
      'Your order {order} at {brand} is still awaiting payment, so we have not started on it yet. These are the services you requested:',
    'payment_reminder.pay': 'You can complete the payment from this link:',
    'payment_confirmed.subject': 'Payment confirmed: order {order}',
    'payment_confirmed.intro':
      'We have received the payment for your order {order}. We are now working on it (status: In progress).',
    'payment_confirmed.after': 'We will email you when it is ready. You can follow its status in your customer area.',
    'document_ready.subject': 'Your service is ready: {product} (order {order})',
    'document_ready.intro': 'Your service “{product}” of order {order} is Ready.',
    'document_ready.after': 'You can download the documents from your customer area.',
    'document_ready.action': 'Download my documents',
    'incident_action.subject': 'Issue with your order {order}: we need your answer',
    'incident_action.intro':
      'There is an issue with your service “{product}” of order {order} and we need you to do something so that we can continue.',
    'incident_action.detail': 'Details of the issue:',
    'incident_action.after': 'Go to your customer area to see what we need and to reply.',
    'incident_action.action': 'Resolve the issue',
    'password_reset.subject': 'Reset your {brand} password',
    'password_reset.intro': 'We have received a request to reset the password of your {brand} account.',
    'password_reset.action': 'Choose a new password',
    'password_reset.after':
      'The link expires in {minutes} minutes and can be used only once. Changing the password signs you out everywhere.',
    'password_reset.ignore': 'If you did not ask for this, ignore this message: your password will not change.',
    'sign_in_link.subject': 'Your link to sign in to {brand}',
    'sign_in_link.intro':
      'You asked for a link to sign in to your {brand} account without a password (signing in with a password is blocked for a while after too many failed attempts).',
    'sign_in_link.action': 'Sign in to my account',
    'sign_in_link.after': 'The link expires in {minutes} minutes and works only once.',
    'sign_in_link.ignore':
      'If you did not ask for this, ignore this message: someone may be trying to guess your password, but they cannot get in without this link. You can change it from your account if you wish.',
    'detail.entity': 'Entity',
    'detail.reference': 'Reference',
    'detail.amount': 'Amount',
    'detail.expires_at': 'Pay by',
    'detail.iban': 'IBAN',
    'detail.holder': 'Account holder',
    'detail.bank': 'Bank',
    'detail.concept': 'Payment reference',
    'detail.phone': 'Phone',
    'email_change.subject': 'Confirm your new email at {brand}',
    'email_change.intro':
      'You asked to use this address for your {brand} account. The change happens when you open this link:',
    'email_change.action': 'Confirm my new email',
    'email_change.after':
      'The link expires in {hours} hours and works once. Until then your account keeps its previous address.',
    'email_change.ignore': 'If you did not ask for this, ignore this message: nothing will change.',
    'email_changed.subject': 'The email of your {brand} account has changed',
    'email_changed.intro':
      'The email of your {brand} account has changed to {masked}. We will write to you there from now on.',
    'email_changed.after':
      'If this was not you, reply to this message as soon as possible so that we lock the account.',
    'account_invite.subject': 'Your {brand} account: choose your password',
    'account_invite.intro': 'We have created an account for you at {brand} with this email address.',
    'account_invite.intro_staff':
      'We have created your staff account for the {brand} back office with this email address.',
    'account_invite.action': 'Choose my password',
    'account_invite.after':
      'The link expires in {days} days and can be used only once. If it expires, ask for a new one with "Forgot your password?".',
    'account_invite.ignore':
      'If you did not expect this message, ignore it: nobody can sign in to the account without this link.',
    // Account e-mails (password changed, e-mail changed by staff, account deleted).
    'email_changed.intro_staff':
      'At your request, our team has changed the email of your {brand} account to {masked}. We will write to you there from now on.',
    'email_changed.when': 'Date of the change',
    'email_changed.kept':
      'Your orders, invoices and documents stay in the account; only the address you sign in with changes.',
    'password_changed.subject': 'The password of your {brand} account has changed',
    'password_changed.intro.account':
      'The password of your {brand} account was changed from your customer area. Sessions open on other devices have been signed out.',
    'password_changed.intro.reset':
      'The password of your {brand} account was changed with a reset link sent to this address. Every open session has been signed out.',
    'password_changed.when': 'Date of the change',
    'password_changed.ifnot':
      'If this was not you, someone knows your password or can read your email. Ask for a new password now with this link, and change your email password too:',
    'password_changed.action': 'Reset my password',
    'password_changed.help': 'If you cannot sign in to your account, reply to this message and we will help you.',
    'account_deleted.subject': 'Your {brand} account has been deleted',
    'account_deleted.intro':
      'We have deleted your {brand} account, as you asked. Nobody can sign in to it any more, and this is the last message we send to this address.',
    'account_deleted.when': 'Date of deletion',
    'account_deleted.erased':
      'We have erased your profile (name, phone and newsletter), your saved billing and payment details, the documents you uploaded or that we delivered to you, your drafts, saved services, notifications, sessions and remembered devices.',
    'account_deleted.kept.ES':
      'We keep your orders with their invoices and credit notes, without your email or contact name, because the law requires it: the Spanish Commercial Code (art. 30) requires accounting records to be kept for six years, and the General Tax Law (arts. 66 and 70) lets the tax authority review them for four years. Invoices keep the details printed on them. They will be erased when those periods end.',
    'account_deleted.kept.PT':
      'We keep your orders with their invoices and credit notes, without your email or contact name, because Portuguese law requires it: the VAT Code (art. 52) requires them to be archived for ten years. Invoices keep the details printed on them. They will be erased when that period ends.',
    'account_deleted.kept.IE':
      'We keep your orders with their invoices and credit notes, without your email or contact name, because Irish law requires it: the Value-Added Tax Consolidation Act 2010 (section 84) requires VAT records to be kept for six years. Invoices keep the details printed on them. They will be erased when that period ends.',
    'account_deleted.orders': 'Orders kept',
    'account_deleted.ifnot':
      'If you did not ask for this, reply to this message as soon as possible: the account cannot be restored, but we will look into what happened.',
    'account_deleted.privacy': 'How we handle your data',
    // The withdrawal form with the order confirmation; refund, withdrawal and cancellation e-mails.
    'confirmation.terms':
      'We attach the terms and conditions you accepted, with the seller’s details, as a PDF for you to keep.',
    'confirmation.withdrawal':
      'We attach the model withdrawal form. You can withdraw from the order within 14 days of the purchase as long as we have not completed it: from the order page in your customer area or by writing to us (using the form is optional).',
    'refund_issued.subject': 'We have refunded {amount}: order {order}',
    'refund_issued.intro':
      'We have refunded {amount} of your order {order}. The credit note {note} is attached as a PDF.',
    'refund.provider':
      'The money goes back to the payment method you used; depending on your bank, it may take a few days to show.',
    'refund.manual':
      'We are returning it by bank transfer; if you have not given us your IBAN yet, reply to this email with it.',
    'refund.note': 'Credit note',
    'refund.amount': 'Amount refunded',
    'refund.penalty': 'Penalty kept',
    'order_withdrawn.subject': 'You have withdrawn from order {order}',
    'order_withdrawn.intro':
      'We received your withdrawal from order {order} on {date} and have cancelled it: we will not work on it any further.',
    'order_withdrawn.refund': 'We have refunded {amount}. The credit note {note} is attached as a PDF.',
    'order_withdrawn.after': 'This message acknowledges receipt of your withdrawal: please keep it.',
    'order_cancelled.subject': 'We have cancelled your service {product} (order {order})',
    'order_cancelled.intro': 'We cannot carry out your service “{product}” of order {order} and have cancelled it.',
    'client_status_changed.subject': 'Your service {product} (order {order}): {status}',
    'client_status_changed.intro': 'The status of your service “{product}” of order {order} is now: {status}.',
    'client_status_changed.after': 'You can see the details in your customer area.',
    'order_cancelled.after':
      'If you have paid for it, we will refund the amount to the same payment method and email you the credit note. If you have any questions, reply to this message.',
  },
  pt: {
    greeting: 'Olá, {name}:',
    greetingNoName: 'Olá:',
    footer:
      'Esta mensagem é enviada por {brand}. Se tiver alguma dúvida, responda a este email ou escreva-nos a partir da sua área de cliente.',
    linkFallback: 'Se o botão não funcionar, copie este endereço para o seu navegador:',
    order: 'Pedido',
    total: 'Total (IVA incluído)',
    viewOrder: 'Ver o meu pedido',
    payOrder: 'Pagar o pedido',
    'order_received.subject': 'Recebemos o seu pedido {order}',
    'order_received.intro': 'Recebemos o seu pedido {order} em {brand}. Estes são os serviços que pediu:',
    'order_received.pay':
      'Começaremos a tratá-lo assim que recebermos o pagamento. Se ainda não o concluiu, pode fazê-lo a partir desta ligação:',
    'payment_instructions.subject': 'Dados para pagar o seu pedido {order}',
    'payment_instructions.intro.multibanco':
      'Para concluir o seu pedido {order}, pague por Multibanco (numa caixa automática ou no seu homebanking) com estes dados:',
    'payment_instructions.intro.bank':
      'Para concluir o seu pedido {order}, faça uma transferência bancária com estes dados. Indique o descritivo tal como aparece para a podermos identificar:',
    'payment_instructions.intro.sibsmbway':
      'Para concluir o seu pedido {order}, aprove o pagamento na aplicação MB WAY do seu telemóvel:',
    'payment_instructions.intro.other': 'Para concluir o seu pedido {order}, efetue o pagamento com estes dados:',
    'payment_instructions.after':
      'Começaremos a tratar o seu pedido assim que recebermos o pagamento e avisaremos por email.',
    'payment_reminder.subject': 'O seu pedido {order} aguarda pagamento',
    'payment_reminder.intro':
      'O seu pedido {order} em {brand} continua a aguardar pagamento, por isso ainda não começámos a tratá-lo. Estes são os serviços que pediu:',
    'payment_reminder.pay': 'Pode concluir o pagamento a partir desta ligação:',
    'payment_confirmed.subject': 'Pagamento confirmado: pedido {order}',
    'payment_confirmed.intro':
      'Recebemos o pagamento do seu pedido {order}. Já o estamos a tratar (estado: Em tramitação).',
    'payment_confirmed.after':
      'Avisaremos por email quando estiver pronto. Pode acompanhar o estado na sua área de cliente.',
    'document_ready.subject': 'O seu serviço está pronto: {product} (pedido {order})',
    'document_ready.intro': 'O seu serviço «{product}» do pedido {order} está Pronto.',
    'document_ready.after': 'Pode descarregar a documentação a partir da sua área de cliente.',
    'document_ready.action': 'Descarregar a minha documentação',
    'incident_action.subject': 'Incidência no seu pedido {order}: precisamos da sua resposta',
    'incident_action.intro':
      'Há uma incidência no seu serviço «{product}» do pedido {order} e precisamos que faça algo para podermos continuar.',
    'incident_action.detail': 'Detalhe da incidência:',
    'incident_action.after': 'Entre na sua área de cliente para ver o que precisamos e responder.',
    'incident_action.action': 'Resolver a incidência',
    'password_reset.subject': 'Redefina a sua palavra-passe de {brand}',
    'password_reset.intro': 'Recebemos um pedido para redefinir a palavra-passe da sua conta em {brand}.',
    'password_reset.action': 'Escolher uma palavra-passe nova',
    'password_reset.after':
      'A ligação expira em {minutes} minutos e só pode ser usada uma vez. Ao mudar a palavra-passe, todas as suas sessões abertas serão terminadas.',
    'password_reset.ignore': 'Se não foi você que pediu, ignore esta mensagem: a sua palavra-passe não muda.',
    'sign_in_link.subject': 'A sua ligação para entrar em {brand}',
    'sign_in_link.intro':
      'Pediu uma ligação para entrar na sua conta de {brand} sem palavra-passe (a entrada com palavra-passe está bloqueada durante algum tempo por demasiadas tentativas falhadas).',
    'sign_in_link.action': 'Entrar na minha conta',
    'sign_in_link.after': 'A ligação expira em {minutes} minutos e só pode ser usada uma vez.',
    'sign_in_link.ignore':
      'Se não foi você que pediu, ignore esta mensagem: alguém pode estar a tentar adivinhar a sua palavra-passe, mas sem esta ligação não consegue entrar. Se quiser, altere-a na sua conta.',
    'detail.entity': 'Entidade',
    'detail.reference': 'Referência',
    'detail.amount': 'Montante',
    'detail.expires_at': 'Data limite de pagamento',
    'detail.iban': 'IBAN',
    'detail.holder': 'Titular',
    'detail.bank': 'Banco',
    'detail.concept': 'Descritivo',
    'detail.phone': 'Telemóvel',
    'email_change.subject': 'Confirme o seu novo email em {brand}',
    'email_change.intro':
      'Pediu para usar este endereço na sua conta de {brand}. A alteração é feita quando abrir esta ligação:',
    'email_change.action': 'Confirmar o meu novo email',
    'email_change.after':
      'A ligação expira em {hours} horas e só pode ser usada uma vez. Até lá a sua conta mantém o endereço anterior.',
    'email_change.ignore': 'Se não foi você que pediu, ignore esta mensagem: nada muda.',
    'email_changed.subject': 'O email da sua conta de {brand} foi alterado',
    'email_changed.intro':
      'O email da sua conta de {brand} foi alterado para {masked}. A partir de agora escrevemos-lhe para lá.',
    'email_changed.after':
      'Se não foi você, responda a esta mensagem o mais depressa possível para bloquearmos a conta.',
    'account_invite.subject': 'A sua conta em {brand}: escolha a sua palavra-passe',
    'account_invite.intro': 'Criámos uma conta para si em {brand} com este email.',
    'account_invite.intro_staff': 'Criámos a sua conta de trabalho no back office de {brand} com este email.',
    'account_invite.action': 'Escolher a minha palavra-passe',
    'account_invite.after':
      'A ligação expira em {days} dias e só pode ser usada uma vez. Se expirar, peça uma nova em «Esqueceu-se da palavra-passe?».',
    'account_invite.ignore': 'Se não esperava esta mensagem, ignore-a: ninguém pode entrar na conta sem esta ligação.',
    // Account e-mails (password changed, e-mail changed by staff, account deleted).
    'email_changed.intro_staff':
      'A seu pedido, a nossa equipa alterou o email da sua conta de {brand} para {masked}. A partir de agora escreveremos para lá.',
    'email_changed.when': 'Data da alteração',
    'email_changed.kept':
      'As suas encomendas, faturas e documentos continuam na conta; só muda o endereço com que entra.',
    'password_changed.subject': 'A palavra-passe da sua conta de {brand} foi alterada',
    'password_changed.intro.account':
      'A palavra-passe da sua conta de {brand} foi alterada a partir da sua área de cliente. As sessões abertas noutros dispositivos foram terminadas.',
    'password_changed.intro.reset':
      'A palavra-passe da sua conta de {brand} foi alterada com uma ligação de recuperação enviada para este endereço. Todas as sessões abertas foram terminadas.',
    'password_changed.when': 'Data da alteração',
    'password_changed.ifnot':
      'Se não foi você, alguém conhece a sua palavra-passe ou consegue ler o seu email. Peça já uma palavra-passe nova com esta ligação e altere também a palavra-passe do seu email:',
    'password_changed.action': 'Recuperar a minha palavra-passe',
    'password_changed.help': 'Se não conseguir entrar na sua conta, responda a esta mensagem e ajudamos.',
    'account_deleted.subject': 'A sua conta de {brand} foi eliminada',
    'account_deleted.intro':
      'Eliminámos a sua conta de {brand}, como pediu. Já não é possível entrar nela e esta é a última mensagem que enviamos para este endereço.',
    'account_deleted.when': 'Data da eliminação',
    'account_deleted.erased':
      'Apagámos os seus dados de perfil (nome, telefone e newsletter), os dados de faturação e pagamento guardados, os documentos que enviou ou que lhe entregámos, os rascunhos, serviços guardados, notificações, sessões e dispositivos memorizados.',
    'account_deleted.kept.ES':
      'Conservamos as suas encomendas com as faturas e notas de crédito, sem o seu email nem o nome de contacto, porque a lei espanhola o exige: o Código de Comércio (art. 30.º) obriga a guardar a documentação contabilística durante seis anos e a Lei Geral Tributária (arts. 66.º e 70.º) permite à administração fiscal revê-la durante quatro anos. As faturas mantêm os dados nelas impressos. Serão apagadas quando esses prazos terminarem.',
    'account_deleted.kept.PT':
      'Conservamos as suas encomendas com as faturas e notas de crédito, sem o seu email nem o nome de contacto, porque a lei o exige: o Código do IVA (art. 52.º) obriga a arquivá-las durante dez anos. As faturas mantêm os dados nelas impressos. Serão apagadas quando esse prazo terminar.',
    'account_deleted.kept.IE':
      'Conservamos as suas encomendas com as faturas e notas de crédito, sem o seu email nem o nome de contacto, porque a lei irlandesa o exige: a Value-Added Tax Consolidation Act 2010 (secção 84) obriga a guardar os registos do IVA durante seis anos. As faturas mantêm os dados nelas impressos. Serão apagadas quando esse prazo terminar.',
    'account_deleted.orders': 'Encomendas conservadas',
    'account_deleted.ifnot':
      'Se não foi você que pediu a eliminação, responda a esta mensagem quanto antes: a conta não pode ser recuperada, mas vamos ver o que aconteceu.',
    'account_deleted.privacy': 'Como tratamos os seus dados',
    // The withdrawal form with the order confirmation; refund, withdrawal and cancellation e-mails.
    'confirmation.terms':
      'Juntamos em PDF os termos e condições que aceitou, com os dados do vendedor, para que os guarde.',
    'confirmation.withdrawal':
      'Juntamos o modelo de formulário de livre resolução. Pode resolver o contrato nos 14 dias seguintes à compra enquanto não o tivermos concluído: na página da encomenda na sua área de cliente ou escrevendo-nos (usar o formulário é opcional).',
    'refund_issued.subject': 'Devolvemos {amount}: encomenda {order}',
    'refund_issued.intro':
      'Fizemos uma devolução de {amount} da sua encomenda {order}. Juntamos a nota de crédito {note} em PDF.',
    'refund.provider':
      'O dinheiro volta para o meio de pagamento que usou; consoante o banco, pode demorar alguns dias a aparecer.',
    'refund.manual':
      'Devolvemos por transferência bancária; se ainda não nos indicou o seu IBAN, responda a este e-mail com ele.',
    'refund.note': 'Nota de crédito',
    'refund.amount': 'Montante devolvido',
    'refund.penalty': 'Penalização retida',
    'order_withdrawn.subject': 'Resolveu o contrato da encomenda {order}',
    'order_withdrawn.intro':
      'Recebemos a sua declaração de livre resolução da encomenda {order} em {date} e cancelámo-la: não continuaremos a tratá-la.',
    'order_withdrawn.refund': 'Devolvemos {amount}. Juntamos a nota de crédito {note} em PDF.',
    'order_withdrawn.after': 'Esta mensagem é o aviso de receção da sua livre resolução: guarde-a.',
    'order_cancelled.subject': 'Cancelámos o seu serviço {product} (encomenda {order})',
    'order_cancelled.intro': 'Não podemos realizar o seu serviço «{product}» da encomenda {order} e cancelámo-lo.',
    'client_status_changed.subject': 'O seu serviço {product} (encomenda {order}): {status}',
    'client_status_changed.intro': 'O estado do seu serviço «{product}» da encomenda {order} mudou para: {status}.',
    'client_status_changed.after': 'Pode ver o detalhe na sua área de cliente.',
    'order_cancelled.after':
      'Se já o pagou, devolvemos o montante para o mesmo meio de pagamento e enviamos-lhe a nota de crédito por e-mail. Se tiver dúvidas, responda a esta mensagem.',
  },
} as const;

type TextKey = keyof (typeof TEXTS)['es'];
// Every language has every key (a missing translation does not compile).
const _complete: Record<Language, Record<TextKey, string>> = TEXTS;
void _complete;

/**
 * English for a seller in Ireland or the United Kingdom, whose law says "cancel" where the Directive says "withdraw"
 * (docs/withdrawal.md): the confirmation's paragraph follows the Consumer Rights Act 2022, Schedule 4, Part 1 (the
 * model instructions on the right to cancel), for a service contract begun at the consumer's express request.
 */
const EN_CANCEL: Partial<Record<TextKey, string>> = {
  'confirmation.withdrawal':
    'We attach the model cancellation form. You have the right to cancel this contract within 14 days without giving any reason, as long as we have not completed the service. To exercise the right to cancel, you must inform us of your decision to cancel this contract by an unequivocal statement such as an e-mail or a letter sent by post, or from the order page in your customer area. You may use the attached cancellation form but it is not obligatory. To meet the cancellation deadline, it is sufficient for you to send your communication concerning your exercise of the right to cancel before the cancellation period has expired.',
  'order_withdrawn.subject': 'You have cancelled order {order}',
  'order_withdrawn.intro':
    'We received your cancellation of order {order} on {date} and have cancelled it: we will not work on it any further.',
  'order_withdrawn.after': 'This message acknowledges receipt of your cancellation: please keep it.',
};

/** The texts of a store: its language's, with the Irish/UK "cancel" wording for English where its seller is there. */
function textsOf(brand: EmailBrand): Record<TextKey, string> {
  const t = TEXTS[brand.language];
  return withdrawalFormVariant(brand.language, brand.country) === 'en-cancel' ? { ...t, ...EN_CANCEL } : t;
}

/** Fills {name} placeholders with plain text; escaping happens once, when the layout renders. */
function fill(language: Language, template: string, params: Record<string, string | number>): string {
  return formatMessage(language, template, params);
}

const TIME_ZONE: Record<string, string> = { PT: 'Europe/Lisbon', IE: 'Europe/Dublin', GB: 'Europe/London' };
const LOCALE: Record<Language, string> = { es: 'es-ES', en: 'en-IE', pt: 'pt-PT' };

/** A payment detail value as a person reads it: amounts in the store's format, dates in the store's time zone. */
function detailValue(key: string, value: string, brand: EmailBrand): string {
  const amount = key === 'amount' ? parseMoney(value) : null;
  if (amount !== null) return formatMoney(amount, brand.language);
  if (key === 'expires_at' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    return new Intl.DateTimeFormat(LOCALE[brand.language], {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: TIME_ZONE[brand.country] ?? 'Europe/Madrid',
    }).format(new Date(value));
  }
  return value;
}

/** A moment as a person reads it, in the store's language and time zone. */
function dateTime(iso: string, brand: EmailBrand): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE[brand.language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: TIME_ZONE[brand.country] ?? 'Europe/Madrid',
  }).format(d);
}

const DETAIL_ORDER = ['entity', 'reference', 'iban', 'holder', 'bank', 'concept', 'phone', 'amount', 'expires_at'];

/** The parts every email is made of; the layout turns them into text and HTML with every value escaped. */
interface EmailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Label/value rows (order lines, payment data). */
  rows?: Array<[string, string]>;
  /** A quoted block of free text (an agent's incident note). */
  quote?: string;
  actions?: Array<{ label: string; url: string; lead?: string }>;
  closing?: string[];
  /** A filled template's body (templates.service sanitized it and escaped every value) and its text version. */
  body?: { html: SafeHtml; text: string };
}

function isTemplated(message: EmailMessage): message is TemplatedEmail {
  return message.kind === 'template' || message.kind === 'incidence' || message.kind === 'ticket_reply';
}

function templatedContent(message: TemplatedEmail): EmailContent {
  return {
    subject: message.subject,
    greeting: message.header,
    paragraphs: [],
    body: { html: trustedHtml(message.bodyHtml), text: message.bodyText },
    ...(message.button ? { actions: [{ label: message.button.label, url: message.button.url }] } : {}),
  };
}

function contentFor(message: EmailMessage, brand: EmailBrand): EmailContent {
  return isTemplated(message) ? templatedContent(message) : builtInContent(message, brand);
}

function builtInContent(message: Exclude<EmailMessage, TemplatedEmail>, brand: EmailBrand): EmailContent {
  const t = textsOf(brand);
  const lang = brand.language;
  const greeting = message.firstname.trim()
    ? fill(lang, t.greeting, { name: message.firstname.trim() })
    : t.greetingNoName;
  const detailLink = (orderId: number) => brand.link(`orders/detail/${orderId}`);
  const base = { brand: brand.name };
  switch (message.kind) {
    case 'order_received': {
      const p = { ...base, order: message.orderId };
      return {
        subject: fill(lang, t['order_received.subject'], p),
        greeting,
        paragraphs: [fill(lang, t['order_received.intro'], p)],
        rows: [
          ...message.lines.map((l): [string, string] => [l.name, formatMoney(l.total, lang)]),
          [t.total, formatMoney(message.total, lang)],
        ],
        actions: [
          {
            lead: t['order_received.pay'],
            label: t.payOrder,
            url: brand.link(`payment/order/${message.orderId}`, message.payKey ? `k=${message.payKey}` : undefined),
          },
          { label: t.viewOrder, url: detailLink(message.orderId) },
        ],
        ...(message.withdrawalForm || message.termsAttached
          ? {
              closing: [
                ...(message.termsAttached ? [t['confirmation.terms']] : []),
                ...(message.withdrawalForm ? [t['confirmation.withdrawal']] : []),
              ],
            }
          : {}),
      };
    }
    case 'payment_reminder': {
      const p = { ...base, order: message.orderId };
      return {
        subject: fill(lang, t['payment_reminder.subject'], p),
        greeting,
        paragraphs: [fill(lang, t['payment_reminder.intro'], p)],
        rows: [
          ...message.lines.map((l): [string, string] => [l.name, formatMoney(l.total, lang)]),
          [t.total, formatMoney(message.total, lang)],
        ],
        actions: [
          {
            lead: t['payment_reminder.pay'],
            label: t.payOrder,
            url: brand.link(`payment/order/${message.orderId}`, message.payKey ? `k=${message.payKey}` : undefined),
          },
          { label: t.viewOrder, url: detailLink(message.orderId) },
        ],
      };
    }
    case 'payment_instructions': {
      const p = { ...base, order: message.orderId };
      const introKey = `payment_instructions.intro.${message.method}` as TextKey;
      const intro = introKey in t ? t[introKey] : t['payment_instructions.intro.other'];
      const details = { amount: formatMoneyString(message.total), ...message.details };
      const keys = [
        ...DETAIL_ORDER.filter((k) => k in details),
        ...Object.keys(details).filter((k) => !DETAIL_ORDER.includes(k)),
      ];
      return {
        subject: fill(lang, t['payment_instructions.subject'], p),
        greeting,
        paragraphs: [fill(lang, intro, p)],
        rows: [
          [t.order, String(message.orderId)],
          ...keys.map((k): [string, string] => {
            const labelKey = `detail.${k}` as TextKey;
            return [labelKey in t ? t[labelKey] : k, detailValue(k, details[k as keyof typeof details] ?? '', brand)];
          }),
        ],
        closing: [t['payment_instructions.after']],
        actions: [{ label: t.viewOrder, url: detailLink(message.orderId) }],
      };
    }
    case 'payment_confirmed': {
      const p = { ...base, order: message.orderId };
      return {
        subject: fill(lang, t['payment_confirmed.subject'], p),
        greeting,
        paragraphs: [fill(lang, t['payment_confirmed.intro'], p)],
        rows: [
          ...message.lines.map((l): [string, string] => [l.name, formatMoney(l.total, lang)]),
          [t.total, formatMoney(message.total, lang)],
        ],
        closing: [
          t['payment_confirmed.after'],
          ...(message.termsAttached ? [t['confirmation.terms']] : []),
          ...(message.withdrawalForm ? [t['confirmation.withdrawal']] : []),
        ],
        actions: [{ label: t.viewOrder, url: detailLink(message.orderId) }],
      };
    }
    case 'document_ready': {
      const p = { ...base, order: message.orderId, product: message.productName };
      return {
        subject: fill(lang, t['document_ready.subject'], p),
        greeting,
        paragraphs: [fill(lang, t['document_ready.intro'], p), t['document_ready.after']],
        actions: [{ label: t['document_ready.action'], url: detailLink(message.orderId) }],
      };
    }
    case 'incident_action': {
      const p = { ...base, order: message.orderId, product: message.productName };
      const note = message.incidentText?.trim();
      return {
        subject: fill(lang, t['incident_action.subject'], p),
        greeting,
        paragraphs: [fill(lang, t['incident_action.intro'], p), ...(note ? [t['incident_action.detail']] : [])],
        ...(note ? { quote: note } : {}),
        closing: [t['incident_action.after']],
        actions: [{ label: t['incident_action.action'], url: detailLink(message.orderId) }],
      };
    }
    case 'password_reset': {
      const p = { ...base, minutes: message.validMinutes };
      return {
        subject: fill(lang, t['password_reset.subject'], p),
        greeting,
        paragraphs: [fill(lang, t['password_reset.intro'], p)],
        actions: [{ label: t['password_reset.action'], url: resetLink(brand, message.token) }],
        closing: [fill(lang, t['password_reset.after'], p), t['password_reset.ignore']],
      };
    }
    case 'sign_in_link': {
      const p = { ...base, minutes: message.validMinutes };
      return {
        subject: fill(lang, t['sign_in_link.subject'], p),
        greeting,
        paragraphs: [fill(lang, t['sign_in_link.intro'], p)],
        actions: [{ label: t['sign_in_link.action'], url: signInLinkUrl(brand, message.token) }],
        closing: [fill(lang, t['sign_in_link.after'], p), t['sign_in_link.ignore']],
      };
    }
    case 'account_invite': {
      const p = { ...base, days: message.validDays };
      return {
        subject: fill(lang, t['account_invite.subject'], p),
        greeting,
        paragraphs: [fill(lang, t[message.staff ? 'account_invite.intro_staff' : 'account_invite.intro'], p)],
        actions: [{ label: t['account_invite.action'], url: resetLink(brand, message.token) }],
        closing: [fill(lang, t['account_invite.after'], p), t['account_invite.ignore']],
      };
    }
    case 'email_change_confirm': {
      const p = { ...base, hours: message.validHours };
      return {
        subject: fill(lang, t['email_change.subject'], p),
        greeting,
        paragraphs: [fill(lang, t['email_change.intro'], p)],
        actions: [{ label: t['email_change.action'], url: emailChangeLink(brand, message.token) }],
        closing: [fill(lang, t['email_change.after'], p), t['email_change.ignore']],
      };
    }
    case 'email_changed_notice': {
      const p = { ...base, masked: message.maskedNewEmail };
      return {
        subject: fill(lang, t['email_changed.subject'], p),
        greeting,
        paragraphs: [fill(lang, t[message.byStaff ? 'email_changed.intro_staff' : 'email_changed.intro'], p)],
        ...(message.changedAt ? { rows: [[t['email_changed.when'], dateTime(message.changedAt, brand)]] } : {}),
        closing: [t['email_changed.kept'], t['email_changed.after']],
      };
    }
    case 'password_changed':
      return {
        subject: fill(lang, t['password_changed.subject'], base),
        greeting,
        paragraphs: [fill(lang, t[`password_changed.intro.${message.via}`], base)],
        rows: [[t['password_changed.when'], dateTime(message.changedAt, brand)]],
        actions: [
          {
            lead: t['password_changed.ifnot'],
            label: t['password_changed.action'],
            url: brand.link('customer/password/forgot'),
          },
        ],
        closing: [t['password_changed.help']],
      };
    case 'account_deleted': {
      const kept = `account_deleted.kept.${brand.country}` as TextKey;
      return {
        subject: fill(lang, t['account_deleted.subject'], base),
        greeting,
        paragraphs: [
          fill(lang, t['account_deleted.intro'], base),
          t['account_deleted.erased'],
          kept in t ? t[kept] : t['account_deleted.kept.ES'],
        ],
        rows: [
          [t['account_deleted.when'], dateTime(message.deletedAt, brand)],
          [t['account_deleted.orders'], String(message.ordersKept)],
        ],
        actions: [{ label: t['account_deleted.privacy'], url: brand.link('legal/privacidad') }],
        closing: [t['account_deleted.ifnot']],
      };
    }
    case 'refund_issued': {
      const p = {
        ...base,
        order: message.orderId,
        amount: formatMoney(message.amount, lang),
        note: message.creditNoteNumber,
      };
      return {
        subject: fill(lang, t['refund_issued.subject'], p),
        greeting,
        paragraphs: [fill(lang, t['refund_issued.intro'], p), t[message.manual ? 'refund.manual' : 'refund.provider']],
        rows: [
          [t.order, String(message.orderId)],
          [t['refund.note'], message.creditNoteNumber],
          ...(message.penalty > 0
            ? [[t['refund.penalty'], formatMoney(message.penalty, lang)] as [string, string]]
            : []),
          [t['refund.amount'], formatMoney(message.amount, lang)],
        ],
        actions: [{ label: t.viewOrder, url: detailLink(message.orderId) }],
      };
    }
    case 'order_withdrawn': {
      const refund = message.refund;
      const p = {
        ...base,
        order: message.orderId,
        date: dateTime(message.withdrawnAt, brand),
        amount: refund ? formatMoney(refund.amount, lang) : '',
        note: refund?.creditNoteNumber ?? '',
      };
      return {
        subject: fill(lang, t['order_withdrawn.subject'], p),
        greeting,
        paragraphs: [
          fill(lang, t['order_withdrawn.intro'], p),
          ...(refund
            ? [fill(lang, t['order_withdrawn.refund'], p), t[refund.manual ? 'refund.manual' : 'refund.provider']]
            : []),
        ],
        rows: [
          ...message.lines.map((l): [string, string] => [l.name, formatMoney(l.total, lang)]),
          ...(refund ? [[t['refund.amount'], formatMoney(refund.amount, lang)] as [string, string]] : []),
        ],
        actions: [{ label: t.viewOrder, url: detailLink(message.orderId) }],
        closing: [t['order_withdrawn.after']],
      };
    }
    case 'order_cancelled': {
      const p = { ...base, order: message.orderId, product: message.productName };
      return {
        subject: fill(lang, t['order_cancelled.subject'], p),
        greeting,
        paragraphs: [fill(lang, t['order_cancelled.intro'], p), t['order_cancelled.after']],
        actions: [{ label: t.viewOrder, url: detailLink(message.orderId) }],
      };
    }
    case 'client_status_changed': {
      const p = {
        ...base,
        order: message.orderId,
        product: message.productName,
        status: clientStatusText(message.status, lang),
      };
      return {
        subject: fill(lang, t['client_status_changed.subject'], p),
        greeting,
        paragraphs: [fill(lang, t['client_status_changed.intro'], p), t['client_status_changed.after']],
        actions: [{ label: t.viewOrder, url: detailLink(message.orderId) }],
      };
    }
  }
}

/** The customer's reset page; the token travels in the fragment, which browsers never send to a server or in a Referer. */
export function resetLink(brand: EmailBrand, token: string): string {
  return brand.link('customer/password/reset', `token=${token}`);
}

/** The page that signs in with a one-time link (the token in the fragment, like resets). */
export function signInLinkUrl(brand: EmailBrand, token: string): string {
  return brand.link('customer/sign-in-link', `token=${token}`);
}

/** The e-mail change confirmation page (the token in the fragment, like resets). */
export function emailChangeLink(brand: EmailBrand, token: string): string {
  return brand.link('cuenta/email/confirmar', `token=${token}`);
}

/**
 * What a password reset email carries instead of its token until it is sent: the outbox (which staff can read) never
 * holds a working link; the dispatcher puts the token in (withResetToken) on its way to the mail server.
 */
export const RESET_TOKEN_PLACEHOLDER = 'REDACTED';

/** The kinds whose link carries a password token (put in by the dispatcher; staff never see their bodies). */
export const TOKEN_EMAIL_KINDS: ReadonlySet<string> = new Set<EmailKind>([
  'password_reset',
  'account_invite',
  'email_change_confirm',
  'sign_in_link',
]);

/** A stored body with the reset token put in place of the placeholder. */
export function withResetToken(body: string, token: string): string {
  return body.replaceAll(`#token=${RESET_TOKEN_PLACEHOLDER}`, `#token=${token}`);
}

function renderText(c: EmailContent, brand: EmailBrand): string {
  const t = TEXTS[brand.language];
  const out: string[] = [c.greeting, ''];
  for (const p of c.paragraphs) out.push(p, '');
  if (c.body) out.push(c.body.text, '');
  if (c.rows?.length) {
    for (const [label, value] of c.rows) out.push(`  ${label}: ${value}`);
    out.push('');
  }
  if (c.quote) out.push(...c.quote.split('\n').map((l) => `> ${l}`), '');
  for (const a of c.actions ?? []) {
    if (a.lead) out.push(a.lead);
    out.push(`${a.label}: ${a.url}`, '');
  }
  for (const p of c.closing ?? []) out.push(p, '');
  out.push('-- ', fill(brand.language, t.footer, { brand: brand.name }), brand.link(''));
  if (brand.seller) out.push(sellerLine(brand));
  return out.join('\n');
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';

function renderHtml(c: EmailContent, brand: EmailBrand): string {
  const t = TEXTS[brand.language];
  const paragraph = (text: string) =>
    html`<p style="${FONT}font-size:16px;line-height:1.5;margin:0 0 16px;color:#0b0c0c">${text}</p>`;
  const rows = c.rows?.length
    ? html`<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 16px">${c.rows.map(
        ([label, value]) =>
          html`<tr><td style="${FONT}font-size:16px;padding:8px 12px 8px 0;border-bottom:1px solid #b1b4b6;color:#0b0c0c">${label}</td><td style="${FONT}font-size:16px;padding:8px 0;border-bottom:1px solid #b1b4b6;font-weight:bold;text-align:right;color:#0b0c0c">${value}</td></tr>`,
      )}</table>`
    : null;
  const quote = c.quote
    ? html`<blockquote style="${FONT}font-size:16px;line-height:1.5;margin:0 0 16px;padding:8px 16px;border-left:4px solid #b1b4b6;color:#0b0c0c">${c.quote
        .split('\n')
        .map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))}</blockquote>`
    : null;
  const actions: SafeHtml[] = (c.actions ?? []).map((a) => {
    const url = safeUrl(a.url);
    return html`${a.lead ? paragraph(a.lead) : null}<p style="margin:0 0 8px"><a href="${url}" style="${FONT}display:inline-block;background:#00703c;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;padding:10px 16px;border-radius:2px">${a.label}</a></p><p style="${FONT}font-size:13px;line-height:1.4;margin:0 0 16px;color:#505a5f">${t.linkFallback} <a href="${url}" style="color:#1d70b8;word-break:break-all">${url}</a></p>`;
  });
  const doc = html`<!doctype html>
<html lang="${brand.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${c.subject}</title></head>
<body style="margin:0;padding:0;background:#f3f2f1">
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;background:#f3f2f1"><tr><td style="padding:24px 12px">
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;margin:0 auto;background:#ffffff">
<tr><td style="${FONT}background:#0b0c0c;color:#ffffff;font-size:20px;font-weight:bold;padding:16px 24px">${brand.name}</td></tr>
<tr><td style="padding:24px">
${c.greeting ? paragraph(c.greeting) : null}${c.paragraphs.map(paragraph)}${c.body ? html`<div style="${FONT}font-size:16px;line-height:1.5;color:#0b0c0c">${c.body.html}</div>` : null}${rows}${quote}${actions}${(c.closing ?? []).map(paragraph)}
</td></tr>
<tr><td style="${FONT}font-size:13px;line-height:1.4;color:#505a5f;padding:16px 24px;border-top:1px solid #b1b4b6">${fill(brand.language, t.footer, { brand: brand.name })}<br><a href="${safeUrl(brand.link(''))}" style="color:#1d70b8">${brand.link('')}</a>${brand.seller ? html`<br>${sellerLine(brand)}` : null}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return doc.value;
}

/** Renders an email in the brand's language: subject, plain text and HTML (every interpolated value escaped). */
export function renderEmail(message: EmailMessage, brand: EmailBrand): RenderedEmail {
  const content = contentFor(message, brand);
  return { subject: content.subject, text: renderText(content, brand), html: renderHtml(content, brand) };
}
