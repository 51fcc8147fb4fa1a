import { cents, formatMoneyString, parseTypedMoney } from '../money/money.js';
import type { Language } from '../stores/stores.js';
import { validateEmail } from '../validators/email.js';
import { validatePortuguesePhone, validateSpanishPhone } from '../validators/phones.js';
import { normaliseIpOrRange } from './ip-address.js';
import { formatMessage } from '../i18n/format-message.js';

/**
 * The configuration lists of the back office (spec: registries, mercantile registries, certification types,
 * conservatórias, notary offices, providers and their payments, matches, municipalities and their aliases, IP
 * records), each described once: its fields, types, limits and unique keys. The server builds its routes, SQL and
 * CSV from these descriptions, the browser its forms; docs/backoffice.md, "Configuration lists".
 */

export type Labels = Record<Language, string>;

/** Every list, in menu order. */
export const CONFIG_LIST_KEYS = [
  'registros',
  'registro_certificaciones',
  'registros_mercantiles',
  'tipos_certificaciones',
  'conservatorias',
  'notarias',
  'providers',
  'provider_payments',
  'matches',
  'municipios',
  'municipio_alias',
  'ips',
] as const;

export type ConfigListKey = (typeof CONFIG_LIST_KEYS)[number];

export type FieldType =
  | 'text'
  | 'multiline'
  | 'email'
  | 'phone_es'
  | 'phone_pt'
  | 'ip'
  | 'boolean'
  | 'integer'
  | 'money'
  | 'date'
  | 'enum'
  | 'list';

export interface FieldDef {
  name: string;
  type: FieldType;
  label: Labels;
  required?: boolean;
  /** Longest text in characters (code points); for `list`, of each entry. */
  max?: number;
  /** `integer`: bounds. */
  min?: number;
  maxValue?: number;
  /** `enum`: the allowed values. */
  values?: readonly string[];
  /** `list`: the most entries. */
  maxItems?: number;
  /** `list`: entries always present (added when missing). */
  alwaysInclude?: readonly string[];
  /** The value a new record gets when the field is left out. */
  default?: FieldValue;
  /** Reference to another list's key (checked by the server). */
  references?: ConfigListKey;
  /** Searched by the list's `search` filter. */
  searchable?: boolean;
  /**
   * Kept by the server, never written through the record (provider payments' `files`: the names of the files
   * uploaded to the payment): a value given is refused (`read_only`), a CSV column is ignored on import.
   */
  readOnly?: boolean;
}

export type FieldValue = string | number | boolean | string[] | null;
export type RecordValues = Record<string, FieldValue>;

export interface ConfigListDef {
  key: ConfigListKey;
  /** Database table. */
  table: string;
  title: Labels;
  /** The key field: `text` keys are given by the admin (registry codes), `serial` ones by the database. */
  idField: string;
  idKind: 'text' | 'serial';
  fields: readonly FieldDef[];
  /** Field sets that must be unique across the list (besides the key). */
  unique: readonly (readonly string[])[];
  /** The spec's action names this list's API calls answer (docs/backoffice.md). */
  actions: readonly string[];
}

const L = (es: string, en: string, pt: string): Labels => ({ es, en, pt });

const ID_TEXT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

const nombre: FieldDef = {
  name: 'nombre',
  type: 'text',
  label: L('Nombre', 'Name', 'Nome'),
  required: true,
  max: 200,
  searchable: true,
};
const direccion: FieldDef = {
  name: 'direccion',
  type: 'text',
  label: L('Dirección', 'Address', 'Morada'),
  max: 300,
  searchable: true,
};
const localidad: FieldDef = {
  name: 'localidad',
  type: 'text',
  label: L('Localidad', 'Town', 'Localidade'),
  max: 120,
  searchable: true,
};
const provincia: FieldDef = {
  name: 'provincia',
  type: 'text',
  label: L('Provincia', 'Province', 'Província'),
  max: 120,
  searchable: true,
};
const codigoPostal: FieldDef = {
  name: 'codigo_postal',
  type: 'text',
  label: L('Código postal', 'Postcode', 'Código postal'),
  max: 10,
};
const email: FieldDef = { name: 'email', type: 'email', label: L('Correo', 'E-mail', 'E-mail'), searchable: true };
const telefonoEs: FieldDef = { name: 'telefono', type: 'phone_es', label: L('Teléfono', 'Phone', 'Telefone') };
const flag = (name: string, label: Labels): FieldDef => ({ name, type: 'boolean', label, default: false });

/** Attributes every certification or statute of a registry carries (spec). */
export const REQUIRED_CERTIFICATION_ATTRIBUTES = ['Instrucciones específicas', 'Modelo Adjunto'] as const;

export const PROVIDER_PAYMENT_STATUSES = ['pendiente', 'pagado', 'anulado'] as const;
/** The most files one provider payment holds (invoices, receipts, transfer proofs). */
export const PROVIDER_PAYMENT_MAX_FILES = 20;
/** What an IP record is for: only these addresses may sign in as staff (when any exist), or these may not sign in as customers. */
export const IP_RECORD_PURPOSES = ['staff_allow', 'customer_block'] as const;

const LISTS: Record<ConfigListKey, Omit<ConfigListDef, 'key'>> = {
  registros: {
    table: 'config_registros',
    title: L('Registros de la Propiedad', 'Land registries', 'Registos prediais (Espanha)'),
    idField: 'id_registro',
    idKind: 'text',
    fields: [
      nombre,
      direccion,
      localidad,
      provincia,
      codigoPostal,
      email,
      telefonoEs,
      flag('registro_lento', L('Registro lento', 'Slow registry', 'Registo lento')),
      {
        name: 'peticionario',
        type: 'text',
        label: L('Peticionario', 'Requester name', 'Requerente'),
        max: 200,
      },
      flag('negativa', L('Emite certificación negativa', 'Issues negative certificates', 'Emite certidão negativa')),
    ],
    unique: [],
    actions: ['update_registro'],
  },
  registro_certificaciones: {
    table: 'config_registro_certificaciones',
    title: L('Certificaciones y estatutos', 'Certificates and statutes', 'Certidões e estatutos'),
    idField: 'id',
    idKind: 'serial',
    fields: [
      {
        name: 'id_registro',
        type: 'text',
        label: L('Registro', 'Registry', 'Registo'),
        required: true,
        max: 64,
        references: 'registros',
        searchable: true,
      },
      nombre,
      { name: 'ayuda', type: 'multiline', label: L('Ayuda', 'Help', 'Ajuda'), max: 2000 },
      {
        name: 'atributos',
        type: 'list',
        label: L('Atributos', 'Attributes', 'Atributos'),
        max: 120,
        maxItems: 30,
        alwaysInclude: REQUIRED_CERTIFICATION_ATTRIBUTES,
      },
    ],
    unique: [['id_registro', 'nombre']],
    actions: ['update_registro'],
  },
  registros_mercantiles: {
    table: 'config_registros_mercantiles',
    title: L('Registros Mercantiles', 'Companies registries', 'Registos comerciais (Espanha)'),
    idField: 'id_registro',
    idKind: 'text',
    fields: [nombre, direccion, localidad, provincia, email, telefonoEs],
    unique: [],
    actions: ['update_registro_mercantil'],
  },
  tipos_certificaciones: {
    table: 'config_tipos_certificaciones',
    title: L('Tipos de certificación', 'Certificate types', 'Tipos de certidão'),
    idField: 'id',
    idKind: 'serial',
    fields: [
      nombre,
      { name: 'descripcion', type: 'multiline', label: L('Descripción', 'Description', 'Descrição'), max: 2000 },
    ],
    unique: [['nombre']],
    actions: [],
  },
  conservatorias: {
    table: 'config_conservatorias',
    title: L('Conservatorias (Portugal)', 'Conservatórias (Portugal)', 'Conservatórias'),
    idField: 'id',
    idKind: 'text',
    fields: [
      nombre,
      direccion,
      { name: 'ciudad', type: 'text', label: L('Ciudad', 'Town', 'Cidade'), max: 120, searchable: true },
      { name: 'telf1', type: 'phone_pt', label: L('Teléfono 1', 'Phone 1', 'Telefone 1') },
      { name: 'telf2', type: 'phone_pt', label: L('Teléfono 2', 'Phone 2', 'Telefone 2') },
      email,
      {
        name: 'email_update',
        type: 'email',
        label: L('Correo de actualizaciones', 'E-mail for updates', 'E-mail de atualizações'),
      },
      flag('lento', L('Lenta', 'Slow', 'Lenta')),
      flag('caderneta', L('Pide caderneta', 'Needs caderneta predial', 'Pede caderneta')),
      flag('retifica', L('Rectifica', 'Corrects records', 'Retifica')),
    ],
    unique: [],
    actions: ['update_registro_pt'],
  },
  notarias: {
    table: 'config_notarias',
    title: L('Notarías', 'Notary offices', 'Cartórios notariais'),
    idField: 'id_registro',
    idKind: 'text',
    fields: [nombre, direccion, localidad, provincia, email, telefonoEs],
    unique: [],
    actions: ['add_notario', 'update_notario', 'delete_notario'],
  },
  providers: {
    table: 'config_providers',
    title: L('Proveedores', 'Providers', 'Fornecedores'),
    idField: 'id',
    idKind: 'text',
    fields: [
      nombre,
      email,
      telefonoEs,
      {
        name: 'contacto',
        type: 'text',
        label: L('Persona de contacto', 'Contact person', 'Pessoa de contacto'),
        max: 200,
      },
      flag('hipotecas', L('Trámites de hipotecas', 'Mortgage procedures', 'Processos de hipotecas')),
      flag('escrituras', L('Trámites de escrituras', 'Deed procedures', 'Processos de escrituras')),
      { name: 'notas', type: 'multiline', label: L('Notas', 'Notes', 'Notas'), max: 2000 },
    ],
    unique: [],
    actions: ['add_provider', 'update_provider', 'delete_provider'],
  },
  provider_payments: {
    table: 'config_provider_payments',
    title: L('Pagos a proveedores', 'Provider payments', 'Pagamentos a fornecedores'),
    idField: 'id',
    idKind: 'serial',
    fields: [
      {
        name: 'provider_id',
        type: 'text',
        label: L('Proveedor', 'Provider', 'Fornecedor'),
        required: true,
        max: 64,
        references: 'providers',
        searchable: true,
      },
      {
        name: 'concepto',
        type: 'text',
        label: L('Concepto', 'Description', 'Descrição'),
        required: true,
        max: 300,
        searchable: true,
      },
      { name: 'importe', type: 'money', label: L('Importe (€)', 'Amount (€)', 'Montante (€)'), required: true },
      { name: 'fecha', type: 'date', label: L('Fecha', 'Date', 'Data'), required: true },
      {
        name: 'status',
        type: 'enum',
        label: L('Estado', 'Status', 'Estado'),
        values: PROVIDER_PAYMENT_STATUSES,
        default: 'pendiente',
      },
      {
        name: 'files',
        type: 'list',
        label: L('Archivos', 'Files', 'Ficheiros'),
        max: 255,
        maxItems: PROVIDER_PAYMENT_MAX_FILES,
        readOnly: true,
      },
    ],
    unique: [],
    actions: [
      'add_provider_payment',
      'update_status_provider_payment',
      'add_files_provider_payment',
      'delete_provider_payment',
    ],
  },
  matches: {
    table: 'config_matches',
    title: L('Coincidencias', 'Matches', 'Correspondências'),
    idField: 'id',
    idKind: 'serial',
    fields: [
      { name: 'match', type: 'text', label: L('Texto', 'Text', 'Texto'), required: true, max: 200, searchable: true },
      { name: 'type', type: 'text', label: L('Tipo', 'Type', 'Tipo'), required: true, max: 50, searchable: true },
    ],
    unique: [['match', 'type']],
    actions: ['add_match', 'update_match', 'delete_match'],
  },
  municipios: {
    table: 'config_municipios',
    title: L('Municipios', 'Municipalities', 'Municípios'),
    idField: 'id',
    idKind: 'serial',
    fields: [
      {
        name: 'nombre_landing',
        type: 'text',
        label: L('Nombre (web)', 'Name (web)', 'Nome (web)'),
        required: true,
        max: 200,
        searchable: true,
      },
      { name: 'alias_landing', type: 'text', label: L('Alias (web)', 'Alias (web)', 'Alias (web)'), max: 200 },
      {
        name: 'provincia_landing',
        type: 'text',
        label: L('Provincia (web)', 'Province (web)', 'Província (web)'),
        max: 120,
        searchable: true,
      },
      {
        name: 'nombre_registradores',
        type: 'text',
        label: L('Nombre (registradores)', 'Name (registrars)', 'Nome (registradores)'),
        max: 200,
        searchable: true,
      },
      {
        name: 'nombre_registradores2',
        type: 'text',
        label: L('Nombre 2 (registradores)', 'Name 2 (registrars)', 'Nome 2 (registradores)'),
        max: 200,
      },
    ],
    unique: [['nombre_landing', 'provincia_landing']],
    actions: [],
  },
  municipio_alias: {
    table: 'config_municipio_alias',
    title: L('Alias de municipios', 'Municipality aliases', 'Alias de municípios'),
    idField: 'id',
    idKind: 'serial',
    fields: [
      { name: 'alias', type: 'text', label: L('Alias', 'Alias', 'Alias'), required: true, max: 200, searchable: true },
      {
        name: 'municipio',
        type: 'integer',
        label: L('Municipio (id)', 'Municipality (id)', 'Município (id)'),
        required: true,
        min: 1,
        maxValue: 2_147_483_647,
        references: 'municipios',
      },
    ],
    unique: [['alias']],
    actions: ['add_alias', 'update_alias', 'delete_alias'],
  },
  ips: {
    table: 'config_ips',
    title: L('Registros de IP', 'IP records', 'Registos de IP'),
    idField: 'id',
    idKind: 'serial',
    fields: [
      {
        name: 'ip',
        type: 'ip',
        label: L('IP o rango (CIDR)', 'IP or range (CIDR)', 'IP ou intervalo (CIDR)'),
        required: true,
        searchable: true,
      },
      {
        name: 'purpose',
        type: 'enum',
        label: L('Uso', 'Purpose', 'Finalidade'),
        values: IP_RECORD_PURPOSES,
        required: true,
      },
      { name: 'date', type: 'date', label: L('Fecha', 'Date', 'Data'), required: true },
      {
        name: 'user',
        type: 'text',
        label: L('Usuario o motivo', 'User or reason', 'Utilizador ou motivo'),
        max: 254,
        searchable: true,
      },
    ],
    unique: [['ip', 'purpose']],
    actions: ['add_ip', 'delete_ip'],
  },
};

/** The description of a list. */
export const CONFIG_LISTS: Record<ConfigListKey, ConfigListDef> = Object.fromEntries(
  CONFIG_LIST_KEYS.map((key) => [key, { key, ...LISTS[key] }]),
) as Record<ConfigListKey, ConfigListDef>;

/** Whether a string names a list. */
export function isConfigListKey(value: unknown): value is ConfigListKey {
  return typeof value === 'string' && (CONFIG_LIST_KEYS as readonly string[]).includes(value);
}

/** Enum labels (statuses, IP purposes) in es/en/pt. */
export const CONFIG_ENUM_LABELS: Record<string, Labels> = {
  pendiente: L('Pendiente', 'Pending', 'Pendente'),
  pagado: L('Pagado', 'Paid', 'Pago'),
  anulado: L('Anulado', 'Cancelled', 'Anulado'),
  staff_allow: L('Permitida para el personal', 'Allowed for staff sign-in', 'Permitido ao pessoal'),
  customer_block: L('Bloqueada para clientes', 'Blocked for customers', 'Bloqueado para clientes'),
};

export type ConfigFieldErrorCode =
  | 'required'
  | 'too_long'
  | 'invalid_characters'
  | 'invalid_email'
  | 'invalid_phone'
  | 'invalid_ip'
  | 'invalid_boolean'
  | 'not_an_integer'
  | 'out_of_range'
  | 'invalid_money'
  | 'bad_date'
  | 'unknown_value'
  | 'too_many_items'
  | 'invalid_key'
  | 'unknown_field'
  | 'duplicate'
  | 'unknown_reference'
  | 'bad_header'
  | 'bad_csv'
  | 'too_many_rows'
  | 'read_only';

export interface ConfigFieldError {
  field: string;
  code: ConfigFieldErrorCode;
  params?: Record<string, string | number>;
}

export type ConfigValidation = { ok: true; values: RecordValues } | { ok: false; errors: ConfigFieldError[] };

// C0 and C1 controls (NUL included), and lone surrogates; tabs and newlines only in multiline fields.
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LINE_BREAK = /[\t\n\r]/;
const MAX_PLAIN = 2000;
const length = (s: string) => [...s].length;

const TRUE_WORDS = new Set(['true', '1', 'si', 'sí', 'yes', 'sim', 'x']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'não', 'nao', '']);

/** A real calendar day `YYYY-MM-DD`, years 1900-2999. */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The largest amount a money field holds: 9,999,999.99. */
const MAX_LIST_MONEY = cents(999_999_999);

function checkText(
  field: FieldDef,
  raw: string,
): { value: string } | { error: ConfigFieldErrorCode; params?: Record<string, number> } {
  if (CONTROL.test(raw) || (field.type !== 'multiline' && LINE_BREAK.test(raw.trim()))) {
    return { error: 'invalid_characters' };
  }
  const value = raw.trim();
  const max = field.max ?? MAX_PLAIN;
  if (length(value) > max) return { error: 'too_long', params: { max } };
  return { value };
}

/**
 * Checks one field's raw value (from JSON or a CSV cell) and returns its stored form: text trimmed, e-mails and
 * phones normalised, booleans and integers typed, money in cents, lists as arrays. Empty means null.
 */
export function checkFieldValue(
  field: FieldDef,
  raw: unknown,
):
  | { ok: true; value: FieldValue }
  | { ok: false; code: ConfigFieldErrorCode; params?: Record<string, string | number> } {
  const fail = (code: ConfigFieldErrorCode, params?: Record<string, string | number>) =>
    ({ ok: false, code, ...(params ? { params } : {}) }) as const;
  if (field.type === 'boolean') {
    if (typeof raw === 'boolean') return { ok: true, value: raw };
    if (raw === null || raw === undefined) return { ok: true, value: false };
    if (typeof raw === 'string') {
      const word = raw.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
    }
    return fail('invalid_boolean');
  }
  if (field.type === 'list') {
    const entries: unknown[] = Array.isArray(raw)
      ? raw
      : typeof raw === 'string'
        ? raw.split('|')
        : raw === null || raw === undefined
          ? []
          : [raw];
    const out: string[] = [];
    for (const entry of entries) {
      if (typeof entry !== 'string') return fail('invalid_characters');
      const checked = checkText({ ...field, type: 'text' }, entry);
      if ('error' in checked) return fail(checked.error, checked.params);
      if (checked.value !== '' && !out.includes(checked.value)) out.push(checked.value);
    }
    for (const required of field.alwaysInclude ?? []) if (!out.includes(required)) out.push(required);
    if (out.length > (field.maxItems ?? 50)) return fail('too_many_items', { max: field.maxItems ?? 50 });
    return { ok: true, value: out };
  }
  if (field.type === 'integer' && typeof raw === 'number') raw = Number.isFinite(raw) ? String(raw) : 'x';
  if (raw === null || raw === undefined) raw = '';
  if (typeof raw !== 'string') return fail('invalid_characters');
  if (raw.length > 20_000) return fail('too_long', { max: field.max ?? MAX_PLAIN });
  const text = checkText(field, raw);
  if ('error' in text) return fail(text.error, text.params);
  const value = text.value;
  if (value === '') return field.required ? fail('required') : { ok: true, value: null };
  switch (field.type) {
    case 'text':
    case 'multiline':
      return { ok: true, value };
    case 'email': {
      const r = validateEmail(value);
      return r.ok ? { ok: true, value: r.normalised } : fail('invalid_email');
    }
    case 'phone_es':
    case 'phone_pt': {
      const r = (field.type === 'phone_es' ? validateSpanishPhone : validatePortuguesePhone)(value);
      return r.ok ? { ok: true, value: r.normalised } : fail('invalid_phone');
    }
    case 'ip': {
      const ip = normaliseIpOrRange(value);
      return ip ? { ok: true, value: ip } : fail('invalid_ip');
    }
    case 'integer': {
      if (!/^\d{1,10}$/.test(value)) return fail('not_an_integer');
      const n = Number(value);
      const min = field.min ?? 0;
      const max = field.maxValue ?? 2_147_483_647;
      return n < min || n > max ? fail('out_of_range', { min, max }) : { ok: true, value: n };
    }
    case 'money': {
      const amount = parseTypedMoney(value, MAX_LIST_MONEY);
      return amount === null ? fail('invalid_money') : { ok: true, value: amount };
    }
    case 'date':
      return isCalendarDay(value) ? { ok: true, value } : fail('bad_date');
    case 'enum':
      return field.values?.includes(value) ? { ok: true, value } : fail('unknown_value');
  }
}

/** Checks a key given by the admin (text keys: letters, digits, `_ . -`, up to 64 characters). */
export function checkRecordKey(list: ConfigListDef, raw: unknown): string | null {
  if (list.idKind === 'serial') {
    const text = typeof raw === 'number' ? String(raw) : raw;
    return typeof text === 'string' && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? text : null;
  }
  return typeof raw === 'string' && ID_TEXT_PATTERN.test(raw) ? raw : null;
}

/**
 * Checks a whole record for `create` (every field; missing ones take their default) or `update` (the fields given
 * replace the stored ones; `current` holds the rest). Unknown fields are refused. All errors are reported at once.
 */
export function validateRecord(
  list: ConfigListDef,
  input: Record<string, unknown>,
  current?: RecordValues,
): ConfigValidation {
  const errors: ConfigFieldError[] = [];
  const values: RecordValues = {};
  const known = new Set(list.fields.map((f) => f.name));
  for (const name of Object.keys(input)) {
    if (!known.has(name)) errors.push({ field: name, code: 'unknown_field' });
  }
  for (const field of list.fields) {
    const given = Object.hasOwn(input, field.name);
    if (given && field.readOnly) {
      errors.push({ field: field.name, code: 'read_only' });
      continue;
    }
    if (!given && current && Object.hasOwn(current, field.name)) {
      values[field.name] = current[field.name] ?? null;
      continue;
    }
    const raw = given ? input[field.name] : field.default !== undefined ? field.default : undefined;
    const checked = checkFieldValue(field, raw);
    if (checked.ok) values[field.name] = checked.value;
    else errors.push({ field: field.name, code: checked.code, ...(checked.params ? { params: checked.params } : {}) });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
}

/** A stored value as one CSV cell / form field text (lists joined by `|`, money "25.12", booleans `true`/`false`). */
export function fieldText(field: FieldDef, value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'money' && typeof value === 'number') return formatMoneyString(cents(value));
  if (Array.isArray(value)) return value.join('|');
  return String(value);
}

/** The characters a spreadsheet starts a formula with. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);
const startsFormula = (text: string) => FORMULA_START.has(text.charAt(0));

/**
 * Neutralises spreadsheet formulas in an exported cell: text beginning with `=`, `+`, `-`, `@`, a tab or a carriage
 * return gets a leading apostrophe (OWASP "CSV injection"), so a spreadsheet shows it as text.
 */
export function csvSafeCell(text: string): string {
  return startsFormula(text) ? `'${text}` : text;
}

/** Undoes {@link csvSafeCell} on import, so an exported file re-imports unchanged. */
export function csvUnsafeCell(text: string): string {
  return text.startsWith("'") && startsFormula(text.slice(1)) ? text.slice(1) : text;
}

const MESSAGES: Record<ConfigFieldErrorCode, Labels> = {
  required: L('Por favor, escribe el dato', 'Please fill in this field', 'Por favor, preencha este campo'),
  too_long: L(
    'El texto es demasiado largo (máximo {max} caracteres)',
    'The text is too long (at most {max} characters)',
    'O texto é demasiado longo (máximo {max} caracteres)',
  ),
  invalid_characters: L(
    'Contiene caracteres no permitidos',
    'It contains characters that are not allowed',
    'Contém caracteres não permitidos',
  ),
  invalid_email: L('El correo electrónico no es válido', 'The e-mail address is not valid', 'O e-mail não é válido'),
  invalid_phone: L('El teléfono no es válido', 'The phone number is not valid', 'O telefone não é válido'),
  invalid_ip: L(
    'Escribe una IP o un rango CIDR válido',
    'Enter a valid IP address or CIDR range',
    'Escreva um IP ou intervalo CIDR válido',
  ),
  invalid_boolean: L('Escribe sí o no', 'Enter yes or no', 'Escreva sim ou não'),
  not_an_integer: L('Escribe un número entero', 'Enter a whole number', 'Escreva um número inteiro'),
  out_of_range: L(
    'El número debe estar entre {min} y {max}',
    'The number must be between {min} and {max}',
    'O número deve estar entre {min} e {max}',
  ),
  invalid_money: L('Escribe un importe como 25.12', 'Enter an amount such as 25.12', 'Escreva um montante como 25.12'),
  bad_date: L('Escribe una fecha AAAA-MM-DD', 'Enter a date YYYY-MM-DD', 'Escreva uma data AAAA-MM-DD'),
  unknown_value: L('Por favor, selecciona una opción', 'Please choose an option', 'Por favor, escolha uma opção'),
  too_many_items: L('Como máximo {max} elementos', 'At most {max} entries', 'No máximo {max} elementos'),
  invalid_key: L(
    'El identificador admite letras, cifras, _ . - (hasta 64)',
    'The identifier takes letters, digits, _ . - (up to 64)',
    'O identificador admite letras, algarismos, _ . - (até 64)',
  ),
  unknown_field: L('Campo desconocido', 'Unknown field', 'Campo desconhecido'),
  duplicate: L(
    'Ya existe un registro con este valor',
    'A record with this value exists',
    'Já existe um registo com este valor',
  ),
  unknown_reference: L('No existe en su lista', 'It does not exist in its list', 'Não existe na sua lista'),
  bad_header: L(
    'Columna desconocida en la cabecera',
    'Unknown column in the header',
    'Coluna desconhecida no cabeçalho',
  ),
  bad_csv: L('El archivo CSV no se puede leer', 'The CSV file cannot be read', 'O ficheiro CSV não pode ser lido'),
  too_many_rows: L('Como máximo {max} filas', 'At most {max} rows', 'No máximo {max} linhas'),
  read_only: L(
    'Este dato no se escribe aquí: sube o borra los archivos del pago',
    "This is not written here: upload or delete the payment's files",
    'Este dado não se escreve aqui: carregue ou apague os ficheiros do pagamento',
  ),
};

/** The message of a field error in a language. */
export function configFieldErrorMessage(language: Language, error: Pick<ConfigFieldError, 'code' | 'params'>): string {
  return formatMessage(language, MESSAGES[error.code][language], error.params);
}
