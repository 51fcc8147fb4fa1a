import { type ValidatorName } from '../forms/product-form.js';
import { type DomainMessage, type DomainMessageKey } from '../i18n/domain-messages.js';
import { type CheckResult, type InvalidReason } from './check-result.js';
import { validateCcc, validateIban } from './bank-accounts.js';
import { validateCadastralReference } from './cadastral-reference.js';
import { validateSpanishPlate } from './car-plate.js';
import { validateEmail } from './email.js';
import { validateIdufir } from './idufir.js';
import { validateDescricaoPredial } from './descricao-predial.js';
import { validatePortugueseNif } from './nif-pt.js';
import { validatePortuguesePhone, validateSpanishPhone } from './phones.js';
import {
  type SpanishTaxIdResult,
  validateCif,
  validateDni,
  validateNie,
  validatePersonalTaxId,
  validateSpanishTaxId,
} from './tax-ids-es.js';

/**
 * Outcome of {@link validateByName}: the canonical value to store, or the message to show. It has the shape of the
 * form engine's `ValidationResult`, so `validateByName` can be passed as its `validate` option.
 */
export type ValidatorOutcome = { ok: true; normalised: string } | { ok: false; message: DomainMessage };

// Reasons with one message whatever the validator.
const REASON_MESSAGES: Partial<Record<InvalidReason, DomainMessageKey>> = {
  empty: 'validation.required_text',
  separators: 'validator.no_separators',
  country: 'validator.iban_country',
};

const TAX_ID_MESSAGES = {
  dni: 'validator.dni',
  nie: 'validator.nie',
  cif: 'validator.cif',
  klm: 'validator.nif',
} as const;

function toOutcome(result: CheckResult, key: DomainMessageKey): ValidatorOutcome {
  if (result.ok) return { ok: true, normalised: result.normalised };
  return { ok: false, message: { key: REASON_MESSAGES[result.reason] ?? key } };
}

/** For DNI-or-NIE and any-tax-id answers, the message names the kind the answer looks like. */
function taxIdOutcome(result: SpanishTaxIdResult, fallback: DomainMessageKey): ValidatorOutcome {
  if (result.ok) return { ok: true, normalised: result.normalised };
  return toOutcome(result, result.kind === undefined ? fallback : TAX_ID_MESSAGES[result.kind]);
}

const VALIDATORS: Record<ValidatorName, (value: string) => ValidatorOutcome> = {
  dni: (v) => toOutcome(validateDni(v), 'validator.dni'),
  nie: (v) => toOutcome(validateNie(v), 'validator.nie'),
  nif: (v) => taxIdOutcome(validatePersonalTaxId(v), 'validator.nif'),
  cif: (v) => toOutcome(validateCif(v), 'validator.cif'),
  nif_es: (v) => taxIdOutcome(validateSpanishTaxId(v), 'validator.nif_es'),
  nif_pt: (v) => toOutcome(validatePortugueseNif(v), 'validator.nif_pt'),
  refcat: (v) => toOutcome(validateCadastralReference(v), 'validator.refcat'),
  ccc: (v) => toOutcome(validateCcc(v), 'validator.ccc'),
  iban: (v) => toOutcome(validateIban(v), 'validator.iban'),
  phone_es: (v) => toOutcome(validateSpanishPhone(v), 'validator.phone_es'),
  phone_pt: (v) => toOutcome(validatePortuguesePhone(v), 'validator.phone_pt'),
  email: (v) => toOutcome(validateEmail(v), 'validator.email'),
  plate_es: (v) => toOutcome(validateSpanishPlate(v), 'validator.plate_es'),
  idufir: (v) => toOutcome(validateIdufir(v), 'validator.idufir'),
  descricao_predial: (v) => toOutcome(validateDescricaoPredial(v), 'validator.descricao_predial'),
};

/**
 * Checks an answer with the validator an option names. Callers skip empty optional answers; an empty value here
 * gets the "please enter this information" message.
 */
export function validateByName(name: ValidatorName, value: string): ValidatorOutcome {
  return VALIDATORS[name](value);
}
