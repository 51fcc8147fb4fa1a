import {
  isChoiceOption,
  isFileReference,
  MULTI_CHOICE_TYPES,
  SINGLE_CHOICE_TYPES,
  type AnswerValue,
  type FileReference,
  type ProductForm,
} from './product-form.js';
import { PLACE_TYPES, placeKindOf, placeLabel, type PlaceLookup } from './place-answers.js';

/** An answer as orders store and show it (spec: option_id, value, print_value, label, option_type). */
export interface DescribedAnswer {
  option_id: number;
  label: string;
  value: string;
  print_value: string;
  option_type: string;
}

/**
 * Turns accepted answers into labelled lines in form order; choice ids become their value names and place codes their
 * place names (with `places`; without it the code stays as it is).
 */
export function describeAnswers(
  form: ProductForm,
  answers: Readonly<Record<string, AnswerValue>>,
  places?: PlaceLookup,
): DescribedAnswer[] {
  return [...form.options]
    .sort((a, b) => a.index - b.index || a.option_id - b.option_id)
    .filter((o) => answers[String(o.option_id)] !== undefined)
    .map((o) => {
      const answer = answers[String(o.option_id)] as AnswerValue;
      // A document: its id is the value, its name what people read.
      if (isFileReference(answer)) {
        return {
          option_id: o.option_id,
          label: o.title,
          value: answer.file_id,
          print_value: answer.filename,
          option_type: o.type,
        };
      }
      const kind = PLACE_TYPES.has(o.type) ? placeKindOf(o) : null;
      const place = kind && typeof answer === 'string' ? places?.find(kind, answer) : undefined;
      if (place) {
        // The code is stored; people read the name (with its province or concelho unless the form asked for it).
        const printValue = placeLabel(place, o.place?.parent_option === undefined);
        return {
          option_id: o.option_id,
          label: o.title,
          value: answer as string,
          print_value: printValue,
          option_type: o.type,
        };
      }
      const ids = Array.isArray(answer) ? answer : [Number(answer)];
      const isChoice = SINGLE_CHOICE_TYPES.has(o.type) || MULTI_CHOICE_TYPES.has(o.type);
      const printValue = isChoice
        ? o.opt_values
            .filter((v) => ids.includes(v.id))
            .map((v) => v.name)
            .join(', ')
        : String(answer);
      return {
        option_id: o.option_id,
        label: o.title,
        value: Array.isArray(answer) ? answer.join(',') : answer,
        print_value: printValue,
        option_type: o.type,
      };
    });
}

/** The order summary of the spec: the first two answers' print values joined by " | ". */
export function orderSummary(answers: readonly Pick<DescribedAnswer, 'print_value'>[]): string {
  return answers
    .slice(0, 2)
    .map((a) => a.print_value)
    .join(' | ');
}

/**
 * What a person chose, in words, for one question: a document's name, value names for choices (a list, or ids as
 * text, comma-separated, as the wizard keeps them), the text otherwise; ids that name no value show as given. Empty
 * for no answer.
 */
export function answerLabel(
  option: { type: string; opt_values: readonly { id: number; name: string }[] },
  value: string | readonly number[] | FileReference | undefined,
): string {
  if (value === undefined || value === '') return '';
  if (isFileReference(value)) return value.filename;
  const text = Array.isArray(value) ? value.join(',') : (value as string);
  if (!isChoiceOption(option)) return text;
  const ids = text.split(',');
  const names = option.opt_values.filter((v) => ids.includes(String(v.id))).map((v) => v.name);
  return names.length > 0 ? names.join(', ') : text;
}

/**
 * The question as it precedes its answer in a list ("Provincia:"): a question that already ends in punctuation
 * ("¿Necesitas el servicio urgente?") keeps it, with no colon after it; a question without a title gives ''.
 */
export function answerLead(label: string | null | undefined): string {
  const text = (label ?? '').trim();
  if (text === '') return '';
  return /[?:!.…]$/.test(text) ? text : `${text}:`;
}

/**
 * A field's message as an error summary lists it, its question named first ("Municipio: Elige un municipio de la
 * lista"), so that two "Por favor, escribe el dato" on one page say which answer to fix. The browser's wizard and the
 * server-rendered pages both word it so.
 */
export function errorWithQuestion(label: string | null | undefined, message: string): string {
  const lead = answerLead(label);
  return lead ? `${lead} ${message}` : message;
}
