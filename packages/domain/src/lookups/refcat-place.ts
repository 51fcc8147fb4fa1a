import type { AnswerValue, ProductForm } from '../forms/product-form.js';
import { placeKindOf } from '../forms/place-answers.js';
import { parseRefcatQuery, type RefcatQuery } from './cadastral-record.js';

/** A cadastral reference answered beside the municipality the customer chose: what the server checks against. */
export interface RefcatPlaceCheck {
  /** The question of the reference (where an error goes). */
  refcatOptionId: number;
  query: Extract<RefcatQuery, { ok: true }>;
  /** INE code (5 digits) of the chosen Spanish municipality. */
  municipalityCode: string;
}

/**
 * The references a form's answers give beside a chosen Spanish municipality (a question with the `refcat` validator and
 * a `municipio` question, both answered). Nothing when either is missing: there is nothing to compare.
 */
export function refcatPlaceChecks(
  form: ProductForm,
  answers: Readonly<Record<string, AnswerValue>>,
): RefcatPlaceCheck[] {
  const municipality = form.options.find(
    (o) => placeKindOf(o) === 'es_municipality' && typeof answers[String(o.option_id)] === 'string',
  );
  const municipalityCode = municipality ? (answers[String(municipality.option_id)] as string) : '';
  if (!/^\d{5}$/.test(municipalityCode)) return [];
  return form.options.flatMap((o) => {
    const answer = answers[String(o.option_id)];
    if (o.validator !== 'refcat' || typeof answer !== 'string') return [];
    const query = parseRefcatQuery(answer);
    return query.ok ? [{ refcatOptionId: o.option_id, query, municipalityCode }] : [];
  });
}

/**
 * Where the records of a reference say the property is, when that is not the chosen municipality: the name of the
 * municipality to tell the customer. Undefined when the reference is unknown (nothing to compare) or one of its records
 * is in the chosen municipality.
 */
export function refcatElsewhere(
  records: readonly { municipality_code: string; municipality: string }[],
  municipalityCode: string,
): string | undefined {
  if (records.length === 0 || records.some((r) => r.municipality_code === municipalityCode)) return undefined;
  return records[0]!.municipality;
}
