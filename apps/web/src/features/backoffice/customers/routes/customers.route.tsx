import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  errorText,
  NO_ERRORS,
  refreshAfterAuthChange,
  toFormErrors,
  userCan,
  useUser,
  type FormErrors,
} from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import {
  Alert,
  Button,
  ButtonGroup,
  Checkbox,
  ErrorSummary,
  Link,
  PageHeading,
  Spinner,
  SummaryList,
  Table,
  TextInput,
} from '../../../../shared/ui';
import { CustomerSavedItems, ticketsOfEmailHref } from '../../shared';
import { CustomerPaymentSection } from '../components/customer-payment';
import { LookupTools } from '../../items';
import { useTicketStatusLabel } from '../../tickets';
import {
  useCreateCustomer,
  useCustomer,
  useCustomerSearch,
  useImpersonate,
  useNewsletter,
  useSaveCustomer,
  type CustomerDetail,
  type CustomerSearch,
} from '../api/customers';

type Row = CustomerSearch['items'][number];
const FIELDS = ['email', 'firstname', 'lastname', 'phone'] as const;

/**
 * The `client` tab (`/agentes/client`): customer search (e-mail, name, tax id, phone, order id), the customer's page
 * (`?id=`) with edit, newsletter and "log in as the customer" (admins), and the new customer form (admins).
 */
export function CustomersScreen() {
  const t = useT();
  useDocumentTitle(t('customers.title'));
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const idParam = params.get('id');
  const id = idParam && /^\d{1,9}$/.test(idParam) ? Number(idParam) : null;
  const [text, setText] = useState(q);
  const list = useCustomerSearch(q, page);
  const user = useUser();

  function go(next: Record<string, string | null>) {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '') merged.delete(k);
      else merged.set(k, v);
    }
    setParams(merged);
  }

  return (
    <>
      <PageHeading caption={t('customers.caption')}>{t('customers.title')}</PageHeading>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: text.trim(), page: null, id: null });
        }}
      >
        <TextInput
          id="customer-search"
          type="search"
          label={t('customers.search')}
          hint={t('customers.searchHint')}
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit">{t('customers.searchButton')}</Button>
      </form>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert>{errorText(list.error, t)}</Alert> : null}
      {list.data ? (
        <>
          <p role="status">{t('customers.count', { count: list.data.total })}</p>
          <Table<Row>
            caption={t('customers.results')}
            captionHidden
            rowKey={(row) => row.customer_id}
            rows={list.data.items}
            columns={[
              {
                key: 'email',
                header: t('customers.email'),
                cell: (row) => (
                  <Link to={`?${new URLSearchParams({ ...(q ? { q } : {}), id: String(row.customer_id) })}`}>
                    {row.email}
                  </Link>
                ),
              },
              { key: 'name', header: t('customers.name'), cell: (row) => `${row.firstname} ${row.lastname}` },
              { key: 'tax', header: t('customers.taxId'), cell: (row) => row.tax_id ?? '—' },
              { key: 'phone', header: t('customers.phone'), cell: (row) => row.phone ?? '—' },
              { key: 'orders', header: t('customers.orders'), numeric: true, cell: (row) => row.orders_count },
            ]}
          />
          <ButtonGroup>
            {page > 1 ? (
              <Button type="button" variant="secondary" onClick={() => go({ page: String(page - 1) })}>
                {t('customers.previous')}
              </Button>
            ) : null}
            {page * list.data.per_page < list.data.total ? (
              <Button type="button" variant="secondary" onClick={() => go({ page: String(page + 1) })}>
                {t('customers.next')}
              </Button>
            ) : null}
          </ButtonGroup>
        </>
      ) : null}
      {id !== null ? <CustomerPanel key={id} id={id} /> : null}
      {userCan(user, 'customers.create') ? <CreateCustomer onCreated={(newId) => go({ id: String(newId) })} /> : null}
    </>
  );
}

function CustomerPanel({ id }: { id: number }) {
  const t = useT();
  const format = useFormat();
  const user = useUser();
  const detail = useCustomer(id);
  const newsletter = useNewsletter(id);
  const impersonate = useImpersonate();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [message, setMessage] = useState('');

  if (detail.isPending) return <Spinner />;
  if (detail.isError) return <Alert>{errorText(detail.error, t)}</Alert>;
  const d = detail.data;
  const c = d.customer;

  async function loginAs() {
    try {
      await impersonate.mutateAsync(id);
      await refreshAfterAuthChange(queryClient);
      void navigate('/orders');
    } catch (error) {
      setMessage(errorText(error, t));
    }
  }

  return (
    <section aria-labelledby="customer-heading">
      <h2 id="customer-heading" tabIndex={-1}>
        {t('customers.detailTitle', { name: `${c.firstname} ${c.lastname}`, email: c.email })}
      </h2>
      {message ? <Alert>{message}</Alert> : null}
      <SummaryList
        rows={[
          { key: 'id', label: t('customers.id'), value: c.customer_id },
          { key: 'email', label: t('customers.email'), value: c.email },
          { key: 'phone', label: t('customers.phone'), value: c.phone ?? '—' },
          {
            key: 'billing',
            label: t('customers.billing'),
            value: d.billing
              ? `${d.billing.name} · ${d.billing.tax_id} · ${d.billing.address} (${d.billing.country})`
              : '—',
          },
          { key: 'created', label: t('customers.created'), value: format.dateTime(c.created_at) },
        ]}
      />
      <Checkbox
        id="customer-newsletter"
        label={t('customers.newsletter')}
        checked={c.newsletter}
        disabled={newsletter.isPending}
        onChange={(e) => newsletter.mutate(e.target.checked, { onError: (error) => setMessage(errorText(error, t)) })}
      />
      {userCan(user, 'customers.impersonate') ? (
        <p>
          <Button type="button" variant="secondary" pending={impersonate.isPending} onClick={() => void loginAs()}>
            {t('customers.loginAs')}
          </Button>
          <br />
          <span className="hint">{t('customers.loginAsHint')}</span>
        </p>
      ) : null}
      <EditCustomer key={c.version} detail={d} />
      {userCan(user, 'customers.edit') ? <CustomerPaymentSection id={id} /> : null}
      {userCan(user, 'lookups.companyReports') ? (
        <LookupTools idPrefix="customer" cif={d.billing?.tax_id ?? ''} />
      ) : null}
      <CustomerSavedItems customerId={id} id="customer-saved" linkToCustomer={false} />
      <CustomerHistory detail={d} />
    </section>
  );
}

/** What the customer has done with the store: orders, tickets, invoices, and who signed in as them. */
function CustomerHistory({ detail: d }: { detail: CustomerDetail }) {
  const t = useT();
  const format = useFormat();
  const ticketStatus = useTicketStatusLabel();
  const c = d.customer;
  return (
    <>
      <h3>{t('customers.ordersTitle')}</h3>
      {d.orders.length === 0 ? (
        <p>{t('customers.none')}</p>
      ) : (
        <Table
          caption={t('customers.ordersTitle')}
          captionHidden
          rowKey={(o) => o.order_id}
          rows={d.orders}
          columns={[
            { key: 'id', header: t('customers.orderId'), cell: (o) => o.order_id },
            { key: 'date', header: t('customers.date'), cell: (o) => format.dateTime(o.created_at) },
            { key: 'status', header: t('customers.status'), cell: (o) => o.status },
            { key: 'items', header: t('customers.items'), numeric: true, cell: (o) => o.items },
            { key: 'total', header: t('customers.total'), numeric: true, cell: (o) => format.money(o.total) },
          ]}
        />
      )}
      <h3>{t('customers.ticketsTitle')}</h3>
      <p>
        <Link to={ticketsOfEmailHref(c.email)}>{t('tickets.titleFor', { email: c.email })}</Link>
      </p>
      {d.tickets.length === 0 ? (
        <p>{t('customers.none')}</p>
      ) : (
        <Table
          caption={t('customers.ticketsTitle')}
          captionHidden
          rowKey={(tk) => tk.id}
          rows={d.tickets}
          columns={[
            {
              key: 'id',
              header: t('tickets.colTicket'),
              cell: (tk) => <Link to={`/agentes/ticket/${tk.id}`}>{t('tickets.ticketN', { id: tk.id })}</Link>,
            },
            { key: 'subject', header: t('customers.subject'), cell: (tk) => tk.subject },
            { key: 'status', header: t('customers.status'), cell: (tk) => ticketStatus(tk.status) },
            { key: 'date', header: t('customers.date'), cell: (tk) => format.dateTime(tk.updated_at) },
          ]}
        />
      )}
      <h3>{t('customers.invoicesTitle')}</h3>
      {d.invoices.length === 0 ? (
        <p>{t('customers.none')}</p>
      ) : (
        <Table
          caption={t('customers.invoicesTitle')}
          captionHidden
          rowKey={(i) => i.id}
          rows={d.invoices}
          columns={[
            { key: 'number', header: t('customers.invoiceNumber'), cell: (i) => i.number },
            { key: 'order', header: t('customers.orderId'), cell: (i) => i.order_id },
            { key: 'date', header: t('customers.date'), cell: (i) => i.issue_date },
            { key: 'total', header: t('customers.total'), numeric: true, cell: (i) => format.money(i.total) },
          ]}
        />
      )}
      <h3>{t('customers.auditTitle')}</h3>
      {d.impersonations.length === 0 ? (
        <p>{t('customers.none')}</p>
      ) : (
        <Table
          caption={t('customers.auditTitle')}
          captionHidden
          rowKey={(a) => a.id}
          rows={d.impersonations}
          columns={[
            { key: 'who', header: t('customers.auditWho'), cell: (a) => a.admin_email },
            { key: 'start', header: t('customers.auditStart'), cell: (a) => format.dateTime(a.started_at) },
            {
              key: 'end',
              header: t('customers.auditEnd'),
              cell: (a) => (a.ended_at ? `${format.dateTime(a.ended_at)} (${a.end_reason ?? ''})` : '—'),
            },
            { key: 'ip', header: 'IP', cell: (a) => a.ip },
          ]}
        />
      )}
    </>
  );
}

function EditCustomer({ detail }: { detail: CustomerDetail }) {
  const t = useT();
  const user = useUser();
  const c = detail.customer;
  const save = useSaveCustomer(c.customer_id);
  const [fields, setFields] = useState({
    email: c.email,
    firstname: c.firstname,
    lastname: c.lastname,
    phone: c.phone ?? '',
  });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);
  const emailEditable = userCan(user, 'customers.create');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    save.mutate(
      { ...fields, phone: fields.phone.trim() || null, version: c.version },
      {
        onSuccess: () => {
          setErrors(NO_ERRORS);
          setDone(true);
        },
        onError: (error) => setErrors(toFormErrors(error, 'customer-edit', [...FIELDS], 'email', t)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="customer-edit-heading">
      <h3 id="customer-edit-heading">{t('customers.editTitle')}</h3>
      <ErrorSummary errors={errors.summary} />
      {done ? <Alert tone="success">{t('customers.saved')}</Alert> : null}
      {FIELDS.map((name) => (
        <TextInput
          key={name}
          id={`customer-edit-${name}`}
          label={t(`customers.${name}`)}
          type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
          value={fields[name]}
          readOnly={name === 'email' && !emailEditable}
          hint={name === 'email' && !emailEditable ? t('customers.emailAdminOnly') : undefined}
          optional={name === 'phone'}
          error={errors.byField[name]}
          onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
        />
      ))}
      <Button type="submit" pending={save.isPending}>
        {t('customers.save')}
      </Button>
    </form>
  );
}

function CreateCustomer({ onCreated }: { onCreated: (id: number) => void }) {
  const t = useT();
  const create = useCreateCustomer();
  const empty = { email: '', firstname: '', lastname: '', phone: '' };
  const [fields, setFields] = useState(empty);
  const [newsletter, setNewsletter] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      { ...fields, phone: fields.phone.trim() || null, newsletter },
      {
        onSuccess: (res) => {
          setErrors(NO_ERRORS);
          setFields(empty);
          onCreated(res.customer.customer_id);
        },
        onError: (error) => setErrors(toFormErrors(error, 'customer-new', [...FIELDS], 'email', t)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="customer-new-heading">
      <h2 id="customer-new-heading">{t('customers.newTitle')}</h2>
      <p>{t('customers.newHint')}</p>
      <ErrorSummary errors={errors.summary} />
      {FIELDS.map((name) => (
        <TextInput
          key={name}
          id={`customer-new-${name}`}
          label={t(`customers.${name}`)}
          type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
          value={fields[name]}
          optional={name === 'phone'}
          error={errors.byField[name]}
          onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
        />
      ))}
      <Checkbox
        id="customer-new-newsletter"
        label={t('customers.newsletter')}
        checked={newsletter}
        onChange={(e) => setNewsletter(e.target.checked)}
      />
      <Button type="submit" pending={create.isPending}>
        {t('customers.create')}
      </Button>
    </form>
  );
}
