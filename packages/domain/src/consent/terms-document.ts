// The terms of sale a customer accepted, as the durable copy the order confirmation carries (Directive 2011/83/EU art.
// 8(7); docs/withdrawal.md): the labels around the terms' own text in each store language, and the values that fill
// the terms' {tokens} (the same ones the /legal/condiciones page fills).
import type { Language } from '../stores/stores.js';
import { authoritiesFor } from './authorities.js';

/** The words of the terms PDF around the terms' sections. */
export interface TermsDocumentText {
  title: string;
  /** Why the customer gets it. */
  intro: string;
  /** "Version of {date}". */
  version: string;
  /** "Accepted on {date}". */
  accepted: string;
  /** The heading of the seller's identity. */
  seller: string;
  taxId: string;
  contact: string;
  /** Before the order number. */
  orderLabel: string;
  /** Before the SHA-256 of the accepted text (printed at the foot, so the copy can be checked against the order). */
  fingerprint: string;
  /** The PDF's file name. */
  filename: string;
}

export const TERMS_DOCUMENT_TEXTS: Record<Language, TermsDocumentText> = {
  es: {
    title: 'Condiciones de contratación',
    intro: 'Las condiciones que aceptaste al hacer el pedido, para que las conserves.',
    version: 'Versión del {date}',
    accepted: 'Aceptadas el {date}',
    seller: 'Vendedor',
    taxId: 'NIF',
    contact: 'Contacto',
    orderLabel: 'Pedido n.º',
    fingerprint: 'Huella SHA-256 del texto aceptado',
    filename: 'condiciones-contratacion.pdf',
  },
  en: {
    title: 'Terms and conditions',
    intro: 'The terms you accepted when you placed the order, for you to keep.',
    version: 'Version of {date}',
    accepted: 'Accepted on {date}',
    seller: 'Seller',
    taxId: 'Tax number',
    contact: 'Contact',
    orderLabel: 'Order no.',
    fingerprint: 'SHA-256 fingerprint of the accepted text',
    filename: 'terms-and-conditions.pdf',
  },
  pt: {
    title: 'Termos e condições',
    intro: 'Os termos que aceitou ao fazer a encomenda, para os guardar.',
    version: 'Versão de {date}',
    accepted: 'Aceites em {date}',
    seller: 'Vendedor',
    taxId: 'NIF',
    contact: 'Contacto',
    orderLabel: 'Encomenda n.º',
    fingerprint: 'Impressão digital SHA-256 do texto aceite',
    filename: 'termos-e-condicoes.pdf',
  },
};

/** The seller's data a legal text names (the store's legal entity). */
export interface LegalTextSeller {
  legal_name: string;
  tax_id: string;
  address: string;
  registry_note: string;
  email: string;
  phone: string;
  privacy_email: string;
}

/** The values of a legal text's {tokens}: the store, its country's authorities and, once known, its seller. */
export function legalTextValues(storeName: string, country: string, seller?: LegalTextSeller): Record<string, string> {
  const authorities = authoritiesFor(country);
  return {
    store: storeName,
    dpa: authorities.dataProtection.name,
    dpaUrl: authorities.dataProtection.url,
    consumerBody: authorities.consumer.name,
    consumerUrl: authorities.consumer.url,
    ...(seller
      ? {
          companyName: seller.legal_name,
          taxId: seller.tax_id,
          registeredOffice: seller.address,
          registryEntry: seller.registry_note,
          email: seller.email,
          phone: seller.phone,
          privacyEmail: seller.privacy_email || seller.email,
        }
      : {}),
  };
}
