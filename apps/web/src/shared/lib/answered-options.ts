import type { AnsweredOption } from './api-contract';

/** What a customer reads for an answer: the server's print value, else the raw value. */
export function answerText(option: AnsweredOption): string {
  if (option.print_value != null && option.print_value !== '') return option.print_value;
  if (option.value == null) return '';
  return typeof option.value === 'object' ? JSON.stringify(option.value) : String(option.value);
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

/** "Calle Mayor 1 | Madrid": the first two answers, like the server's `summary`. */
export function summarizeAnswers(options: AnsweredOption[] | undefined, count = 2): string {
  return (options ?? [])
    .map(answerText)
    .filter((text) => text !== '')
    .slice(0, count)
    .join(' | ');
}
