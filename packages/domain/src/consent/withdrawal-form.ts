// The model withdrawal form (Directive 2011/83/EU Annex I(B)) in the wording of the law of the seller's country, sent
// with the order confirmation (docs/withdrawal.md). The seller's name, address and e-mail go where the law says "[to
// be inserted by the trader]"; the rest is the law's text, word for word.
import type { Language } from '../stores/stores.js';

/** Which law's wording: Spain's TRLGDCU, Portugal's DL 24/2014, the Directive in English, or the Irish/UK "cancel". */
export type WithdrawalFormVariant = 'es' | 'pt' | 'en' | 'en-cancel';

/** The form's texts. */
export interface WithdrawalFormText {
  /** Where the text comes from (printed small at the foot). */
  source: string;
  title: string;
  /** "(complete and return this form only if ...)". */
  intro: string;
  /** "To" / "A la atención de", followed by the seller's data. */
  to: string;
  /** The statement and the fields the consumer fills in, one per line. */
  lines: string[];
  /** "(*) Delete as appropriate." */
  note: string;
  /** "Order" / "Pedido" before the order number printed above the form. */
  orderLabel: string;
  /** The PDF's file name. */
  filename: string;
}

export const WITHDRAWAL_FORM_TEXTS: Record<WithdrawalFormVariant, WithdrawalFormText> = {
  es: {
    source:
      'Anexo I.B del texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios (Real Decreto Legislativo 1/2007)',
    title: 'Modelo de formulario de desistimiento',
    intro: '(sólo debe cumplimentar y enviar el presente formulario si desea desistir del contrato)',
    to: 'A la atención de',
    lines: [
      'Por la presente le comunico/comunicamos (*) que desisto de mi/desistimos de nuestro (*) contrato de venta del siguiente bien/prestación del siguiente servicio (*)',
      'Pedido el/recibido el (*)',
      'Nombre del consumidor o de los consumidores',
      'Domicilio del consumidor o de los consumidores',
      'Firma del consumidor o de los consumidores (solo si el presente formulario se presenta en papel)',
      'Fecha',
    ],
    note: '(*) Táchese lo que no proceda.',
    orderLabel: 'Pedido n.º',
    filename: 'formulario-desistimiento.pdf',
  },
  pt: {
    source: 'Anexo, parte B, do Decreto-Lei n.º 24/2014, de 14 de fevereiro',
    title: 'Modelo de formulário de livre resolução',
    intro: '(só deve preencher e devolver o presente formulário se quiser resolver o contrato)',
    to: 'Para',
    lines: [
      'Pela presente comunico/comunicamos (*) que resolvo/resolvemos (*) do meu/nosso (*) contrato de venda do seguinte bem/para a prestação do seguinte serviço (*)',
      'Solicitado em (*)/recebido em (*)',
      'Nome do(s) consumidor(es)',
      'Endereço do(s) consumidor(es)',
      'Assinatura do(s) consumidor(es) (só no caso de o presente formulário ser notificado em papel)',
      'Data',
    ],
    note: '(*) Riscar o que não interessa.',
    orderLabel: 'Encomenda n.º',
    filename: 'formulario-livre-resolucao.pdf',
  },
  en: {
    source: 'Directive 2011/83/EU, Annex I(B)',
    title: 'Model withdrawal form',
    intro: '(complete and return this form only if you wish to withdraw from the contract)',
    to: 'To',
    lines: [
      'I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*)',
      'Ordered on (*)/received on (*)',
      'Name of consumer(s)',
      'Address of consumer(s)',
      'Signature of consumer(s) (only if this form is notified on paper)',
      'Date',
    ],
    note: '(*) Delete as appropriate.',
    orderLabel: 'Order no.',
    filename: 'withdrawal-form.pdf',
  },
  'en-cancel': {
    source:
      'Ireland: Consumer Rights Act 2022, Schedule 4, Part 2; United Kingdom: Consumer Contracts Regulations 2013, Schedule 3, Part B',
    title: 'Model cancellation form',
    intro: '(Complete and return this form only if you wish to cancel the contract)',
    to: 'To',
    lines: [
      'I/We (*) hereby give notice that I/We (*) cancel my/our (*) contract of sale of the following goods (*)/for the supply of the following service (*)',
      'Ordered on (*)/received on (*)',
      'Name of consumer(s)',
      'Address of consumer(s)',
      'Signature of consumer(s) (only if this form is notified on paper)',
      'Date',
    ],
    note: '(*) Delete as appropriate.',
    orderLabel: 'Order no.',
    filename: 'cancellation-form.pdf',
  },
};

/**
 * The wording for a store: its language, and for English the seller's country (Ireland and the United Kingdom call it
 * cancellation; elsewhere the Directive's "withdrawal").
 */
export function withdrawalFormVariant(language: Language, sellerCountry: string): WithdrawalFormVariant {
  if (language === 'es' || language === 'pt') return language;
  return sellerCountry === 'IE' || sellerCountry === 'GB' ? 'en-cancel' : 'en';
}
