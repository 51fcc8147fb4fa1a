import {
  CONFIG_ENUM_LABELS,
  CONFIG_LIST_KEYS,
  CONFIG_LISTS,
  configFieldErrorMessage,
  fieldText,
  isConfigListKey,
  validateRecord,
  type ConfigListDef,
  type FieldDef,
  type FieldValue,
} from '@ventanilla/domain';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorText, userCan, useUser } from '../../../../shared/auth';
import { ProviderPaymentFiles } from '../components/provider-payment-files';
import { useFormat, useLanguage, useT } from '../../../../shared/i18n';
import { ApiError } from '../../../../shared/lib/api-client';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import {
  Alert,
  BackLink,
  Button,
  Checkbox,
  ErrorSummary,
  type ErrorSummaryItem,
  Link,
  PageHeading,
  Pagination,
  Select,
  Spinner,
  Table,
  Textarea,
  TextInput,
} from '../../../../shared/ui';
import {
  exportCsvHref,
  useConfigHistory,
  useConfigPage,
  useConfigRecord,
  useImportConfigCsv,
  useSaveConfigRecord,
  type ConfigRecord,
} from '../api/config-lists';
import '../components/config-lists.css';

const ROOT = '/agentes/listas';
const inputId = (name: string) => `cfg-${name}`;

/** `/agentes/listas`: every configuration list, linked. */
export function ConfigListsIndexRoute() {
  const t = useT();
  const language = useLanguage();
  useDocumentTitle(t('configLists.title'));
  return (
    <>
      <PageHeading caption={t('configLists.caption')}>{t('configLists.title')}</PageHeading>
      <ul className="config-lists__index">
        {CONFIG_LIST_KEYS.map((key) => (
          <li key={key}>
            <Link to={`${ROOT}/${key}`}>{CONFIG_LISTS[key].title[language]}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function useListParam(): ConfigListDef | null {
  const { list } = useParams();
  return isConfigListKey(list) ? CONFIG_LISTS[list] : null;
}

/** `/agentes/listas/:list`: search, page, export and import (admins) the records of one list. */
export function ConfigListRoute() {
  const t = useT();
  const language = useLanguage();
  const list = useListParam();
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  useDocumentTitle(list ? list.title[language] : t('configLists.title'));
  if (!list) return <Alert>{t('configLists.unknownList')}</Alert>;
  const canEdit = userCan(user, 'configLists.edit');

  return (
    <>
      <BackLink to={ROOT}>{t('configLists.backToLists')}</BackLink>
      <PageHeading caption={t('configLists.caption')}>{list.title[language]}</PageHeading>
      <form
        role="search"
        className="config-lists__search"
        onSubmit={(event) => {
          event.preventDefault();
          const value = String(new FormData(event.currentTarget).get('search') ?? '').trim();
          setParams(value ? { search: value } : {});
        }}
      >
        <TextInput id="cfg-search" name="search" label={t('configLists.search')} defaultValue={search} key={search} />
        <Button type="submit" variant="secondary">
          {t('configLists.searchButton')}
        </Button>
      </form>
      <p className="config-lists__actions">
        {canEdit ? (
          <Link to={`${ROOT}/${list.key}/nuevo`} className="button button--secondary">
            {t('configLists.new')}
          </Link>
        ) : null}{' '}
        <a href={exportCsvHref(list.key)} download={`${list.key}.csv`}>
          {t('configLists.export')}
        </a>
      </p>
      <RecordTable list={list} search={search} page={page} />
      {canEdit ? <ImportForm list={list} /> : null}
    </>
  );
}

function RecordTable({ list, search, page }: { list: ConfigListDef; search: string; page: number }) {
  const t = useT();
  const language = useLanguage();
  const result = useConfigPage(list.key, search, page);
  if (result.isPending) return <Spinner />;
  if (result.isError) return <Alert>{errorText(result.error, t)}</Alert>;
  const shown = list.fields.slice(0, 3);
  return (
    <>
      <p>{t('configLists.count', { count: result.data.total })}</p>
      <Table<ConfigRecord>
        caption={list.title[language]}
        captionHidden
        rowKey={(row) => row.key}
        rows={result.data.items}
        columns={[
          {
            key: 'key',
            header: list.idField,
            cell: (row) => (
              <Link to={`${ROOT}/${list.key}/${encodeURIComponent(row.key)}`}>
                {row.key}
                <span className="visually-hidden"> {t('configLists.open')}</span>
              </Link>
            ),
          },
          ...shown.map((field) => ({
            key: field.name,
            header: field.label[language],
            cell: (row: ConfigRecord) => shownValue(field, row[field.name], t, language) || '—',
          })),
          {
            key: 'active',
            header: t('configLists.active'),
            cell: (row: ConfigRecord) => (row.active ? t('configLists.yes') : t('configLists.no')),
          },
        ]}
      />
      <Pagination
        page={page}
        perPage={result.data.per_page}
        total={result.data.total}
        hrefFor={(n) =>
          `${ROOT}/${list.key}?${new URLSearchParams({ ...(search ? { search } : {}), page: String(n) })}`
        }
      />
    </>
  );
}

function shownValue(field: FieldDef, value: unknown, t: ReturnType<typeof useT>, language: 'es' | 'en' | 'pt') {
  if (field.type === 'boolean') return value ? t('configLists.yes') : t('configLists.no');
  if (field.type === 'enum' && typeof value === 'string') return CONFIG_ENUM_LABELS[value]?.[language] ?? value;
  if (field.type === 'money') return typeof value === 'string' ? value : '';
  return fieldText(field, (value ?? null) as FieldValue);
}

function ImportForm({ list }: { list: ConfigListDef }) {
  const t = useT();
  const importCsv = useImportConfigCsv(list.key);
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const rows =
    importCsv.error instanceof ApiError
      ? (importCsv.error.fields ?? []).map((f) => {
          const [line, field] = f.field.split(':');
          return { line: line ?? '', field: field ?? '', message: f.message };
        })
      : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    setMissing(false);
    importCsv.mutate(await file.text());
  }

  return (
    <section aria-labelledby="cfg-import-title" className="config-lists__import">
      <h2 id="cfg-import-title">{t('configLists.importTitle')}</h2>
      <p>{t('configLists.importHelp')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className={missing ? 'form-group form-group--error' : 'form-group'}>
          <label className="label" htmlFor="cfg-import-file">
            {t('configLists.importFile')}
          </label>
          {missing ? (
            <p className="error-message" id="cfg-import-file-error">
              {t('configLists.importMissing')}
            </p>
          ) : null}
          <input
            id="cfg-import-file"
            type="file"
            accept=".csv,text/csv"
            className="file-upload"
            aria-describedby={missing ? 'cfg-import-file-error' : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" disabled={importCsv.isPending}>
          {t('configLists.importButton')}
        </Button>
      </form>
      <div aria-live="polite">
        {importCsv.isSuccess ? (
          <Alert tone="success">
            {t('configLists.imported', { created: importCsv.data.created, updated: importCsv.data.updated })}
          </Alert>
        ) : null}
        {importCsv.isError ? (
          <div className="error-summary" role="alert">
            <h3 className="error-summary__title">{t('configLists.importRefused')}</h3>
            {rows.length > 0 ? (
              <ul className="error-summary__list">
                {rows.map((r) => (
                  <li key={`${r.line}-${r.field}-${r.message}`}>
                    {t('configLists.rowError', { line: r.line, field: r.field || '—', message: r.message })}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{errorText(importCsv.error, t)}</p>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}

type FormValues = Record<string, string | boolean>;

function initialValues(list: ConfigListDef, record: ConfigRecord | undefined): FormValues {
  const values: FormValues = {};
  for (const field of list.fields) {
    const value = record ? record[field.name] : field.default;
    if (field.type === 'boolean') values[field.name] = value === true;
    else if (field.type === 'list') values[field.name] = Array.isArray(value) ? value.join('\n') : '';
    else values[field.name] = value === null || value === undefined ? '' : String(value);
  }
  if (list.idKind === 'text') values[list.idField] = record?.key ?? '';
  return values;
}

function payload(list: ConfigListDef, values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Fields the server keeps (a provider payment's file names) are never sent.
  for (const field of list.fields.filter((f) => !f.readOnly)) {
    const value = values[field.name];
    out[field.name] =
      field.type === 'list' && typeof value === 'string'
        ? value
            .split('\n')
            .map((s) => s.trim())
            .filter(Boolean)
        : value;
  }
  return out;
}

/** `/agentes/listas/:list/nuevo` and `/agentes/listas/:list/:key`: the form the list's description generates, and the history. */
export function ConfigRecordRoute() {
  const t = useT();
  const language = useLanguage();
  const list = useListParam();
  const { key } = useParams();
  const isNew = key === undefined;
  const record = useConfigRecord(list?.key ?? 'registros', isNew || !list ? undefined : key);
  useDocumentTitle(list ? `${list.title[language]}${key ? ` ${key}` : ''}` : t('configLists.title'));
  if (!list) return <Alert>{t('configLists.unknownList')}</Alert>;
  if (!isNew && record.isPending) return <Spinner />;
  if (!isNew && record.isError) return <Alert>{errorText(record.error, t)}</Alert>;
  return (
    <>
      <BackLink to={`${ROOT}/${list.key}`}>{t('configLists.backToList', { list: list.title[language] })}</BackLink>
      <RecordForm key={key ?? 'new'} list={list} record={record.data} />
      {!isNew && key && list.key === 'provider_payments' ? <ProviderPaymentFiles paymentId={key} /> : null}
      {!isNew && key ? <HistorySection list={list} recordKey={key} /> : null}
    </>
  );
}

function RecordForm({ list, record }: { list: ConfigListDef; record: ConfigRecord | undefined }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const user = useUser();
  const canEdit = userCan(user, 'configLists.edit');
  const save = useSaveConfigRecord(list.key);
  const [values, setValues] = useState<FormValues>(() => initialValues(list, record));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const labelOf = (name: string) =>
    name === list.idField ? list.idField : (list.fields.find((f) => f.name === name)?.label[language] ?? name);
  const summary: ErrorSummaryItem[] = Object.entries(errors).map(([name, message]) => ({
    href: `#${inputId(name)}`,
    text: `${labelOf(name)}: ${message}`,
  }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const body = payload(list, values);
    const checked = validateRecord(list, body);
    const found: Record<string, string> = {};
    if (!checked.ok) for (const e of checked.errors) found[e.field] ??= configFieldErrorMessage(language, e);
    if (!record && list.idKind === 'text' && String(values[list.idField] ?? '').trim() === '') {
      found[list.idField] = configFieldErrorMessage(language, { code: 'required' });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const sent = record
      ? { key: record.key, values: { version: record.version, ...body } }
      : { values: list.idKind === 'text' ? { [list.idField]: values[list.idField], ...body } : body };
    save.mutate(sent, {
      onSuccess: (saved) => {
        setNotice(t('configLists.saved', { key: saved.key }));
        if (!record) void navigate(`${ROOT}/${list.key}/${encodeURIComponent(saved.key)}`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields?.length) {
          setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
        } else setNotice(null);
      },
    });
  }

  const title = record ? t('configLists.editTitle', { key: record.key }) : t('configLists.newTitle');
  const set = (name: string, value: string | boolean) => setValues((v) => ({ ...v, [name]: value }));
  return (
    <>
      <ErrorSummary errors={summary} />
      <PageHeading caption={list.title[language]}>{title}</PageHeading>
      <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
      {save.isError && !(save.error instanceof ApiError && save.error.fields?.length) ? (
        <Alert>{errorText(save.error, t)}</Alert>
      ) : null}
      {record && !record.active ? <Alert>{t('configLists.inactive')}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!canEdit} className="config-lists__fields">
          <legend className="visually-hidden">{title}</legend>
          {list.idKind === 'text' && !record ? (
            <TextInput
              id={inputId(list.idField)}
              label={list.idField}
              hint={t('configLists.keyHint')}
              value={String(values[list.idField] ?? '')}
              error={errors[list.idField]}
              onChange={(e) => set(list.idField, e.target.value)}
            />
          ) : null}
          {list.fields
            .filter((field) => !field.readOnly)
            .map((field) => (
              <FieldInput
                key={field.name}
                field={field}
                value={values[field.name] ?? ''}
                error={errors[field.name]}
                onChange={(v) => set(field.name, v)}
              />
            ))}
        </fieldset>
        {canEdit ? (
          <Button type="submit" disabled={save.isPending}>
            {t('configLists.save')}
          </Button>
        ) : (
          <p>{t('configLists.readOnly')}</p>
        )}
      </form>
    </>
  );
}

function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: FieldDef;
  value: string | boolean;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const id = inputId(field.name);
  const label = field.label[language];
  const optional = !field.required;
  if (field.type === 'boolean') {
    return (
      <Checkbox
        id={id}
        label={label}
        checked={value === true}
        error={error}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  }
  if (field.type === 'enum') {
    return (
      <Select
        id={id}
        label={label}
        optional={optional}
        error={error}
        emptyLabel={t('configLists.choose')}
        items={(field.values ?? []).map((v) => ({ value: v, label: CONFIG_ENUM_LABELS[v]?.[language] ?? v }))}
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  if (field.type === 'multiline' || field.type === 'list') {
    return (
      <Textarea
        id={id}
        label={label}
        optional={optional}
        error={error}
        hint={field.type === 'list' ? t('configLists.listHint') : undefined}
        rows={field.type === 'list' ? 4 : 5}
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const type = field.type === 'email' ? 'email' : field.type.startsWith('phone') ? 'tel' : 'text';
  const hint =
    field.type === 'date'
      ? t('configLists.dateHint')
      : field.type === 'money'
        ? t('configLists.moneyHint')
        : field.type === 'ip'
          ? t('configLists.ipHint')
          : undefined;
  return (
    <TextInput
      id={id}
      label={label}
      type={type}
      optional={optional}
      error={error}
      hint={hint}
      maxLength={field.max}
      value={String(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function HistorySection({ list, recordKey }: { list: ConfigListDef; recordKey: string }) {
  const t = useT();
  const language = useLanguage();
  const format = useFormat();
  const history = useConfigHistory(list.key, recordKey);
  const labelOf = (name: string) => list.fields.find((f) => f.name === name)?.label[language] ?? name;
  return (
    <section aria-labelledby="cfg-history-title" className="config-lists__history">
      <h2 id="cfg-history-title">{t('configLists.history')}</h2>
      {history.isPending ? <Spinner /> : null}
      {history.isError ? <Alert>{errorText(history.error, t)}</Alert> : null}
      {history.data?.length === 0 ? <p>{t('configLists.noHistory')}</p> : null}
      {history.data && history.data.length > 0 ? (
        <Table
          caption={t('configLists.history')}
          captionHidden
          rowKey={(row) => row.id}
          rows={history.data}
          columns={[
            { key: 'at', header: t('configLists.when'), cell: (row) => format.dateTime(row.at) },
            { key: 'who', header: t('configLists.who'), cell: (row) => row.user_name || t('configLists.system') },
            {
              key: 'action',
              header: t('configLists.action'),
              cell: (row) => t(`configLists.act.${actionKey(row.action)}`),
            },
            {
              key: 'changes',
              header: t('configLists.changes'),
              cell: (row) =>
                row.changes.length === 0 ? (
                  '—'
                ) : (
                  <ul className="config-lists__changes">
                    {row.changes.map((c) => (
                      <li key={c.field}>
                        {t('configLists.change', { field: labelOf(c.field), old: c.old || '—', new: c.new || '—' })}
                      </li>
                    ))}
                  </ul>
                ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}

const ACTIONS = [
  'create',
  'update',
  'delete',
  'deactivate',
  'import_create',
  'import_update',
  'file_added',
  'file_deleted',
] as const;
function actionKey(action: string): (typeof ACTIONS)[number] {
  return (ACTIONS as readonly string[]).includes(action) ? (action as (typeof ACTIONS)[number]) : 'update';
}
