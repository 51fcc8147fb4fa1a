import { feeLines, formatMoneyString, type ProductForm, type RateBp } from '@ventanilla/domain';

/**
 * The product-level flow rules as the product JSON shows them, with the spec's field names (conditions_to_exit is
 * `false` when there is none, as in the spec). Fee products show their price before VAT and with it.
 */
export function formRulesJson(form: ProductForm, vatRate: RateBp) {
  const exits = form.conditions_to_exit ?? [];
  return {
    conditions_to_redirect: (form.conditions_to_redirect ?? []).map((r) => ({
      option_id: r.option_id,
      value: r.value,
      ...(r.op ? { op: r.op } : {}),
      product_id_in: r.product_id_in,
      product_id_out: r.product_id_out,
      step_saved: r.step_saved,
    })),
    conditions_to_exit: exits.length > 0 ? exits : (false as const),
    conditions_to_earlycheckout: form.conditions_to_earlycheckout ?? null,
    questions_on_confirm: form.questions_on_confirm ?? [],
    question_on_start: form.question_on_start ?? null,
    related_product: feeLines(form.related_product, vatRate).map((r) => ({
      product_id: r.product_id,
      name: r.name,
      base_price: formatMoneyString(r.price),
      price: formatMoneyString(r.total),
      vat: r.vat,
    })),
  };
}
