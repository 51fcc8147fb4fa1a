import {
  describeAnswers,
  orderability,
  orderTotals,
  type AnswerValue,
  type ProductForm,
  type RateBp,
  type Cents,
} from '@ventanilla/domain';
import type { StoredAnswerLine } from '../../db/schema.js';
import { type CatalogService, evaluateProduct, offerOf, type RawAnswers } from '../catalog/index.js';
import { placeDirectory } from '../geo/index.js';
import {
  dni,
  FIRST_NAMES,
  IRISH_COUNTIES,
  IRISH_STREETS,
  LAST_NAMES,
  nif,
  pick,
  PORTUGUESE_PLACES,
  PORTUGUESE_STREETS,
  SPANISH_PLACES,
  SPANISH_STREETS,
  type DemoStoreId,
} from './demo-people.js';

type Random = () => number;

/** The id of a drop-down or radio value by its label (the demo data names choices as a person reads them). */
function valueNamed(form: ProductForm, optionId: number, name: string): string {
  const option = form.options.find((o) => o.option_id === optionId);
  const value =
    option?.opt_values.find((v) => v.name === name) ?? option?.opt_values.find((v) => v.name.startsWith(name));
  if (!value) throw new Error(`demo data: option ${optionId} of product ${form.product_id} has no value "${name}"`);
  return String(value.id);
}

function fullName(random: Random, store: DemoStoreId): string {
  const last = LAST_NAMES[store];
  const surnames = store === 17 ? pick(random, last) : `${pick(random, last)} ${pick(random, last)}`;
  return `${pick(random, FIRST_NAMES[store])} ${surnames}`;
}

function isoDate(random: Random, fromYear: number, toYear: number): string {
  const year = fromYear + Math.floor(random() * (toYear - fromYear + 1));
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function spanishAddress(random: Random): string {
  const floor = 1 + Math.floor(random() * 8);
  return `${pick(random, SPANISH_STREETS)} ${1 + Math.floor(random() * 120)}, ${floor}º ${pick(random, ['A', 'B', 'C', 'D', 'Izda.', 'Dcha.'])}`;
}

/** One way of filling a product's form: the store, the product and answers a customer would give. */
interface Recipe {
  store: DemoStoreId;
  urlKey: string;
  /** How often it is ordered, relative to the other recipes of its store. */
  weight: number;
  answers(random: Random, form: ProductForm): RawAnswers;
}

const RECIPES: readonly Recipe[] = [
  {
    store: 1,
    urlKey: 'nota-simple',
    weight: 10,
    answers(random, form) {
      const place = pick(random, SPANISH_PLACES);
      return {
        '78': valueNamed(form, 78, place.province),
        '79': place.municipality,
        '80': spanishAddress(random),
        '77': fullName(random, 1),
        '411': random() < 0.25 ? '3782' : '3781',
      };
    },
  },
  {
    store: 1,
    urlKey: 'certificado-registro-propiedad',
    weight: 3,
    answers(random, form) {
      const place = pick(random, SPANISH_PLACES);
      return {
        '1101': pick(random, ['110101', '110102']),
        '1103': '110301',
        '1104': valueNamed(form, 1104, place.province),
        '1105': place.municipality,
        '1106': spanishAddress(random),
        '1110': fullName(random, 1),
        '1111': pick(random, ['111101', '111102', '111103', '111105']),
      };
    },
  },
  {
    store: 1,
    urlKey: 'propiedades-de-una-persona',
    weight: 3,
    answers(random) {
      const last = LAST_NAMES[1];
      return {
        '1001': '100101',
        '1002': pick(random, FIRST_NAMES[1]),
        '1003': `${pick(random, last)} ${pick(random, last)}`,
        '1005': dni(Math.floor(random() * 99_999_999)),
        '1006': pick(random, ['2918', '2920', '2927']),
        '1007': pick(random, ['100701', '100702', '100703', '100706']),
        '1008': [100801],
      };
    },
  },
  {
    store: 1,
    urlKey: 'certificado-ultimas-voluntades',
    weight: 2,
    answers(random, form) {
      const place = pick(random, SPANISH_PLACES);
      return {
        '2701': pick(random, FIRST_NAMES[1]),
        '2702': pick(random, LAST_NAMES[1]),
        '2703': pick(random, LAST_NAMES[1]),
        '2704': dni(Math.floor(random() * 99_999_999)),
        '2705': isoDate(random, 2023, 2025),
        '2706': valueNamed(form, 2706, place.province),
        '2707': place.municipality,
        '2708': '270802',
        '2710': pick(random, ['271001', '271002']),
      };
    },
  },
  {
    store: 1,
    urlKey: 'copia-escritura-notarial',
    weight: 2,
    answers(random) {
      const place = pick(random, SPANISH_PLACES);
      return {
        '1301': pick(random, ['130101', '130102', '130104']),
        '1302': isoDate(random, 2007, 2024),
        '1304': '130401',
        '1306': `Notaría de ${fullName(random, 1)}`,
        '1307': place.municipality,
        '1309': `${fullName(random, 1)} y ${fullName(random, 1)}`,
        '1310': dni(Math.floor(random() * 99_999_999)),
        '1311': '131101',
        '1313': [131301],
      };
    },
  },
  {
    store: 1,
    urlKey: 'certificado-energetico',
    weight: 1,
    answers(random, form) {
      const place = pick(random, SPANISH_PLACES);
      return {
        '1601': pick(random, ['160101', '160102', '160103']),
        '1602': pick(random, ['160201', '160202']),
        '1603': valueNamed(form, 1603, place.province),
        '1604': place.municipality,
        '1605': spanishAddress(random),
        '1606': String(45 + Math.floor(random() * 140)),
        '1608': fullName(random, 1),
        '1609': `6${String(Math.floor(random() * 100_000_000)).padStart(8, '0')}`,
      };
    },
  },
  {
    store: 1,
    urlKey: 'nota-simple-registro-mercantil',
    weight: 2,
    answers(random) {
      const name = `${pick(random, LAST_NAMES[1])} ${pick(random, ['Asesores', 'Inversiones', 'Construcciones', 'Logística', 'Consultores'])} ${pick(random, ['SL', 'SA', 'SLU'])}`;
      return { '1201': name, '1204': random() < 0.2 ? '120402' : '120401' };
    },
  },
  {
    store: 1,
    urlKey: 'apostilla-documento',
    weight: 1,
    answers(random) {
      return {
        '6101': pick(random, ['610101', '610102']),
        '6102': pick(random, [
          'Universidad de Sevilla',
          'Universidad Complutense de Madrid',
          'Registro Civil de Valencia',
        ]),
        '6103': '610301',
        '6105': pick(random, ['Estados Unidos', 'México', 'Reino Unido', 'Australia']),
        '6106': random() < 0.2 ? '610602' : '610601',
      };
    },
  },
  {
    store: 16,
    urlKey: 'certidao-permanente',
    weight: 4,
    answers(random, form) {
      const place = pick(random, PORTUGUESE_PLACES);
      return {
        '3909': valueNamed(form, 3909, place.district),
        '3910': place.concelho,
        '3901': place.freguesia,
        '3902': '390202',
        '3904': pick(random, ['390401', '390402']),
        '3905': String(100 + Math.floor(random() * 9000)),
        '3907': fullName(random, 16),
        '3908': nif(Math.floor(random() * 9_999_999)),
      };
    },
  },
  {
    store: 16,
    urlKey: 'certidao-nascimento',
    weight: 3,
    answers(random) {
      const place = pick(random, PORTUGUESE_PLACES);
      return {
        '4301': fullName(random, 16),
        '4302': isoDate(random, 1950, 2015),
        '4303': place.freguesia,
        '4306': pick(random, ['430601', '430603', '430605']),
      };
    },
  },
  {
    store: 16,
    urlKey: 'certidao-casamento',
    weight: 1,
    answers(random) {
      const place = pick(random, PORTUGUESE_PLACES);
      return {
        '4401': fullName(random, 16),
        '4402': fullName(random, 16),
        '4403': isoDate(random, 1975, 2022),
        '4404': place.freguesia,
        '4405': pick(random, ['440501', '440502', '440504']),
      };
    },
  },
  {
    store: 16,
    urlKey: 'informacao-predial-simplificada',
    weight: 3,
    answers(random, form) {
      const place = pick(random, PORTUGUESE_PLACES);
      return {
        '4008': valueNamed(form, 4008, place.district),
        '4009': place.concelho,
        '4001': place.freguesia,
        '4002': '400203',
        '4004': '400401',
        '4006': `${pick(random, PORTUGUESE_STREETS)}, ${1 + Math.floor(random() * 200)}, ${place.city}`,
      };
    },
  },
  {
    store: 17,
    urlKey: 'folio-request',
    weight: 1,
    answers(random, form) {
      const place = pick(random, IRISH_COUNTIES);
      const certified = random() < 0.3;
      const address = `${1 + Math.floor(random() * 90)} ${pick(random, IRISH_STREETS)}, ${place.town}`;
      const known = random() < 0.5;
      return {
        '3801': known ? '380101' : '380102',
        '3802': valueNamed(form, 3802, place.county),
        ...(known
          ? { '3803': `${place.county.slice(0, 2).toUpperCase()}${1000 + Math.floor(random() * 90000)}F` }
          : { '3804': address, '3805': place.eircode }),
        '3806': certified ? '380602' : '380601',
        ...(certified ? { '3807': address } : {}),
        '3808': random() < 0.25 ? '380802' : '380801',
      };
    },
  },
];

/** One priced order line ready to insert: what the checkout stores for an item, computed by the same code. */
export interface DemoLine {
  storeId: DemoStoreId;
  productId: number;
  productName: string;
  answers: Record<string, AnswerValue>;
  productOptions: StoredAnswerLine[];
  basePrice: Cents;
  optionsPrice: Cents;
  subtotal: Cents;
  taxAmount: Cents;
  fees: Cents;
  total: Cents;
  taxRateBp: RateBp;
  /** Free text of the answers (holder names, addresses): what a text search finds. */
  summary: string;
}

/**
 * Builds `count` order lines for a store from the recipes: the catalogue's own form engine validates and prices each
 * (evaluateProduct, orderability, orderTotals, describeAnswers), exactly as add-to-cart and the checkout do. A recipe
 * the engine refuses is a bug in the demo data: it throws instead of storing an order the shop could not take.
 */
export function demoLines(catalog: CatalogService, store: DemoStoreId, count: number, random: Random): DemoLine[] {
  const info = catalog.getStore(store);
  if (!info) throw new Error(`demo data: store ${store} is not in the catalogue`);
  const recipes = RECIPES.filter((r) => r.store === store);
  const weights = recipes.reduce((sum, r) => sum + r.weight, 0);
  const lines: DemoLine[] = [];
  for (let i = 0; i < count; i++) {
    let roll = random() * weights;
    const recipe = recipes.find((r) => (roll -= r.weight) < 0) ?? recipes[0]!;
    const product = catalog.findProduct(store, recipe.urlKey);
    if (!product) throw new Error(`demo data: ${recipe.urlKey} is not sold in store ${store}`);
    const evaluation = evaluateProduct(info, product, recipe.answers(random, product.form));
    const verdict = orderability(offerOf(product), store, evaluation);
    if (!verdict.orderable || evaluation.errors.length > 0) {
      throw new Error(
        `demo data: the engine refuses ${recipe.urlKey} answers: ${JSON.stringify({ verdict, errors: evaluation.errors })}`,
      );
    }
    const totals = orderTotals([{ price: evaluation.price, qty: 1 }], info.vatRate);
    const line = totals.lines[0]!;
    const described = describeAnswers(product.form, evaluation.answers, placeDirectory());
    lines.push({
      storeId: store,
      productId: product.row.productId,
      productName: product.row.name,
      answers: evaluation.answers,
      productOptions: described,
      basePrice: evaluation.price.base,
      optionsPrice: evaluation.price.options,
      subtotal: line.subtotal,
      taxAmount: line.tax,
      fees: line.fees,
      total: line.total,
      taxRateBp: info.vatRate,
      summary: described
        .filter((d) => d.option_type === 'field' || d.option_type === 'area')
        .map((d) => d.print_value)
        .join(' · '),
    });
  }
  return lines;
}
