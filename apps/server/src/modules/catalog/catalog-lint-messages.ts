import '@ventanilla/domain/icu';
import type { Language } from '@ventanilla/domain';
import type { CatalogLintRule, CatalogProblem } from './catalog-lint.js';
import { formatMessage } from '@ventanilla/domain';

// The catalogue linter's problems in the back-office user's language. The command line keeps the English `message`;
// the back office says the same thing from the problem's params. `path` is a place in the form file (JSON keys, the
// same in every language).

type Variant = CatalogLintRule | 'never-shown-parent' | 'vat-free-related' | 'schema';
type Templates = Record<Variant, string>;

const es: Templates = {
  'duplicate-option-id':
    'La opción {option} ya existe en el producto {product}: cada opción tiene un id único en todo el catálogo.',
  'unknown-option': '{path}: la opción {ref} no existe en este formulario.',
  'later-option': '{path}: depende de la opción {ref}, que no va antes que ella.',
  'impossible-value': '{path}: pide que la opción {ref} valga «{value}», que no es uno de sus valores.',
  'never-shown': 'La opción {option} no se mostrará nunca: sus condiciones no se pueden cumplir.',
  'never-shown-parent': 'La opción {option} depende de la opción {parent}, que no se muestra nunca.',
  'contradictory-conditions': 'La opción {option} pide a la opción {ref} valores que se excluyen entre sí.',
  'step-unknown-option': 'El paso {step} incluye la opción {ref}, que no existe.',
  'option-not-in-steps': 'La opción {option} no está en ningún paso (steps).',
  'redirect-unknown-product': 'Una redirección lleva al producto {product}, que no existe.',
  'redirect-wrong-product': 'Una redirección tiene product_id_in {product}, que no es este producto.',
  'redirect-cycle': 'Las redirecciones forman un ciclo: {cycle}.',
  'redirect-bad-step': 'Una redirección al producto {product} continúa en el paso {step}, que ese producto no tiene.',
  'exit-empty-message': '{path}: la salida no tiene mensaje.',
  'exit-no-condition': '{path}: la salida no tiene ninguna condición.',
  'related-condition-unknown-fee': '{path}: nombra la tasa {product}, que no está en related_product.',
  'mixed-vat-countries': 'Se vende en tiendas de varios países ({countries}): un producto tiene un solo tipo de IVA.',
  'vat-free-outside-exceptions': 'La tasa oficial {fee} no lleva IVA, y en esta categoría todo el precio lleva IVA.',
  'vat-free-related':
    'La línea de tasa del producto {product} no lleva IVA, y en esta categoría todo el precio lleva IVA.',
  'related-not-a-fee-product': 'related_product: el producto {product} no es un producto de tasa del catálogo.',
  'related-price-mismatch':
    'related_product: la tasa {product} figura con {price} €, pero su producto cuesta {expected} €.',
  'missing-translation':
    'Se vende en la tienda {stores} ({language}) y le faltan {count} texto(s) en ese idioma: {paths}.',
  'unknown-translation-key': 'Los textos en {language} nombran {count} elemento(s) que el producto no tiene: {paths}.',
  schema: '{path}: el valor no es válido ({detail}).',
};

const en: Templates = {
  'duplicate-option-id':
    'Option {option} already exists in product {product}: every option id is unique across the catalogue.',
  'unknown-option': '{path}: option {ref} does not exist in this form.',
  'later-option': '{path}: depends on option {ref}, which does not come before it.',
  'impossible-value': '{path}: needs option {ref} to be “{value}”, which is not one of its values.',
  'never-shown': 'Option {option} will never be shown: its conditions cannot be met.',
  'never-shown-parent': 'Option {option} depends on option {parent}, which is never shown.',
  'contradictory-conditions': 'Option {option} needs option {ref} to have values that exclude each other.',
  'step-unknown-option': 'Step {step} lists option {ref}, which does not exist.',
  'option-not-in-steps': 'Option {option} is in no step (steps).',
  'redirect-unknown-product': 'A redirect leads to product {product}, which does not exist.',
  'redirect-wrong-product': 'A redirect has product_id_in {product}, which is not this product.',
  'redirect-cycle': 'Redirects form a cycle: {cycle}.',
  'redirect-bad-step': 'A redirect to product {product} resumes at step {step}, which that product does not have.',
  'exit-empty-message': '{path}: the exit has no message.',
  'exit-no-condition': '{path}: the exit has no condition.',
  'related-condition-unknown-fee': '{path}: names fee {product}, which is not in related_product.',
  'mixed-vat-countries': 'Sold in stores of several countries ({countries}): a product has one VAT rate.',
  'vat-free-outside-exceptions':
    'The official fee {fee} carries no VAT, and in this category the whole price carries VAT.',
  'vat-free-related':
    'The fee line of product {product} carries no VAT, and in this category the whole price carries VAT.',
  'related-not-a-fee-product': 'related_product: product {product} is not a fee product of the catalogue.',
  'related-price-mismatch': 'related_product: fee {product} is listed at {price} € but its product costs {expected} €.',
  'missing-translation': 'Sold in store {stores} ({language}) without {count} text(s) in that language: {paths}.',
  'unknown-translation-key': 'The {language} texts name {count} thing(s) the product does not have: {paths}.',
  schema: '{path}: the value is not valid ({detail}).',
};

const pt: Templates = {
  'duplicate-option-id':
    'A opção {option} já existe no produto {product}: cada opção tem um id único em todo o catálogo.',
  'unknown-option': '{path}: a opção {ref} não existe neste formulário.',
  'later-option': '{path}: depende da opção {ref}, que não vem antes dela.',
  'impossible-value': '{path}: exige que a opção {ref} valha «{value}», que não é um dos seus valores.',
  'never-shown': 'A opção {option} nunca será mostrada: as suas condições não se podem cumprir.',
  'never-shown-parent': 'A opção {option} depende da opção {parent}, que nunca é mostrada.',
  'contradictory-conditions': 'A opção {option} exige à opção {ref} valores que se excluem entre si.',
  'step-unknown-option': 'O passo {step} inclui a opção {ref}, que não existe.',
  'option-not-in-steps': 'A opção {option} não está em nenhum passo (steps).',
  'redirect-unknown-product': 'Um redirecionamento leva ao produto {product}, que não existe.',
  'redirect-wrong-product': 'Um redirecionamento tem product_id_in {product}, que não é este produto.',
  'redirect-cycle': 'Os redirecionamentos formam um ciclo: {cycle}.',
  'redirect-bad-step':
    'Um redirecionamento para o produto {product} continua no passo {step}, que esse produto não tem.',
  'exit-empty-message': '{path}: a saída não tem mensagem.',
  'exit-no-condition': '{path}: a saída não tem nenhuma condição.',
  'related-condition-unknown-fee': '{path}: indica a taxa {product}, que não está em related_product.',
  'mixed-vat-countries': 'Vende-se em lojas de vários países ({countries}): um produto tem uma só taxa de IVA.',
  'vat-free-outside-exceptions': 'A taxa oficial {fee} não tem IVA, e nesta categoria todo o preço tem IVA.',
  'vat-free-related': 'A linha de taxa do produto {product} não tem IVA, e nesta categoria todo o preço tem IVA.',
  'related-not-a-fee-product': 'related_product: o produto {product} não é um produto de taxa do catálogo.',
  'related-price-mismatch':
    'related_product: a taxa {product} aparece com {price} €, mas o seu produto custa {expected} €.',
  'missing-translation': 'Vende-se na loja {stores} ({language}) e faltam {count} texto(s) nessa língua: {paths}.',
  'unknown-translation-key': 'Os textos em {language} referem {count} elemento(s) que o produto não tem: {paths}.',
  schema: '{path}: o valor não é válido ({detail}).',
};

const TEMPLATES: Record<Language, Templates> = { es, en, pt };

function variantOf(problem: Pick<CatalogProblem, 'rule' | 'params'>): Variant {
  if (problem.rule === 'never-shown' && problem.params.parent !== undefined) return 'never-shown-parent';
  if (problem.rule === 'vat-free-outside-exceptions' && problem.params.product !== undefined) return 'vat-free-related';
  return problem.rule;
}

/** A linter problem (or a schema problem, rule "schema") said in the user's language. */
export function lintMessage(
  language: Language,
  problem: { rule: CatalogLintRule | 'schema'; params: Record<string, string | number> },
): string {
  const variant = problem.rule === 'schema' ? 'schema' : variantOf({ rule: problem.rule, params: problem.params });
  return formatMessage(language, TEMPLATES[language][variant], problem.params);
}
