import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of invoicing and refunds and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const INVOICING_ERRORS = {
  REFUND_AMOUNT_INVALID: 422,
  REFUND_FAILED: 502,
} as const satisfies ErrorTable;

const es = {
  REFUND_AMOUNT_INVALID: 'El importe a devolver debe ser mayor que 0 y no superar {max} €.',
  REFUND_FAILED:
    'La pasarela de pago no ha podido hacer la devolución. No se ha emitido ningún abono: inténtalo de nuevo más tarde.',
  'refund.amount_positive': 'El importe debe ser mayor que 0',
  'refund.amount_exceeds': 'El importe no puede superar lo que queda por devolver ({max} €)',
  'billing.tax_id_invalid': 'El NIF no es válido. Revisa el número y la letra',
  'billing.tax_id_invalid_ie':
    'El número de IVA irlandés o PPSN no es válido: 7 cifras y una o dos letras, como 1234567T o 1234567FA',
  'refund.penalty_invalid': 'La penalización no puede ser negativa ni mayor que el importe',
  'refund.nothing_returned':
    'Con esta penalización no se devolvería nada: la penalización debe ser menor que el importe',
};

/** The user messages of invoicing and refunds in es, en and pt (one per error code, whose key it is). */
export const INVOICING_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    REFUND_AMOUNT_INVALID: 'The amount to refund must be greater than 0 and at most €{max}.',
    REFUND_FAILED: 'The payment provider could not make the refund. No credit note was issued: please try again later.',
    'refund.amount_positive': 'The amount must be greater than 0',
    'refund.amount_exceeds': 'The amount cannot exceed what is left to refund (€{max})',
    'billing.tax_id_invalid': 'The tax id is not valid. Check the number and the letter',
    'billing.tax_id_invalid_ie':
      'The Irish VAT number or PPS number is not valid: 7 digits and one or two letters, such as 1234567T or 1234567FA',
    'refund.penalty_invalid': 'The penalty cannot be negative or greater than the amount',
    'refund.nothing_returned': 'With this penalty nothing would be returned: the penalty must be less than the amount',
  },
  pt: {
    REFUND_AMOUNT_INVALID: 'O montante a devolver deve ser superior a 0 e não exceder {max} €.',
    REFUND_FAILED:
      'O prestador de pagamentos não conseguiu fazer a devolução. Não foi emitida nenhuma nota de crédito: tente novamente mais tarde.',
    'refund.amount_positive': 'O montante deve ser superior a 0',
    'refund.amount_exceeds': 'O montante não pode exceder o que falta devolver ({max} €)',
    'billing.tax_id_invalid': 'O NIF não é válido. Verifique o número',
    'billing.tax_id_invalid_ie':
      'O número de IVA irlandês ou PPSN não é válido: 7 dígitos e uma ou duas letras, como 1234567T ou 1234567FA',
    'refund.penalty_invalid': 'A penalização não pode ser negativa nem superior ao montante',
    'refund.nothing_returned':
      'Com esta penalização não seria devolvido nada: a penalização deve ser inferior ao montante',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    invoicing: typeof INVOICING_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    invoicing: keyof typeof es;
  }
}
