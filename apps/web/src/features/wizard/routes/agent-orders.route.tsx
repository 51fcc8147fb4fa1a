import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  AGENT_ORDER_SHORTCUTS,
  parseItemId,
  tabTitle,
  type AgentOrderShortcut,
  type FixedTabKey,
} from '@ventanilla/domain';
import { errorText, NO_ERRORS, toFormErrors, useSession, type FormErrors } from '../../../shared/auth';
import { useFormat, useLanguage, useT } from '../../../shared/i18n';
import { ApiError } from '../../../shared/lib/api-client';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Button, ErrorSummary, Link, PageHeading, Select, Spinner, Table, TextInput } from '../../../shared/ui';
import { useEvaluation } from '../api/evaluate-product';
import { productListQuery, useProduct } from '../api/get-product';
import { optionInputId } from '../components/option-field';
import { QuestionList } from '../components/question-list';
import { PricePanel } from '../components/price-panel';
import { onlyVisible, toApiAnswers, type Answers } from '../lib/wizard-pages';
import {
  useAddLocalizations,
  useAddQpName,
  useCreateAgentOrder,
  useProcessQpNames,
  useQpLists,
  type AgentOrderCreated,
  type QpLists,
} from '../api/agent-orders';

/** The tab's heading and page title. */
function useTabHeading(key: FixedTabKey): string {
  const title = tabTitle(key, useLanguage());
  useDocumentTitle(title);
  return title;
}

/*
 * The wizard in agent mode: the back-office tabs new, ns, qp and localizaciones (registered by the app's router inside
 * the agent workspace). The questions are the wizard's own fields; the server validates and prices the answers.
 */

/** Tab `new`: a procedure of any product for a customer. */
export function NewProcedureScreen() {
  const title = useTabHeading('new');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <AgentOrderForm />
    </>
  );
}

/** Tabs `ns` and `qp`: the same form with the product chosen (QP also shows its person-search lists). */
export function ShortcutScreen({ shortcut }: { shortcut: AgentOrderShortcut }) {
  const title = useTabHeading(shortcut);
  const t = useT();
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <AgentOrderForm urlKey={AGENT_ORDER_SHORTCUTS[shortcut]} />
      {shortcut === 'qp' ? (
        <section aria-labelledby="qp-lists-title">
          <h2 id="qp-lists-title">{t('agentOrders.qpListsTitle')}</h2>
          <QpItemPicker>{(itemId) => <QpNamesPanel itemId={itemId} />}</QpItemPicker>
        </section>
      ) : null}
    </>
  );
}

/** Tab `localizaciones`: the properties found for a QP item (tramitaLocalizaciones). */
export function LocalizationsScreen() {
  const title = useTabHeading('localizaciones');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <QpItemPicker>{(itemId) => <LocalizationsPanel itemId={itemId} />}</QpItemPicker>
    </>
  );
}

const CUSTOMER_FIELDS = ['customer.email', 'customer.firstname', 'customer.lastname'];

/** Customer, store, product and the product's questions in agent mode; the server validates and prices. */
function AgentOrderForm({ urlKey: fixedUrlKey }: { urlKey?: string }) {
  const t = useT();
  const format = useFormat();
  const session = useSession();
  const [storeId, setStoreId] = useState(session.store_id);
  const [chosenUrlKey, setChosenUrlKey] = useState('');
  const urlKey = fixedUrlKey ?? chosenUrlKey;
  const [customer, setCustomer] = useState({ email: '', firstname: '', lastname: '' });
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [optionErrors, setOptionErrors] = useState<Record<number, string>>({});
  const [created, setCreated] = useState<AgentOrderCreated | null>(null);
  const products = useQuery({ ...productListQuery(storeId), enabled: !fixedUrlKey });
  const product = useProduct(storeId, urlKey || undefined);
  const evaluation = useEvaluation(storeId, urlKey, answers, !!urlKey && product.isSuccess);
  const create = useCreateAgentOrder();

  const visible = new Set(evaluation.data?.visible ?? []);
  const options = (product.data?.options ?? []).filter((o) => visible.has(o.option_id));

  function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(null);
    create.mutate(
      {
        customer: {
          email: customer.email,
          ...(customer.firstname ? { firstname: customer.firstname } : {}),
          ...(customer.lastname ? { lastname: customer.lastname } : {}),
        },
        store_id: storeId,
        url_key: urlKey,
        answers: toApiAnswers(onlyVisible(answers, visible)),
        ...(evaluation.data ? { shown_total: evaluation.data.price.total } : {}),
      },
      {
        onSuccess: (data) => {
          setErrors(NO_ERRORS);
          setOptionErrors({});
          setCreated(data);
        },
        onError: (error) => {
          const byOption = error instanceof ApiError && error.errors ? error.errors : [];
          setOptionErrors(Object.fromEntries(byOption.map((e) => [e.option_id, e.message])));
          const summary = byOption.map((e) => ({ href: `#${optionInputId(e.option_id)}`, text: e.message }));
          const form = byOption.length ? NO_ERRORS : toFormErrors(error, 'ao', CUSTOMER_FIELDS, 'customer.email', t);
          setErrors({ byField: form.byField, summary: [...form.summary, ...summary] });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('agentOrders.formLabel')}>
      <ErrorSummary errors={errors.summary} />
      {created ? (
        <Alert
          tone="success"
          title={t('agentOrders.created', { order: created.order_id, total: format.money(created.total) })}
        >
          <p>{t(created.customer_created ? 'agentOrders.customerCreated' : 'agentOrders.payLinkSent')}</p>
          {created.price_changed ? <p>{t('agentOrders.priceChanged')}</p> : null}
          <p>
            <Link to={`/agentes/pedido/${created.item_id}`}>
              {t('agentOrders.openItem', { item: created.item_id })}
            </Link>
          </p>
        </Alert>
      ) : null}
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('agentOrders.customerLegend')}</legend>
        <TextInput
          id="ao-customer.email"
          label={t('agentOrders.customerEmail')}
          type="email"
          autoComplete="off"
          value={customer.email}
          error={errors.byField['customer.email']}
          onChange={(e) => setCustomer({ ...customer, email: e.target.value })}
        />
        <TextInput
          id="ao-customer.firstname"
          label={t('agentOrders.customerFirstname')}
          hint={t('agentOrders.newCustomerHint')}
          optional
          value={customer.firstname}
          error={errors.byField['customer.firstname']}
          onChange={(e) => setCustomer({ ...customer, firstname: e.target.value })}
        />
        <TextInput
          id="ao-customer.lastname"
          label={t('agentOrders.customerLastname')}
          optional
          value={customer.lastname}
          error={errors.byField['customer.lastname']}
          onChange={(e) => setCustomer({ ...customer, lastname: e.target.value })}
        />
      </fieldset>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('agentOrders.productLegend')}</legend>
        <TextInput
          id="ao-store"
          label={t('agentOrders.store')}
          inputMode="numeric"
          value={String(storeId)}
          onChange={(e) => {
            const value = Number(e.target.value);
            if (Number.isInteger(value) && value >= 1 && value <= 99) setStoreId(value);
          }}
        />
        {fixedUrlKey ? (
          <p>{product.data?.name ?? fixedUrlKey}</p>
        ) : (
          <Select
            id="ao-product"
            label={t('agentOrders.product')}
            emptyLabel={t('agentOrders.chooseProduct')}
            value={chosenUrlKey}
            items={(products.data?.items ?? []).map((p) => ({ value: p.url_key, label: p.name }))}
            onChange={(e) => {
              setChosenUrlKey(e.target.value);
              setAnswers({});
            }}
          />
        )}
      </fieldset>
      {product.isError ? <Alert>{errorText(product.error, t)}</Alert> : null}
      {urlKey && product.isPending ? <Spinner /> : null}
      {product.data ? (
        <fieldset className="fieldset">
          <legend className="fieldset__legend">{t('agentOrders.answersLegend')}</legend>
          <QuestionList
            questions={options}
            values={answers}
            errors={new Map(Object.entries(optionErrors).map(([id, message]) => [Number(id), message]))}
            onChange={(optionId, value) => setAnswers((prev) => ({ ...prev, [String(optionId)]: value }))}
            context={{ options: product.data.options, answers, pricing: product.data }}
          />
          <PricePanel price={evaluation.data?.price} updating={evaluation.isFetching} />
        </fieldset>
      ) : null}
      <Button pending={create.isPending} disabled={!urlKey}>
        {evaluation.data
          ? t('agentOrders.submitWithTotal', { total: format.money(evaluation.data.price.total) })
          : t('agentOrders.submit')}
      </Button>
    </form>
  );
}

/** Asks for a QP item id and renders the panel of that item. */
function QpItemPicker({ children }: { children: (itemId: number) => React.ReactNode }) {
  const t = useT();
  const [text, setText] = useState('');
  const [itemId, setItemId] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <>
      <form
        className="inline-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const id = parseItemId(text.trim());
          setError(id === null ? t('agentOrders.itemIdInvalid') : undefined);
          setItemId(id);
        }}
      >
        <TextInput
          id="qp-item"
          label={t('agentOrders.qpItem')}
          inputMode="numeric"
          value={text}
          error={error}
          onChange={(e) => setText(e.target.value)}
        />
        <Button variant="secondary">{t('agentOrders.qpOpen')}</Button>
      </form>
      {itemId !== null ? children(itemId) : null}
    </>
  );
}

function useQpData(itemId: number): { lists: QpLists | undefined; status: React.ReactNode } {
  const t = useT();
  const query = useQpLists(itemId);
  if (query.isPending) return { lists: undefined, status: <Spinner /> };
  if (query.isError) return { lists: undefined, status: <Alert>{errorText(query.error, t)}</Alert> };
  return { lists: query.data, status: null };
}

/** listaNombresQP, searchListaNombresQP and tramitaListaNombresQP of one item. */
function QpNamesPanel({ itemId }: { itemId: number }) {
  const t = useT();
  const { lists, status } = useQpData(itemId);
  const add = useAddQpName(itemId);
  const process = useProcessQpNames(itemId);
  const [person, setPerson] = useState({ nombre: '', apellidos: '', nif: '' });
  const [addErrors, setAddErrors] = useState<FormErrors>(NO_ERRORS);
  const [earlier, setEarlier] = useState<number[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [maximo, setMaximo] = useState('');
  const [processErrors, setProcessErrors] = useState<FormErrors>(NO_ERRORS);
  if (!lists) return <>{status}</>;
  const pending = lists.names.filter((n) => n.processed_at === null);

  return (
    <>
      {lists.names.length === 0 ? <p>{t('agentOrders.noNames')}</p> : null}
      <Table
        caption={t('agentOrders.namesCaption', { item: itemId, maximo: lists.paid_maximo })}
        rows={lists.names}
        rowKey={(n) => n.id}
        columns={[
          { key: 'nombre', header: t('agentOrders.nombre'), cell: (n) => n.nombre },
          { key: 'apellidos', header: t('agentOrders.apellidos'), cell: (n) => n.apellidos },
          { key: 'nif', header: t('agentOrders.nif'), cell: (n) => n.nif },
          { key: 'maximo', header: t('agentOrders.maximo'), cell: (n) => n.maximo ?? t('agentOrders.notProcessed') },
        ]}
      />

      <form
        noValidate
        aria-labelledby="qp-add-title"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(person, {
            onSuccess: (data) => {
              setAddErrors(NO_ERRORS);
              setEarlier(data.earlier_item_ids);
              setPerson({ nombre: '', apellidos: '', nif: '' });
            },
            onError: (error) => setAddErrors(toFormErrors(error, 'qp', ['nombre', 'apellidos', 'nif'], 'nombre', t)),
          });
        }}
      >
        <h3 id="qp-add-title">{t('agentOrders.addNameTitle')}</h3>
        <ErrorSummary errors={addErrors.summary} />
        {(['nombre', 'apellidos', 'nif'] as const).map((field) => (
          <TextInput
            key={field}
            id={`qp-${field}`}
            label={t(`agentOrders.${field}`)}
            value={person[field]}
            error={addErrors.byField[field]}
            onChange={(e) => setPerson({ ...person, [field]: e.target.value })}
          />
        ))}
        {earlier.length ? <Alert tone="info">{t('agentOrders.earlier', { items: earlier.join(', ') })}</Alert> : null}
        <Button pending={add.isPending}>{t('agentOrders.addName')}</Button>
      </form>

      {pending.length ? (
        <form
          noValidate
          aria-labelledby="qp-process-title"
          onSubmit={(e) => {
            e.preventDefault();
            process.mutate(
              { maximo: Number(maximo), list: chosen },
              {
                onSuccess: () => {
                  setProcessErrors(NO_ERRORS);
                  setChosen([]);
                },
                onError: (error) => setProcessErrors(toFormErrors(error, 'qpp', ['maximo', 'list'], 'maximo', t)),
              },
            );
          }}
        >
          <h3 id="qp-process-title">{t('agentOrders.processTitle')}</h3>
          <ErrorSummary errors={processErrors.summary} />
          <fieldset className="fieldset" id="qpp-list">
            <legend className="fieldset__legend">{t('agentOrders.processWho')}</legend>
            {processErrors.byField.list ? <p className="error-message">{processErrors.byField.list}</p> : null}
            {pending.map((n) => (
              <div className="checkboxes__item" key={n.id}>
                <input
                  className="checkboxes__input"
                  type="checkbox"
                  id={`qpp-name-${n.id}`}
                  checked={chosen.includes(n.id)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, n.id] : chosen.filter((id) => id !== n.id))}
                />
                <label className="checkboxes__label" htmlFor={`qpp-name-${n.id}`}>
                  {`${n.nombre} ${n.apellidos} (${n.nif})`}
                </label>
              </div>
            ))}
          </fieldset>
          <TextInput
            id="qpp-maximo"
            label={t('agentOrders.maximo')}
            hint={t('agentOrders.maximoHint', { max: lists.paid_maximo })}
            inputMode="numeric"
            value={maximo}
            error={processErrors.byField.maximo}
            onChange={(e) => setMaximo(e.target.value)}
          />
          <Button pending={process.isPending}>{t('agentOrders.process')}</Button>
        </form>
      ) : null}
    </>
  );
}

/** tramitaLocalizaciones of one item: the list found so far and a form for one more. */
function LocalizationsPanel({ itemId }: { itemId: number }) {
  const t = useT();
  const { lists, status } = useQpData(itemId);
  const add = useAddLocalizations(itemId);
  const empty = { registro: '', finca: '', municipio: '', titular: '' };
  const [entry, setEntry] = useState(empty);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  if (!lists) return <>{status}</>;
  const fields = ['registro', 'finca', 'municipio', 'titular'] as const;
  return (
    <>
      {lists.localizations.length === 0 ? <p>{t('agentOrders.noLocalizations')}</p> : null}
      <Table
        caption={t('agentOrders.locCaption', { item: itemId, room: lists.room })}
        rows={lists.localizations}
        rowKey={(l) => l.id}
        columns={fields.map((f) => ({
          key: f,
          header: t(`agentOrders.${f}`),
          cell: (l: QpLists['localizations'][number]) => l[f],
        }))}
      />
      {lists.room > 0 ? (
        <form
          noValidate
          aria-labelledby="loc-add-title"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(
              { list: [entry] },
              {
                onSuccess: () => {
                  setErrors(NO_ERRORS);
                  setEntry(empty);
                },
                onError: (error) => {
                  const form = toFormErrors(
                    error,
                    'loc',
                    fields.map((f) => `list.0.${f}`),
                    'list.0.registro',
                    t,
                  );
                  setErrors(form);
                },
              },
            );
          }}
        >
          <h2 id="loc-add-title">{t('agentOrders.addLocalization')}</h2>
          <ErrorSummary errors={errors.summary} />
          {fields.map((f) => (
            <TextInput
              key={f}
              id={`loc-list.0.${f}`}
              label={t(`agentOrders.${f}`)}
              optional={f === 'municipio' || f === 'titular'}
              value={entry[f]}
              error={errors.byField[`list.0.${f}`]}
              onChange={(e) => setEntry({ ...entry, [f]: e.target.value })}
            />
          ))}
          <Button pending={add.isPending}>{t('agentOrders.saveLocalization')}</Button>
        </form>
      ) : (
        <p>{t('agentOrders.noRoom')}</p>
      )}
    </>
  );
}
