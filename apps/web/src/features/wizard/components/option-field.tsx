import { SPANISH_BANKS, type MoneyString } from '@ventanilla/domain';
import { useFormat, useT } from '../../../shared/i18n';
import type { ProductOption } from '../../../shared/lib/api-contract';
import { isPositive } from '../../../shared/lib/money';
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
  context: { options: ProductOption[]; answers: Readonly<Record<string, string | undefined>> };
  /**
   * Lets a question answer others (the cadastral lookup fills province, municipality and address) among the
   * questions asked (`visible`). Without it, a cadastral reference is a plain text question.
   */
  fill?: { onFill: (answers: Record<string, string>) => void; visible: ReadonlySet<number> };
}

let bankItems: Array<{ value: string; label: string }> | null = null;

/**
 * The banks by name (absorbed ones too: old mortgages name them), each with its entity code. Sorted once, when a
 * bank question first shows, with one collator (`localeCompare` with a locale makes one per comparison: the wizard's
 * chunk spent tens of milliseconds loading on a phone).
 */
function banks(): Array<{ value: string; label: string }> {
  const collator = new Intl.Collator('es');
  bankItems ??= [...SPANISH_BANKS]
    .sort((a, b) => collator.compare(a.name, b.name))
    .map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }));
  return bankItems;
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
  // `hide_price` (docs/shop-flows.md, "Display flags"): the question names no supplement; the price panel's total
  // still counts it, so what the customer pays is never hidden.
  const priced = (price: MoneyString | null | undefined) => option.hide_price !== 1 && isPositive(price);
  const supplementHint = priced(option.price)
    ? t('wizard.optionSupplement', { amount: format.money(option.price!) })
    : null;
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
  const choiceItems = option.opt_values.map((v) => ({
    value: String(v.id),
    label: (
      <>
        {v.name}
        {priced(v.price) ? <span className="supplement">+{format.money(v.price)}</span> : null}
      </>
    ),
  }));

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
          items={choiceItems}
        />
      );
    case 'drop_down':
      return (
        <Select
          {...labelled}
          emptyLabel={t('wizard.chooseOption')}
          items={option.opt_values.map((v) => ({
            value: String(v.id),
            label: priced(v.price) ? `${v.name} (+${format.money(v.price)})` : v.name,
          }))}
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
      return <Select {...labelled} emptyLabel={t('wizard.chooseBank')} items={banks()} />;
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
