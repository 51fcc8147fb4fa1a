import {
  choicePrice,
  formatMoneyString,
  offersNoChoice,
  parseRate,
  pricePerChoice,
  questionPrice,
  bankChoices,
  type FullPriceBasis,
  type ShownPrice,
} from '@ventanilla/domain';
import { useFormat, useT } from '../../../shared/i18n';
import type { Product, ProductOption } from '../../../shared/lib/api-contract';
import { toCents } from '../../../shared/lib/money';
import { cadastreTargets } from '@ventanilla/domain';
import { CheckboxGroup, RadioGroup, Select, Textarea, TextInput } from '../../../shared/ui';
import { isRequired } from '../lib/wizard-pages';
import { AddressField } from './address-field';
import { CadastreField } from './cadastre-field';
import { FileQuestion } from './file-question';
import { PlaceField, placeKindOf } from './place-field';
import { SociedadField } from './sociedad-field';

interface OptionFieldProps {
  option: ProductOption;
  value: string;
  error: string | undefined;
  /** The only question on the page: its label (or legend) is the page's <h1>. */
  asHeading: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Errors found outside the page's evaluation (a refused upload) for the page's error summary; null clears. */
  onError?: (message: string | null) => void;
  /**
   * The product's questions and the current answers of every page: place pickers need them (a municipality follows
   * its province, which may have been answered on another page). Required so that no form forgets it.
   */
  context: QuestionContext;
  /**
   * Lets a question answer others (the cadastral lookup fills province, municipality and address) among the
   * questions asked (`visible`). Without it, a cadastral reference is a plain text question.
   */
  fill?: { onFill: (answers: Record<string, string>) => void; visible: ReadonlySet<number> };
}

/** The product's prices a `full_price` question shows its choices' full prices from (the API's product has them). */
interface PriceFields {
  base_price: Product['base_price'];
  official_fee: Product['official_fee'];
  tax_rate: Product['tax_rate'];
}

/** What a question needs of the rest of its form. */
export interface QuestionContext {
  options: ProductOption[];
  answers: Readonly<Record<string, string | undefined>>;
  /** The product's prices (full prices of `full_price` questions). */
  pricing: PriceFields;
}

function basisOf(pricing: PriceFields): FullPriceBasis {
  return {
    base_price: toCents(pricing.base_price),
    official_fee: toCents(pricing.official_fee),
    vatRate: parseRate(pricing.tax_rate),
  };
}

/** The input id of an option; the error summary links here (the first radio of a group). */
export function optionInputId(optionId: number): string {
  return `option-${optionId}`;
}

/** One question rendered by its type: text, textarea, select or radios (with price supplements). */
// size: one dispatch over the question types, each branch a control with its props; split, the choice of control
// would be spread over files.
export function OptionField({
  option,
  value,
  error,
  asHeading,
  onChange,
  onBlur,
  onError,
  context,
  fill,
}: OptionFieldProps) {
  const t = useT();
  const format = useFormat();
  const id = optionInputId(option.option_id);
  const optional = !isRequired(option);
  // The display flags (docs/shop-flows.md, "Display flags"; the domain's display-flags.ts decides): `hide_price` names
  // no supplement (the price panel still counts it), `full_price` shows the service's price with the choice.
  const basis = basisOf(context.pricing);
  const amount = (shown: NonNullable<ShownPrice>) => format.money(formatMoneyString(shown.amount));
  const ownPrice = pricePerChoice(option) ? null : questionPrice({ ...option, price: toCents(option.price) }, basis);
  const supplementHint =
    ownPrice === null
      ? null
      : t(ownPrice.kind === 'full' ? 'wizard.optionFullPrice' : 'wizard.optionSupplement', {
          amount: amount(ownPrice),
        });
  const valuePrice = (price: Product['base_price']) => {
    const shown = choicePrice({ ...option, price: toCents(option.price) }, toCents(price), basis);
    return shown === null ? null : shown.kind === 'full' ? amount(shown) : `+${amount(shown)}`;
  };
  const hint = [option.placeholder, supplementHint].filter(Boolean).join(' ') || undefined;
  const common = { id, error, optional, hint };
  // Selects, text inputs and textareas: labelled by the question, answered by the control's value.
  const labelled = {
    ...common,
    label: option.title,
    labelAsHeading: asHeading,
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  // Radios and checkboxes: each value with its supplement, when it has one.
  const choiceItems = option.opt_values.map((v) => {
    const price = valuePrice(v.price);
    return {
      value: String(v.id),
      label: (
        <>
          {v.name}
          {price ? <span className="supplement">{price}</span> : null}
        </>
      ),
    };
  });
  // `can_be_empty`: an optional radio group offers "none", so a choice can be taken back.
  const noChoice = offersNoChoice(option) ? [{ value: '', label: <>{t('wizard.noChoice')}</> }] : [];

  if (placeKindOf(option)) {
    // Municipalities, concelhos, freguesias and province/district lists: searchable pickers (answer: code or value id).
    return (
      <PlaceField
        {...common}
        option={option}
        options={context.options}
        answers={context.answers}
        asHeading={asHeading}
        value={value}
        onChange={onChange}
      />
    );
  }

  if (option.type === 'field' && option.validator === 'refcat' && fill) {
    // A cadastral reference with "Buscar": fills the property's place and address (docs/integrations.md).
    return (
      <CadastreField
        {...common}
        option={option}
        asHeading={asHeading}
        value={value}
        onChange={onChange}
        options={context.options}
        answers={context.answers}
        onFill={fill.onFill}
        visible={fill.visible}
      />
    );
  }

  if (fill && option.type === 'field' && cadastreTargets(context.options).address === option) {
    // The property's address: geocoded when left, to offer the municipality it names (docs/integrations.md).
    return (
      <AddressField
        {...common}
        option={option}
        asHeading={asHeading}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        options={context.options}
        answers={context.answers}
        onFill={fill.onFill}
        visible={fill.visible}
      />
    );
  }

  switch (option.type) {
    case 'radio':
    case 'radio_button':
      return (
        <RadioGroup
          {...common}
          name={id}
          legend={option.title}
          legendAsHeading={asHeading}
          value={value}
          onChange={onChange}
          items={[...choiceItems, ...noChoice]}
        />
      );
    case 'drop_down':
      return (
        <Select
          {...labelled}
          emptyLabel={t('wizard.chooseOption')}
          items={option.opt_values.map((v) => {
            const price = valuePrice(v.price);
            return { value: String(v.id), label: price ? `${v.name} (${price})` : v.name };
          })}
        />
      );
    case 'sociedad':
      return (
        <SociedadField
          option={option}
          id={id}
          value={value}
          error={error}
          optional={optional}
          hint={hint}
          asHeading={asHeading}
          onChange={onChange}
        />
      );
    case 'banco':
      // A Spanish bank by its Banco de España entity code (the engine checks it, and against an IBAN/CCC answer).
      return <Select {...labelled} emptyLabel={t('wizard.chooseBank')} items={bankChoices()} />;
    case 'checkbox':
    case 'multiple':
      // The answer travels as comma-separated value ids ("130301" or "1,2"), which the engine reads as a list.
      return (
        <CheckboxGroup
          {...common}
          legend={option.title}
          legendAsHeading={asHeading}
          values={value ? value.split(',') : []}
          onChange={(values) => onChange(values.join(','))}
          items={choiceItems}
        />
      );
    case 'file':
      // The document is uploaded at once; the answer is its file reference (file-question.tsx).
      return (
        <FileQuestion
          {...common}
          option={option}
          asHeading={asHeading}
          value={value}
          onChange={onChange}
          onError={onError}
        />
      );
    case 'date':
      // A native date input gives yyyy-mm-dd, the form the engine compares (e.g. deeds before 2006-01-01).
      return <TextInput {...labelled} type="date" onBlur={onBlur} />;
    case 'area':
      return <Textarea {...labelled} maxLength={option.max_length ?? undefined} onBlur={onBlur} />;
    default:
      // field, municipio and any type without its own control yet: a text input.
      return (
        <TextInput
          {...labelled}
          maxLength={option.max_length ?? undefined}
          autoComplete={option.type === 'municipio' ? 'address-level2' : 'off'}
          onBlur={onBlur}
        />
      );
  }
}
