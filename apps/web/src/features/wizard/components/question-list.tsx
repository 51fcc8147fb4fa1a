import type { ProductOption } from '../../../shared/lib/api-contract';
import { isChoice } from '../lib/wizard-pages';
import { OptionField } from './option-field';

interface QuestionListProps {
  /** The questions to ask, in order. */
  questions: ProductOption[];
  /** The product's questions and the answers of every page (place pickers follow answers on other pages). */
  context: { options: ProductOption[]; answers: Readonly<Record<string, string | undefined>> };
  /** The answers of the listed questions as typed. */
  values: Readonly<Record<string, string | undefined>>;
  /** Each question's error message by option id. */
  errors: ReadonlyMap<number, string>;
  /** A change; `immediate` for a choice (re-evaluate at once), false while typing. */
  onChange: (optionId: number, value: string, immediate: boolean) => void;
  /** The only question of a wizard page: its label is the page's <h1>. */
  asHeading?: boolean;
  /** Errors found outside the evaluation (a refused upload); null clears. */
  onError?: (optionId: number, message: string | null) => void;
  /** Lets a question answer others among `visible` (the cadastral lookup). */
  fill?: { onFill: (answers: Record<string, string>) => void; visible: ReadonlySet<number> };
}

/**
 * The product's questions as one form renders them: the wizard's pages, the check-answers page's confirmation
 * questions, correcting an item and an agent's order.
 */
export function QuestionList({
  questions,
  context,
  values,
  errors,
  onChange,
  asHeading,
  onError,
  fill,
}: QuestionListProps) {
  return questions.map((option) => (
    <OptionField
      key={option.option_id}
      option={option}
      asHeading={asHeading ?? false}
      value={values[String(option.option_id)] ?? ''}
      error={errors.get(option.option_id)}
      onChange={(value) => onChange(option.option_id, value, isChoice(option))}
      context={context}
      fill={fill}
      onError={onError ? (message) => onError(option.option_id, message) : undefined}
    />
  ));
}
