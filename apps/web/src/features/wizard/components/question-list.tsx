import { hasDisplayFlag, questionBlocks } from '@ventanilla/domain';
import type { ProductOption } from '../../../shared/lib/api-contract';
import { isChoice } from '../lib/wizard-pages';
import { OptionField, type QuestionContext } from './option-field';

interface QuestionListProps {
  /** The questions to ask, in order. */
  questions: ProductOption[];
  /** The product's questions, the answers of every page (place pickers follow other pages) and its prices. */
  context: QuestionContext;
  /** The answers of the listed questions as typed. */
  values: Readonly<Record<string, string | undefined>>;
  /** Each question's error message by option id. */
  errors: ReadonlyMap<number, string>;
  /** A change; `immediate` for a choice (re-evaluate at once), false while typing. */
  onChange: (optionId: number, value: string, immediate: boolean) => void;
  /** The page has one block: its leading question's label is the page's <h1>. */
  asHeading?: boolean;
  /** Errors found outside the evaluation (a refused upload); null clears. */
  onError?: (optionId: number, message: string | null) => void;
  /** Lets a question answer others among `visible` (the cadastral lookup). */
  fill?: { onFill: (answers: Record<string, string>) => void; visible: ReadonlySet<number> };
}

/**
 * The product's questions as one form renders them: the wizard's pages, the check-answers page's confirmation
 * questions, correcting an item and an agent's order. A question flagged `embedded_to_previous` renders inside the
 * block of the one before it, never as a heading; `embedded_hidden` ones are revealed there, under a side rule, when
 * their conditions hold (docs/shop-flows.md, "Display flags").
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
  const field = (option: ProductOption, heading: boolean) => (
    <OptionField
      key={option.option_id}
      option={option}
      asHeading={heading}
      value={values[String(option.option_id)] ?? ''}
      error={errors.get(option.option_id)}
      onChange={(value) => onChange(option.option_id, value, isChoice(option))}
      context={context}
      fill={fill}
      onError={onError ? (message) => onError(option.option_id, message) : undefined}
    />
  );
  return questionBlocks(questions).map(({ lead, embedded }) =>
    embedded.length === 0 ? (
      field(lead, asHeading ?? false)
    ) : (
      <div className="question-block" key={lead.option_id}>
        {field(lead, asHeading ?? false)}
        {embedded.map((option) => (
          <div
            key={option.option_id}
            className={
              hasDisplayFlag(option, 'embedded_hidden')
                ? 'question-block__embedded question-block__embedded--revealed'
                : 'question-block__embedded'
            }
          >
            {field(option, false)}
          </div>
        ))}
      </div>
    ),
  );
}
