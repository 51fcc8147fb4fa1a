import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { Evaluation } from '../../../shared/lib/api-contract';
import { toApiAnswers, type Answers } from '../lib/wizard-pages';

export function evaluateKey(storeId: number, urlKey: string, answers: Answers) {
  return ['catalog', storeId, 'evaluate', urlKey, toApiAnswers(answers)] as const;
}

/** POST .../evaluate: visible questions, errors and the price, always computed by the server. */
export function evaluateAnswers(
  storeId: number,
  urlKey: string,
  answers: Answers,
  signal?: AbortSignal,
): Promise<Evaluation> {
  return api.POST('/api/stores/{storeId}/products/{urlKey}/evaluate', {
    params: { path: { storeId, urlKey } },
    body: { answers: toApiAnswers(answers) },
    signal,
  });
}

/** The evaluation behind the page and its price panel; the previous one stays on screen while a new one loads. */
export function useEvaluation(storeId: number, urlKey: string, answers: Answers, enabled = true) {
  return useQuery({
    queryKey: evaluateKey(storeId, urlKey, answers),
    queryFn: ({ signal }) => evaluateAnswers(storeId, urlKey, answers, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** The evaluation run by "Continuar". */
export function useEvaluateMutation(storeId: number, urlKey: string) {
  return useMutation({ mutationFn: (answers: Answers) => evaluateAnswers(storeId, urlKey, answers) });
}
