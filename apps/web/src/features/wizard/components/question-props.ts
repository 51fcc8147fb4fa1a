import type { ProductOption } from '../../../shared/lib/api-contract';

/** What a question's control gets from OptionField: the question, its answer and how to label it. */
export interface QuestionProps {
  option: ProductOption;
  /** The id of the input (the error summary links here). */
  id: string;
  /** The answer as the wizard keeps it ("" when unanswered). */
  value: string;
  error: string | undefined;
  optional: boolean;
  /** Extra hint text (the catalogue's placeholder, a supplement). */
  hint: string | undefined;
  /** The only question on the page: its label is the page's <h1>. */
  asHeading: boolean;
  onChange: (value: string) => void;
}

/** The label, hint and error props of a single-input field for a question. */
export function fieldLabelling({ id, option, asHeading, hint, error, optional }: QuestionProps) {
  return { id, label: option.title, labelAsHeading: asHeading, hint, error, optional };
}
