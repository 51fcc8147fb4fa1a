import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorText, useSession } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { api } from '../../../shared/lib/api-client';
import type { ApiResponse } from '../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, BackLink, PageHeading, Spinner } from '../../../shared/ui';
import { startFastBuy } from '../lib/fast-buy';

type Prefill = ApiResponse<'/api/me/fast-buy/{origin}/{originId}/{urlKey}', 'get'>;

/**
 * `/tienda/compra-rapida/{origin}/{origin_id}/{url_key}`: fast-buy from a saved item or an order line. The server's
 * pre-filled answers become the product's draft and the wizard opens at the first page with something unanswered.
 */
export function FastBuyRoute() {
  const t = useT();
  const navigate = useNavigate();
  const { store_id: storeId } = useSession();
  const { origin = '', originId = '', urlKey = '' } = useParams();
  useDocumentTitle(t('fastBuy.title'));
  const prefill = useQuery({
    queryKey: ['me', 'fast-buy', origin, originId, urlKey, storeId],
    queryFn: ({ signal }) =>
      api.GET('/api/me/fast-buy/{origin}/{originId}/{urlKey}', {
        params: { path: { origin: origin as Prefill['origin'], originId, urlKey } },
        signal,
      }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (prefill.data) navigate(startFastBuy(storeId, prefill.data), { replace: true });
  }, [prefill.data, storeId, navigate]);
  if (prefill.isError) {
    return (
      <>
        <BackLink to="/guardados/inmuebles" />
        <PageHeading>{t('fastBuy.title')}</PageHeading>
        <Alert>{errorText(prefill.error, t)}</Alert>
      </>
    );
  }
  return <Spinner />;
}
