/*
 * An agent's own settings (spec: currentuser config: aircall users, correos, product lists; docs/backoffice.md,
 * "Mis ajustes"). Pure: the server checks each save here; the page uses the same limits.
 */

import type { DomainMessage } from '../i18n/domain-messages.js';
import { BAD_CHARACTERS } from './staff-edits.js';

/** The telephony user the agent's calls go through (Aircall): its user id and the number shown to customers. */
export interface AircallSettings {
  user_id: string | null;
  number: string | null;
}

/** Correos (Spanish post) sending data: the label printer code and the contract and customer numbers. */
export interface CorreosSettings {
  codigo_etiquetador: string | null;
  numero_contrato: string | null;
  numero_cliente: string | null;
}

/** A list of products the agent works with (spec: product lists with id, name, short_name, product_names). */
export interface ProductList {
  id: string;
  name: string;
  short_name: string;
  product_names: string[];
}

/** What "Mis ajustes" edits. */
export interface OwnSettings {
  aircall: AircallSettings;
  correos: CorreosSettings;
  product_lists: ProductList[];
}

export const PRODUCT_LISTS_MAX = 20;
export const PRODUCT_NAMES_MAX = 50;
export const SETTING_TEXT_MAX = 100;
export const SHORT_NAME_MAX = 12;

export interface SettingsProblem {
  /** The field's path, e.g. `aircall.number` or `product_lists.2.name`. */
  field: string;
  message: DomainMessage;
}

const LIST_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** A blank setting is none. */
function optional(value: string | null, field: string, problems: SettingsProblem[], pattern?: RegExp): string | null {
  const v = (value ?? '').trim();
  if (v === '') return null;
  if (BAD_CHARACTERS.test(v)) problems.push({ field, message: { key: 'saved_item.invalid_characters' } });
  else if ([...v].length > SETTING_TEXT_MAX)
    problems.push({ field, message: { key: 'validation.too_long', params: { max: SETTING_TEXT_MAX } } });
  else if (pattern && !pattern.test(v)) problems.push({ field, message: { key: 'agent_settings.format' } });
  return v;
}

function required(value: string, field: string, max: number, problems: SettingsProblem[]): string {
  const v = value.trim();
  if (v === '') problems.push({ field, message: { key: 'validation.required_text' } });
  else if (BAD_CHARACTERS.test(v)) problems.push({ field, message: { key: 'saved_item.invalid_characters' } });
  else if ([...v].length > max) problems.push({ field, message: { key: 'validation.too_long', params: { max } } });
  return v;
}

/**
 * Checks the agent's own settings: texts one line and short; the Aircall number a phone (digits, optional "+"), the
 * Correos codes letters and digits; product lists with unique ids (lowercase, digits, `_ -`), names, short names
 * and unique product names. Every problem at once, with the field's path.
 */
export function checkOwnSettings(
  input: OwnSettings,
): { ok: true; value: OwnSettings } | { ok: false; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  const code = /^[A-Za-z0-9]+$/;
  const value: OwnSettings = {
    aircall: {
      user_id: optional(input.aircall.user_id, 'aircall.user_id', problems, code),
      number: optional(input.aircall.number, 'aircall.number', problems, /^\+?\d{6,15}$/),
    },
    correos: {
      codigo_etiquetador: optional(input.correos.codigo_etiquetador, 'correos.codigo_etiquetador', problems, code),
      numero_contrato: optional(input.correos.numero_contrato, 'correos.numero_contrato', problems, code),
      numero_cliente: optional(input.correos.numero_cliente, 'correos.numero_cliente', problems, code),
    },
    product_lists: [],
  };
  if (input.product_lists.length > PRODUCT_LISTS_MAX) {
    problems.push({
      field: 'product_lists',
      message: { key: 'saved_item.too_many', params: { max: PRODUCT_LISTS_MAX } },
    });
    return { ok: false, problems };
  }
  const ids = new Set<string>();
  input.product_lists.forEach((list, i) => {
    const at = `product_lists.${i}`;
    const id = list.id.trim();
    if (!LIST_ID.test(id)) problems.push({ field: `${at}.id`, message: { key: 'agent_settings.format' } });
    else if (ids.has(id)) problems.push({ field: `${at}.id`, message: { key: 'saved_item.repeated_value' } });
    ids.add(id);
    const name = required(list.name, `${at}.name`, SETTING_TEXT_MAX, problems);
    const shortName = required(list.short_name, `${at}.short_name`, SHORT_NAME_MAX, problems);
    const names: string[] = [];
    if (list.product_names.length > PRODUCT_NAMES_MAX) {
      problems.push({
        field: `${at}.product_names`,
        message: { key: 'saved_item.too_many', params: { max: PRODUCT_NAMES_MAX } },
      });
    } else {
      list.product_names.forEach((n, j) => {
        const v = required(n, `${at}.product_names.${j}`, SETTING_TEXT_MAX, problems);
        if (names.some((m) => m.toLowerCase() === v.toLowerCase()))
          problems.push({ field: `${at}.product_names.${j}`, message: { key: 'saved_item.repeated_value' } });
        names.push(v);
      });
    }
    value.product_lists.push({ id, name, short_name: shortName, product_names: names });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}

/** The settings of an agent who saved none. */
export const EMPTY_OWN_SETTINGS: OwnSettings = {
  aircall: { user_id: null, number: null },
  correos: { codigo_etiquetador: null, numero_contrato: null, numero_cliente: null },
  product_lists: [],
};
