import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useFormat, useT, type MessageKey } from '../../../shared/i18n';
import { ApiError } from '../../../shared/lib/api-client';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import {
  Alert,
  BackLink,
  Button,
  ButtonGroup,
  Link,
  PageHeading,
  Spinner,
  SummaryList,
  type SummaryRow,
} from '../../../shared/ui';
import {
  savedKindBySegment,
  useDeleteSavedItem,
  useSavedItem,
  useUpdateSavedItem,
  type SavedItem,
  type SavedKind,
} from '../api/saved-items';
import { AccountLinks } from '../components/account-links';
import { FastBuyOffer } from '../components/fast-buy-offer';
import { SavedItemClassification } from '../components/saved-item-classification';
import type { FastBuyOrigin } from '../api/fast-buy';
import '../components/account.css';
import { refLabel } from './saved-items.route';

/** The fast-buy origin of each kind (the spec's inmueble, empresa, vehiculo); documents order nothing. */
const FAST_BUY_ORIGIN: Partial<Record<SavedKind['api'], FastBuyOrigin>> = {
  properties: 'inmueble',
  companies: 'empresa',
  vehicles: 'vehiculo',
};

function Detail({ kind, item }: { kind: SavedKind; item: SavedItem }) {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const update = useUpdateSavedItem(kind.api, item.id);
  const remove = useDeleteSavedItem(kind.api, item.id);
  const [current, setCurrent] = useState(item);
  useDocumentTitle(current.name);

  const rows: SummaryRow[] = [
    ...(current.initials !== undefined
      ? [{ key: 'initials', label: t('saved.initials'), value: current.initials }]
      : []),
    ...current.meta.attr.map((a) => ({
      key: a.key,
      label: t(`saved.attr.${a.key}` as MessageKey),
      value: a.value,
    })),
    ...(['tipo', 'uso', 'relacion'] as const)
      .filter((list) => current.meta[list].length > 0)
      .map((list) => ({
        key: list,
        label: t(`saved.list.${list}`),
        value: current.meta[list].map((id) => refLabel(t, id)).join(', '),
      })),
    ...(current.file
      ? [
          {
            key: 'file',
            label: t('saved.file'),
            value: (
              <a href={`/api/me/orders/${current.file.order_id}/files/${current.file.id}`} download>
                {current.file.filename}
              </a>
            ),
          },
        ]
      : []),
  ];
  const idufir = current.doc_parsed_entities?.find((e) => e.entity === 'idufir')?.text_data;

  const patch = (body: { favourite?: boolean; seguimiento?: boolean }) =>
    update.mutate(body, { onSuccess: (res) => setCurrent(res.item) });

  return (
    <>
      <BackLink to={`/guardados/${kind.segment}`}>{t('saved.back')}</BackLink>
      <PageHeading>{current.name}</PageHeading>
      <AccountLinks />
      {rows.length > 0 ? <SummaryList rows={rows} /> : null}
      {current.seguimiento ? <p>{t('saved.followingYes')}</p> : null}
      {update.isError ? <Alert>{errorText(update.error, t)}</Alert> : null}
      {remove.isError ? <Alert>{errorText(remove.error, t)}</Alert> : null}
      <ButtonGroup>
        <Button type="button" pending={update.isPending} onClick={() => patch({ favourite: !current.favourite })}>
          {current.favourite ? t('saved.removeFavourite') : t('saved.addFavourite')}
        </Button>
        {current.seguimiento !== undefined ? (
          <Button type="button" pending={update.isPending} onClick={() => patch({ seguimiento: !current.seguimiento })}>
            {current.seguimiento ? t('saved.unfollow') : t('saved.follow')}
          </Button>
        ) : null}
        <Button
          type="button"
          pending={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => navigate(`/guardados/${kind.segment}`, { replace: true }),
            })
          }
        >
          {t('saved.delete')}
        </Button>
      </ButtonGroup>

      <SavedItemClassification kind={kind.api} item={current} onSaved={setCurrent} />

      {current.doc_parsed ? (
        <section aria-labelledby="saved-nota">
          <h2 id="saved-nota">{t('saved.notaSimple')}</h2>
          <p>{t('saved.notaSimpleIntro')}</p>
          <SummaryList
            rows={[
              ...(idufir ? [{ key: 'idufir', label: t('saved.idufir'), value: idufir }] : []),
              { key: 'descripcion', label: t('saved.descripcion'), value: current.doc_parsed.descripcion },
              { key: 'titulares', label: t('saved.titulares'), value: current.doc_parsed.titulares },
              { key: 'cargas', label: t('saved.cargas'), value: current.doc_parsed.cargas },
            ]}
          />
        </section>
      ) : null}

      {FAST_BUY_ORIGIN[kind.api] ? <FastBuyOffer origin={FAST_BUY_ORIGIN[kind.api]!} id={current.id} /> : null}

      <section aria-labelledby="saved-orders">
        <h2 id="saved-orders">{t('saved.orders')}</h2>
        {current.orders.length === 0 ? <p>{t('saved.noOrders')}</p> : null}
        <ul>
          {current.orders.map((o) => (
            <li key={o.item_id}>
              <Link to={`/orders/detail/${o.order_id}`}>
                {t('saved.orderLink', { order: o.order_id, product: o.product_name })}
              </Link>{' '}
              ({format.date(o.created_at)})
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** `/guardados/{kind}/{id}`: one saved item with its attributes, its orders and, for a property, its nota simple. */
export function SavedItemDetailRoute() {
  const t = useT();
  const { kind: segment, id = '' } = useParams();
  const kind = savedKindBySegment(segment);
  const item = useSavedItem(kind?.api ?? 'properties', id);
  if (!kind) return <Navigate to="/guardados/inmuebles" replace />;
  if (item.isPending) return <Spinner />;
  if (item.isError) {
    const notFound = item.error instanceof ApiError && item.error.status === 404;
    return (
      <>
        <BackLink to={`/guardados/${kind.segment}`}>{t('saved.back')}</BackLink>
        <PageHeading>{t('saved.title')}</PageHeading>
        <Alert>{notFound ? t('saved.notFound') : errorText(item.error, t)}</Alert>
      </>
    );
  }
  return <Detail kind={kind} item={item.data} key={item.data.id} />;
}
