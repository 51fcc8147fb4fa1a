// A product's question form between its catalogue file, the stored row (prices in cents) and the domain engine.
import {
  DISPLAY_FLAGS,
  money,
  type Cents,
  type DisplayFlag,
  type ProductForm,
  type ProductOption,
} from '@ventanilla/domain';
import type { StoredProductForm } from '../../db/schema.js';
import type { FormRecord } from './catalog-files.js';

function displayFlags(option: FormRecord['options'][number]): Partial<Record<DisplayFlag, boolean>> | undefined {
  const raw = option as Record<string, unknown>;
  const set = DISPLAY_FLAGS.filter((f) => raw[f] !== undefined).map(
    (f) => [f, raw[f] === true || raw[f] === 1] as const,
  );
  return set.length > 0 ? Object.fromEntries(set) : undefined;
}

/** The form file in the shape the engine reads (prices in cents), with the product-level flow rules. */
export function toStoredForm(form: FormRecord | undefined): StoredProductForm {
  if (!form) return { steps: [], options: [] };
  return {
    steps: form.steps,
    options: form.options.map((o) => {
      const display = displayFlags(o);
      return {
        option_id: o.option_id,
        type: o.type,
        is_require: o.is_require === 1,
        title: o.title,
        placeholder: o.placeholder,
        error: o.error,
        price: money(o.price),
        index: o.index,
        previous_steps: o.previous_steps,
        opt_values: o.opt_values.map((v) => ({
          id: v.id,
          name: v.name,
          price: money(v.price),
          ...(v.code ? { code: v.code } : {}),
        })),
        ...(o.max_length ? { max_length: o.max_length } : {}),
        ...(o.autounset_option_values?.length ? { autounset_option_values: o.autounset_option_values } : {}),
        ...(o.validator ? { validator: o.validator } : {}),
        ...(display ? { display } : {}),
        ...(o.place ? { place: o.place } : {}),
        ...(o.document ? { document: o.document } : {}),
      };
    }),
    conditions_to_redirect: form.conditions_to_redirect ?? [],
    conditions_to_exit: form.conditions_to_exit || [],
    conditions_to_earlycheckout: form.conditions_to_earlycheckout ?? null,
    questions_on_confirm: form.questions_on_confirm ?? [],
    question_on_start: form.question_on_start ?? null,
    related_product: (form.related_product ?? []).map((r) => ({
      product_id: r.product_id,
      name: r.name,
      price: money(r.price),
      vat: r.vat ?? true,
    })),
    ...(form.related_conditions?.length ? { related_conditions: form.related_conditions } : {}),
  };
}

/** The engine's form from what the seed stored (prices as cents); the rules default to none for older rows. */
export function fromStoredForm(
  stored: StoredProductForm,
  product: { product_id: number; base_price: Cents; official_fee: Cents },
): ProductForm {
  return {
    product_id: product.product_id,
    base_price: product.base_price,
    official_fee: product.official_fee,
    steps: stored.steps,
    options: stored.options.map((o) => ({
      ...o,
      type: o.type as ProductOption['type'],
      price: o.price,
      opt_values: o.opt_values.map((v) => ({ ...v, price: v.price })),
    })),
    conditions_to_redirect: stored.conditions_to_redirect ?? [],
    conditions_to_exit: stored.conditions_to_exit ?? [],
    conditions_to_earlycheckout: stored.conditions_to_earlycheckout ?? null,
    questions_on_confirm: stored.questions_on_confirm ?? [],
    question_on_start: stored.question_on_start ?? null,
    related_product: (stored.related_product ?? []).map((r) => ({ ...r, price: r.price })),
    related_conditions: stored.related_conditions ?? [],
  };
}
