import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import type { ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';

// The AT's validation codes of the Portuguese series (docs/invoicing.md, "Portugal").

export type PtSeriesCodes = ApiResponse<'/api/backoffice/pt-series', 'get'>;
export type PtSeriesCode = PtSeriesCodes[number];

const keys = { all: [...queryKeys.backoffice, 'pt-series'] as const };

export function usePtSeriesCodes() {
  return useQuery({ queryKey: keys.all, queryFn: ({ signal }) => api.GET('/api/backoffice/pt-series', { signal }) });
}

export function useSavePtSeriesCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { seriesKey: string; code: string }) =>
      api.PUT('/api/backoffice/pt-series/{seriesKey}', {
        params: { path: { seriesKey: input.seriesKey } },
        body: { validation_code: input.code },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
