import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { api } from '../../../shared/lib/api-client';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import {
  Alert,
  Button,
  type Column,
  ErrorSummary,
  Field,
  Link,
  LinkButton,
  PageHeading,
  Pagination,
  RadioGroup,
  Select,
  Spinner,
  Table,
  TextInput,
} from '../../../shared/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  DOCUMENTS_PER_PAGE,
  useHasDni,
  useOrderDocuments,
  usePushFiles,
  type DocumentKind,
  type OrderDocument,
} from '../api/documents';
import { AccountLinks } from '../components/account-links';
import '../components/account.css';

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
const MAX_FILES = 5;

/** The customer's orders to choose from (the 100 newest: older ones are sent from their own page's link). */
function useOrderChoices() {
  return useQuery({
    queryKey: ['me', 'orders', 'choices'],
    queryFn: ({ signal }) => api.GET('/api/me/orders', { params: { query: { page: 1, per_page: 100 } }, signal }),
  });
}

/** Sends documents to one of the customer's orders (spec: pushFilesToPedido), with upload progress. */
function SendDocuments({ initialOrder }: { initialOrder: string }) {
  const t = useT();
  const orders = useOrderChoices();
  const push = usePushFiles();
  const [orderId, setOrderId] = useState(initialOrder);
  const [kind, setKind] = useState<DocumentKind>('identity');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sent, setSent] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const chosen = /^\d+$/.test(orderId) ? Number(orderId) : null;
  const hasDni = useHasDni(chosen);

  function fail(field: 'order' | 'files', text: string) {
    setErrors({ byField: { [field]: text }, summary: [{ href: `#docs-${field}`, text }] });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(null);
    if (chosen === null) return fail('order', t('docs.orderRequired'));
    if (files.length === 0) return fail('files', t('docs.filesRequired'));
    if (files.length > MAX_FILES) return fail('files', t('incidence.tooManyFiles', { max: MAX_FILES }));
    setErrors(NO_ERRORS);
    setProgress(0);
    push.mutate(
      { orderId: chosen, kind, files, onProgress: setProgress },
      {
        onSuccess: (out) => {
          setSent(out.files.length);
          setFiles([]);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => setErrors(toFormErrors(error, 'docs', ['order', 'kind', 'files'], 'files', t)),
        onSettled: () => setProgress(null),
      },
    );
  }

  const items = (orders.data?.items ?? []).map((o) => ({
    value: String(o.order_id),
    label: t('docs.orderOption', { order: o.order_id, product: o.items.map((i) => i.product_name).join(', ') }),
  }));
  // An order given in the address that is not among the choices (older, or not the customer's) is still offered:
  // the server answers for it.
  if (chosen !== null && !items.some((i) => i.value === orderId)) items.unshift({ value: orderId, label: orderId });

  return (
    <section aria-labelledby="docs-send-title" className="documents-send">
      <h2 id="docs-send-title">{t('docs.sendTitle')}</h2>
      <p>{t('docs.sendIntro')}</p>
      <ErrorSummary errors={errors.summary} />
      {sent !== null ? (
        <Alert tone="success">
          <p>{t('docs.sent', { count: sent })}</p>
        </Alert>
      ) : null}
      <form noValidate onSubmit={submit}>
        <Select
          id="docs-order"
          name="order_id"
          label={t('docs.order')}
          emptyLabel={t('docs.chooseOrder')}
          items={items}
          value={orderId}
          error={errors.byField.order}
          onChange={(e) => setOrderId(e.target.value)}
        />
        {hasDni.data?.has_dni ? <p role="status">{t('docs.hasDni')}</p> : null}
        <RadioGroup
          id="docs-kind"
          name="kind"
          legend={t('docs.kind')}
          items={[
            { value: 'identity', label: t('docs.kindIdentity') },
            { value: 'other', label: t('docs.kindOther') },
          ]}
          value={kind}
          error={errors.byField.kind}
          onChange={(value) => setKind(value === 'other' ? 'other' : 'identity')}
        />
        <Field
          id="docs-files"
          label={t('incidence.files')}
          hint={t('incidence.filesHint', { max: MAX_FILES })}
          error={errors.byField.files}
        >
          <input
            ref={fileInput}
            id="docs-files"
            name="files"
            type="file"
            multiple
            accept={ACCEPT}
            className="file-input"
            aria-describedby={['docs-files-hint', errors.byField.files ? 'docs-files-error' : null]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={errors.byField.files ? true : undefined}
            disabled={push.isPending}
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
        </Field>
        {progress !== null ? (
          <p>
            <label htmlFor="docs-progress">{t('incidence.uploading')}</label>{' '}
            <progress id="docs-progress" max={100} value={Math.round(progress * 100)}>
              {Math.round(progress * 100)} %
            </progress>
          </p>
        ) : null}
        <Button pending={push.isPending}>{t('docs.send')}</Button>
      </form>
    </section>
  );
}

/** Keeps one order document among the saved documents (POST /api/me/documents with its file_id). */
function SaveDocument({ doc }: { doc: OrderDocument }) {
  const t = useT();
  const save = useMutation({
    mutationFn: () => api.POST('/api/me/documents', { body: { name: doc.filename, file_id: doc.id } }),
  });
  if (save.isSuccess)
    return (
      <span role="status">
        {t('docs.saved')} <Link to={`/guardados/documentos/${save.data.id}`}>{t('docs.savedLink')}</Link>
      </span>
    );
  return (
    <>
      <LinkButton onClick={() => save.mutate()}>{t('docs.save', { name: doc.filename })}</LinkButton>
      {save.isError ? <span role="alert"> {errorText(save.error, t)}</span> : null}
    </>
  );
}

function DocumentList() {
  const t = useT();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const list = useOrderDocuments({ page, q });

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams(params);
    next.delete('page');
    if (text.trim()) next.set('q', text.trim());
    else next.delete('q');
    setParams(next);
  }

  const columns: Column<OrderDocument>[] = [
    {
      key: 'file',
      header: t('docs.colFile'),
      cell: (d) => (
        <a href={`/api/me/orders/${d.order_id}/files/${d.id}`} download>
          {d.filename}
        </a>
      ),
    },
    {
      key: 'order',
      header: t('orders.colOrder'),
      cell: (d) => <Link to={`/orders/detail/${d.order_id}`}>{String(d.order_id)}</Link>,
    },
    { key: 'product', header: t('orders.colProduct'), cell: (d) => d.product_name },
    { key: 'date', header: t('orders.colDate'), cell: (d) => format.date(d.created_at) },
    {
      key: 'from',
      header: t('docs.colFrom'),
      cell: (d) =>
        d.uploaded_by_customer
          ? d.kind === 'identity'
            ? t('docs.fromYouIdentity')
            : t('docs.fromYou')
          : t('docs.fromUs'),
    },
    { key: 'save', header: t('docs.colSave'), cell: (d) => <SaveDocument doc={d} /> },
  ];
  const hrefFor = (n: number) => {
    const next = new URLSearchParams(params);
    if (n === 1) next.delete('page');
    else next.set('page', String(n));
    const query = next.toString();
    return query ? `/documentos?${query}` : '/documentos';
  };

  return (
    <section aria-labelledby="docs-list-title">
      <h2 id="docs-list-title">{t('docs.listTitle')}</h2>
      <form role="search" noValidate onSubmit={search}>
        <TextInput
          id="docs-q"
          name="q"
          type="search"
          label={t('docs.search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button variant="secondary">{t('docs.searchButton')}</Button>
      </form>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert>{errorText(list.error, t)}</Alert> : null}
      {list.data && list.data.items.length === 0 ? <p>{q ? t('docs.noMatches') : t('docs.empty')}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <>
          <p role="status">{t('docs.total', { count: list.data.total })}</p>
          <Table
            caption={t('docs.listTitle')}
            captionHidden
            columns={columns}
            rows={list.data.items}
            rowKey={(d) => d.id}
          />
          <Pagination
            page={list.data.page}
            perPage={list.data.per_page || DOCUMENTS_PER_PAGE}
            total={list.data.total}
            hrefFor={hrefFor}
          />
        </>
      ) : null}
    </section>
  );
}

/**
 * `/documentos[?pedido=]`: every document of the customer's orders (the spec's documents list), and a form to send
 * more to an order outside the incident form (pushFilesToPedido), saying when the order already has their ID.
 */
export function DocumentsRoute() {
  const t = useT();
  const [params] = useSearchParams();
  useDocumentTitle(t('docs.title'));
  const pedido = params.get('pedido') ?? '';
  return (
    <>
      <PageHeading>{t('docs.title')}</PageHeading>
      <AccountLinks />
      <SendDocuments initialOrder={/^\d{1,10}$/.test(pedido) ? pedido : ''} />
      <DocumentList />
    </>
  );
}
