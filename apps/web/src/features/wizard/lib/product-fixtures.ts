// Complete API shapes for the wizard's unit tests: every field the contract requires, so fixtures follow the
// generated types (a contract change shows up here too). Only imported by *.test.ts files.
import { moneyString } from '@ventanilla/domain';
import type { Product, ProductOption } from '../../../shared/lib/api-contract';

/** A question with the contract's defaults (required text field, no price, no flags). */
export function optionFixture(option_id: number, extra: Partial<ProductOption> = {}): ProductOption {
  const base: ProductOption = {
    option_id,
    product_id: 1,
    type: 'field',
    is_require: 1,
    title: `Q${option_id}`,
    placeholder: null,
    error: null,
    price: moneyString('0.00'),
    index: option_id,
    max_length: null,
    previous_steps: [],
    opt_values: [],
    autounset_option_values: [],
    validator: null,
    hide_price: 0,
    full_price: 0,
    embedded_to_previous: 0,
    embedded_hidden: 0,
    previous_steps_default: 0,
    can_be_empty: 0,
    append_to_end: 0,
  };
  return Object.assign(base, extra);
}

/** A product with the contract's defaults (no flow rules); `extra` sets the layout and questions. */
export function productFixture(extra: Partial<Product> = {}): Product {
  const base: Product = {
    product_id: 1,
    name: 'P',
    url_key: 'p',
    cat_url_key: 'c',
    short_description: '',
    group: '',
    content_language: 'es',
    base_price: moneyString('10.00'),
    price: moneyString('12.10'),
    meta_title: '',
    meta_description: '',
    description: '',
    custom_text: '',
    tooltip: null,
    image: null,
    thumbnail: null,
    official_fee: moneyString('0.00'),
    tax_rate: '21.00',
    stores: [],
    steps: [],
    options: [],
    conditions_to_redirect: [],
    conditions_to_exit: false,
    conditions_to_earlycheckout: null,
    questions_on_confirm: [],
    question_on_start: null,
    related_product: [],
  };
  return Object.assign(base, extra);
}
