import { useState, type FormEvent } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../shared/auth';
import { useFormat, useT, type MessageKey } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import {
  Alert,
  Button,
  Checkbox,
  type Column,
  ErrorSummary,
  Link,
  PageHeading,
  Pagination,
  Spinner,
  Table,
  TextInput,
} from '../../../shared/ui';
import {
  SAVED_KINDS,
  savedKindBySegment,
  useCreateSavedItem,
  useSavedConsent,
  useSavedItems,
  useSetSavedConsent,
  type SavedItem,
  type SavedKind,
} from '../api/saved-items';
import { AccountLinks } from '../components/account-links';
import '../components/account.css';

/** The tabs between the four kinds of saved items. */
export function SavedKindsNav({ current }: { current: SavedKind }) {
  const t = useT();
  return (
    <nav aria-label={t('saved.kindsNav')}>
      <ul className="account-links">
        {SAVED_KINDS.map((kind) => (
          <li key={kind.api}>
            <Link to={`/guardados/${kind.segment}`} aria-current={kind.api === current.api ? 'page' : undefined}>
              {t(`saved.kind.${kind.api}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ConsentSwitch() {
  const t = useT();
  const consent = useSavedConsent();
  const setConsent = useSetSavedConsent();
  // The box shows the customer's choice in the click's own render: the mutation's optimistic cache write lands a
  // task later, and a controlled box would flick back to the old value in between (seen by Playwright under load).
  const [choice, setChoice] = useState<boolean | null>(null);
  if (!consent.data) return null;
  return (
    <>
      <Checkbox
        id="saved-consent"
        name="save_from_orders"
        label={t('saved.consent')}
        hint={t('saved.consentHint')}
        checked={choice ?? consent.data.save_from_orders}
        onChange={(event) => {
          const value = event.target.checked;
          setChoice(value);
          // Once saved or refused, the cache (the server's answer, or the old value) is the truth again.
          setConsent.mutate(value, { onSettled: () => setChoice(null) });
        }}
      />
      {setConsent.isSuccess ? (
        <p role="status" className="visually-hidden">
          {t('saved.consentSaved')}
        </p>
      ) : null}
    </>
  );
}

function AddForm({ kind }: { kind: SavedKind }) {
  const t = useT();
  const create = useCreateSavedItem(kind.api);
  const [name, setName] = useState('');
  const [identity, setIdentity] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [added, setAdded] = useState('');
  const identityField = `meta.attr.${kind.identity}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAdded('');
    const attr = identity.trim() ? [{ key: kind.identity, value: identity }] : [];
    create.mutate(
      { name, meta: { attr } },
      {
        onSuccess: (item) => {
          setErrors(NO_ERRORS);
          setAdded(item.name);
          setName('');
          setIdentity('');
        },
        onError: (error) => setErrors(toFormErrors(error, 'saved', ['name', identityField], 'name', t)),
      },
    );
  }

  return (
    <section aria-labelledby="saved-add-title">
      <h2 id="saved-add-title">{t('saved.addTitle')}</h2>
      <ErrorSummary errors={errors.summary} />
      {added ? <Alert tone="success">{t('saved.added', { name: added })}</Alert> : null}
      <form noValidate onSubmit={submit}>
        <TextInput
          id="saved-name"
          name="name"
          label={t('saved.name')}
          value={name}
          error={errors.byField.name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextInput
          id={`saved-${identityField}`}
          name={kind.identity}
          label={t(`saved.identity.${kind.api}`)}
          value={identity}
          error={errors.byField[identityField]}
          onChange={(e) => setIdentity(e.target.value)}
        />
        <Button pending={create.isPending}>{t('saved.add')}</Button>
      </form>
    </section>
  );
}

function SavedList({ kind }: { kind: SavedKind }) {
  const t = useT();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const favourites = params.get('favoritos') === '1';
  const [text, setText] = useState(q);
  const [onlyFavourites, setOnlyFavourites] = useState(favourites);
  const list = useSavedItems(kind.api, { page, q, favourites });
  useDocumentTitle(`${t('saved.title')}: ${t(`saved.kind.${kind.api}`)}`);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (text.trim()) next.set('q', text.trim());
    if (onlyFavourites) next.set('favoritos', '1');
    setParams(next);
  }

  const hrefFor = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `/guardados/${kind.segment}?${next.toString()}`;
  };
  const columns: Column<SavedItem>[] = [
    {
      key: 'name',
      header: t('saved.colName'),
      cell: (item) => <Link to={`/guardados/${kind.segment}/${item.id}`}>{item.name}</Link>,
    },
    { key: 'favourite', header: t('saved.favourite'), cell: (item) => (item.favourite ? '★' : '') },
    { key: 'orders', header: t('saved.colOrders'), numeric: true, cell: (item) => String(item.orders.length) },
    { key: 'date', header: t('saved.colDate'), cell: (item) => format.date(item.created_at) },
  ];

  return (
    <>
      <PageHeading>{t('saved.title')}</PageHeading>
      <AccountLinks />
      <p>{t('saved.intro')}</p>
      <ConsentSwitch />
      <SavedKindsNav current={kind} />
      <h2>{t(`saved.kind.${kind.api}`)}</h2>
      <form role="search" noValidate onSubmit={search}>
        <TextInput
          id="saved-search"
          name="q"
          type="search"
          label={t('saved.search')}
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
        <Checkbox
          id="saved-favourites"
          name="favoritos"
          label={t('saved.favouritesOnly')}
          checked={onlyFavourites}
          onChange={(e) => setOnlyFavourites(e.target.checked)}
        />
        <Button>{t('saved.searchButton')}</Button>
      </form>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert>{errorText(list.error, t)}</Alert> : null}
      {list.data && list.data.items.length === 0 ? <p>{t('saved.empty')}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <>
          <Table
            caption={t(`saved.kind.${kind.api}`)}
            captionHidden
            columns={columns}
            rows={list.data.items}
            rowKey={(item) => item.id}
          />
          <Pagination page={list.data.page} perPage={list.data.per_page} total={list.data.total} hrefFor={hrefFor} />
        </>
      ) : null}
      <AddForm kind={kind} />
    </>
  );
}

/** `/guardados/{inmuebles|empresas|vehiculos|documentos}`: the customer's saved items of a kind. */
export function SavedItemsRoute() {
  const { kind: segment } = useParams();
  const kind = savedKindBySegment(segment);
  if (!kind) return <Navigate to="/guardados/inmuebles" replace />;
  return <SavedList kind={kind} key={kind.api} />;
}

/** The label of a catalogue reference id (property type, use, fuel, relationship). */
export function refLabel(t: ReturnType<typeof useT>, id: number): string {
  return t(`saved.ref.${id}` as MessageKey);
}
