import type { AnsweredOption } from './api-contract';

/** What a customer reads for an answer: the server's print value, else the raw value. */
export function answerText(option: AnsweredOption): string {
  if (option.print_value != null && option.print_value !== '') return option.print_value;
  if (option.value == null) return '';
  return typeof option.value === 'object' ? JSON.stringify(option.value) : String(option.value);
}

/** "Calle Mayor 1 | Madrid": the first two answers, like the server's `summary`. */
export function summarizeAnswers(options: AnsweredOption[] | undefined, count = 2): string {
  return (options ?? [])
    .map(answerText)
    .filter((text) => text !== '')
    .slice(0, count)
    .join(' | ');
}
