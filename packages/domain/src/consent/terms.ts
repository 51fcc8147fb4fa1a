// The terms of sale ("condiciones de contratación") in each store language: the text a customer accepts at checkout.
// One source for the web's /legal/condiciones page and the server, which keeps a version of it (date + SHA-256 of
// termsCanonicalText) on every order (docs/shop-flows.md, "Consents at checkout"). Tokens in braces are filled by the
// reader from the store's legal entity ({companyName}, {email}, {store}, {consumerBody}, {consumerUrl}).
import type { Language } from '../stores/stores.js';

/** One section of a legal text. */
export interface TermsSection {
  heading: string;
  paragraphs: string[];
}

/** A legal text: its page description and its sections. */
export interface TermsText {
  description: string;
  sections: TermsSection[];
}

/** When the terms last changed: part of the version an order keeps. Change it with the text. */
export const TERMS_UPDATED = '2026-11-28';

/** The terms of sale by language. */
export const TERMS_TEXTS: Record<Language, TermsText> = {
  es: {
    description:
      'Condiciones de contratación de los servicios de {store}: precios, plazos, desistimiento y reclamaciones.',
    sections: [
      {
        heading: 'El servicio',
        paragraphs: [
          '{companyName} tramita por tu cuenta la solicitud del documento o trámite que eliges y te lo entrega en tu área de cliente y por correo. El contrato se celebra en español, inglés o portugués, según la tienda, y queda registrado en tu cuenta.',
        ],
      },
      {
        heading: 'Precios y pago',
        paragraphs: [
          'Los precios se muestran con IVA incluido y desglosan, cuando existen, las tasas oficiales. Se pagan por adelantado con los medios indicados en el proceso de compra; la factura se emite a nombre de los datos de facturación que indiques.',
        ],
      },
      {
        heading: 'Plazos',
        paragraphs: [
          'Los plazos indicados son orientativos y dependen del organismo que expide el documento. Si un trámite no puede realizarse por causas que no dependen de ti, te devolvemos lo pagado.',
        ],
      },
      {
        heading: 'Desistimiento',
        paragraphs: [
          'Tienes 14 días naturales para desistir sin indicar el motivo. Como el servicio empieza en cuanto lo pides, al contratar aceptas expresamente su ejecución inmediata; si desistes antes de que se complete, pagarás solo la parte ya prestada, y una vez completado el servicio no cabe desistimiento (art. 103 del texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios).',
        ],
      },
      {
        heading: 'Reclamaciones',
        paragraphs: [
          'Escríbenos a {email} o abre una incidencia desde tu pedido. También puedes acudir a {consumerBody} ({consumerUrl}).',
        ],
      },
    ],
  },
  en: {
    description: 'Terms and conditions of the services of {store}: prices, timescales, cancellation and complaints.',
    sections: [
      {
        heading: 'The service',
        paragraphs: [
          '{companyName} requests the document or procedure you choose on your behalf and delivers it to your customer area and by e-mail. The contract is concluded in the store’s language and kept in your account.',
        ],
      },
      {
        heading: 'Prices and payment',
        paragraphs: [
          'Prices include VAT and show official fees separately where they apply. They are paid in advance with the methods offered at checkout; the invoice is issued to the billing details you give.',
        ],
      },
      {
        heading: 'Timescales',
        paragraphs: [
          'The times shown are estimates and depend on the authority that issues the document. If a procedure cannot be carried out for reasons not attributable to you, we refund what you paid.',
        ],
      },
      {
        heading: 'Right to cancel',
        paragraphs: [
          'You have 14 days to cancel without giving a reason. Because the service starts as soon as you order, you expressly ask for it to begin at once: if you cancel before it is complete you pay only for what has been done, and once the service is complete the right to cancel no longer applies.',
        ],
      },
      {
        heading: 'Complaints',
        paragraphs: [
          'Write to {email} or open an incident from your order. You can also contact the {consumerBody} ({consumerUrl}).',
        ],
      },
    ],
  },
  pt: {
    description: 'Termos e condições dos serviços de {store}: preços, prazos, livre resolução e reclamações.',
    sections: [
      {
        heading: 'O serviço',
        paragraphs: [
          '{companyName} pede por sua conta o documento ou ato que escolher e entrega-o na sua área de cliente e por e-mail. O contrato é celebrado na língua da loja e fica guardado na sua conta.',
        ],
      },
      {
        heading: 'Preços e pagamento',
        paragraphs: [
          'Os preços incluem IVA e indicam à parte os emolumentos oficiais, quando existem. São pagos antecipadamente pelos meios indicados na compra; a fatura é emitida com os dados de faturação que indicar.',
        ],
      },
      {
        heading: 'Prazos',
        paragraphs: [
          'Os prazos indicados são estimativas e dependem da entidade que emite o documento. Se um ato não puder ser realizado por motivos que não lhe sejam imputáveis, devolvemos o valor pago.',
        ],
      },
      {
        heading: 'Livre resolução',
        paragraphs: [
          'Tem 14 dias para resolver o contrato sem indicar motivo. Como o serviço começa logo que o pede, aceita expressamente o seu início imediato: se resolver antes de estar concluído paga apenas a parte já prestada e, depois de concluído, o direito de livre resolução deixa de se aplicar.',
        ],
      },
      {
        heading: 'Reclamações',
        paragraphs: [
          'Escreva para {email} ou abra uma reclamação a partir do seu pedido. Pode também recorrer ao {consumerBody} ({consumerUrl}).',
        ],
      },
    ],
  },
};

/**
 * The exact text whose SHA-256 is the terms version's hash: the description, then each heading and paragraph, one per
 * line (tokens unfilled, so one hash per language whatever the store).
 */
export function termsCanonicalText(language: Language): string {
  const text = TERMS_TEXTS[language];
  return [
    `${TERMS_UPDATED}`,
    text.description,
    ...text.sections.flatMap((s) => [`# ${s.heading}`, ...s.paragraphs]),
  ].join('\n');
}
