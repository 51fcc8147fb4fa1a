import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import type { ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';

// Veri*Factu records the AEAT refused or accepted with errors (docs/invoicing.md, "Sending records to the AEAT").

export type VerifactuErrorList = ApiResponse<'/api/backoffice/verifactu/records-with-errors', 'get'>;
export type VerifactuErrorRecord = VerifactuErrorList['items'][number];

export function useVerifactuErrors() {
  return useQuery({
    queryKey: [...queryKeys.backoffice, 'verifactu', 'records-with-errors'],
    queryFn: ({ signal }) => api.GET('/api/backoffice/verifactu/records-with-errors', { signal }),
  });
}
