import { withoutSpaces } from './check-result.js';

/**
 * Spanish credit institutions by their 4-digit entity code (código de entidad, the first four digits of a CCC and
 * digits 5-8 of a Spanish IBAN), for the `banco` question (a mortgage's bank).
 *
 * Source: Banco de España, Registro Oficial de Entidades (https://www.bde.es/bde/es/secciones/servicios/Profesionale/
 * Registros_de_ent/), the public register of credit institutions and their codes; names shortened to the brand the
 * customer knows. Entities merged into another keep their code with `absorbed_by`: a mortgage signed with Bankia in
 * 2008 is cancelled today with CaixaBank, and the customer remembers the old name. The list is written down here (no
 * network at runtime); refresh it from the register when entities change (docs/shop-flows.md, "Bank picker").
 */
export interface SpanishBank {
  code: string;
  name: string;
  /** The code of the entity that took it over (its own code no longer opens accounts). */
  absorbed_by?: string;
}

export const SPANISH_BANKS: readonly SpanishBank[] = [
  { code: '0019', name: 'Deutsche Bank' },
  { code: '0030', name: 'Banesto (Banco Español de Crédito)', absorbed_by: '0049' },
  { code: '0031', name: 'Banco Etcheverría' },
  { code: '0049', name: 'Banco Santander' },
  { code: '0061', name: 'Banca March' },
  { code: '0065', name: 'Barclays Bank', absorbed_by: '2100' },
  { code: '0073', name: 'Openbank' },
  { code: '0075', name: 'Banco Popular Español', absorbed_by: '0049' },
  { code: '0078', name: 'Banca Pueyo' },
  { code: '0081', name: 'Banco Sabadell' },
  { code: '0083', name: 'Renta 4 Banco' },
  { code: '0128', name: 'Bankinter' },
  { code: '0130', name: 'Banco Caixa Geral', absorbed_by: '2080' },
  { code: '0131', name: 'Novo Banco' },
  { code: '0133', name: 'MicroBank' },
  { code: '0138', name: 'Bankoa' },
  { code: '0182', name: 'BBVA (Banco Bilbao Vizcaya Argentaria)' },
  { code: '0186', name: 'Banco Mediolanum' },
  { code: '0188', name: 'Banco Alcalá' },
  { code: '0198', name: 'Banco Cooperativo Español' },
  { code: '0211', name: 'EBN Banco de Negocios' },
  { code: '0216', name: 'Targobank' },
  { code: '0234', name: 'Banco Caminos' },
  { code: '0237', name: 'Cajasur Banco' },
  { code: '0238', name: 'Banco Pastor', absorbed_by: '0049' },
  { code: '0239', name: 'EVO Banco' },
  { code: '0487', name: 'Banco Mare Nostrum (BMN)', absorbed_by: '2100' },
  { code: '1465', name: 'ING' },
  { code: '1474', name: 'Citibank Europe' },
  { code: '1491', name: 'Triodos Bank' },
  { code: '2000', name: 'Cecabank' },
  { code: '2038', name: 'Bankia', absorbed_by: '2100' },
  { code: '2045', name: 'Caixa Ontinyent' },
  { code: '2048', name: 'Liberbank', absorbed_by: '2103' },
  { code: '2056', name: 'Colonya Caixa Pollença' },
  { code: '2080', name: 'Abanca' },
  { code: '2085', name: 'Ibercaja Banco' },
  { code: '2095', name: 'Kutxabank' },
  { code: '2100', name: 'CaixaBank' },
  { code: '2103', name: 'Unicaja Banco' },
  { code: '2105', name: 'Banco de Castilla-La Mancha', absorbed_by: '2103' },
  { code: '3008', name: 'Caja Rural de Navarra' },
  { code: '3025', name: 'Caixa de Crèdit dels Enginyers' },
  { code: '3035', name: 'Laboral Kutxa (Caja Laboral Popular)' },
  { code: '3058', name: 'Cajamar Caja Rural' },
  { code: '3081', name: 'Eurocaja Rural' },
  { code: '3183', name: 'Arquia Bank (Caja de Arquitectos)' },
];

const BY_CODE: ReadonlyMap<string, SpanishBank> = new Map(SPANISH_BANKS.map((b) => [b.code, b]));

/** The bank with this entity code, or undefined. */
export function spanishBank(code: string): SpanishBank | undefined {
  return BY_CODE.get(code);
}

/**
 * The entity code an account names: the first 4 digits of a CCC (20 digits) or digits 5-8 of a Spanish IBAN; null
 * for anything else (a foreign IBAN names no Spanish entity). Only the shape is read: the account's own validator
 * checks its digits.
 */
export function accountEntity(account: string): string | null {
  const compact = withoutSpaces(account).toUpperCase();
  if (/^\d{20}$/.test(compact)) return compact.slice(0, 4);
  if (/^ES\d{22}$/.test(compact)) return compact.slice(4, 8);
  return null;
}

/** Whether a chosen bank fits an account: same entity, or the entity it was absorbed into (and the reverse). */
export function bankMatchesAccount(code: string, account: string): boolean {
  const entity = accountEntity(account);
  if (entity === null) return true;
  if (entity === code) return true;
  return spanishBank(code)?.absorbed_by === entity || spanishBank(entity)?.absorbed_by === code;
}

let bankChoiceList: ReadonlyArray<{ value: string; label: string }> | null = null;

/**
 * The `banco` question's choices, as the wizard and the pages without a script list them: every bank by name (absorbed
 * ones too: old mortgages name them), labelled with its entity code, the value being the code. Sorted once, with one
 * collator (`localeCompare` with a locale makes one per comparison: tens of milliseconds on a phone).
 */
export function bankChoices(): ReadonlyArray<{ value: string; label: string }> {
  const collator = new Intl.Collator('es');
  bankChoiceList ??= [...SPANISH_BANKS]
    .sort((a, b) => collator.compare(a.name, b.name))
    .map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }));
  return bankChoiceList;
}
