import { useState } from 'react';
import {
  CLIENT_STATUS_KEYS,
  clientStatusText,
  parseItemSearch,
  SEARCH_ORDER_FIELDS,
  searchFilterToQuery,
  type SearchFilterParam,
  type SearchOrderField,
} from '@ventanilla/domain';
import { useLanguage, useT, type MessageKey } from '../../../shared/i18n';
import type { PanelStatus } from '../../../shared/lib/api-contract';
import { CheckboxGroup, Select, TextInput } from '../../../shared/ui';
import { FilterForm } from './filter-form';
import './items-search.css';

/** The id of a filter's field (the error summary links to it). */
export function searchFieldId(param: string): string {
  return `search-${param.replace(/_/g, '-')}`;
}

/** The id of the form's heading: where the error summary sends problems that have no field (unknown parameters). */
export const SEARCH_FORM_TITLE_ID = 'search-filters-title';

/** The filters as the form edits them: the address's raw values (lists split). */
export interface SearchFormValues {
  order_id: string;
  referencia: string;
  email: string;
  product_id: string;
  status: string[];
  status_client: string[];
  date_start: string;
  date_end: string;
  text: string;
  provider: string;
  order_by: string;
  size: string;
}

const TEXT_PARAMS = [
  'order_id',
  'referencia',
  'email',
  'product_id',
  'date_start',
  'date_end',
  'text',
  'provider',
  'order_by',
  'size',
] as const;

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** The form's values from the address (the first value of a repeated parameter; the server reports the repeat). */
export function formValuesFrom(params: URLSearchParams): SearchFormValues {
  const text = (name: string) => params.get(name) ?? '';
  return {
    order_id: text('order_id'),
    referencia: text('referencia'),
    email: text('email'),
    product_id: text('product_id'),
    status: list(params.get('status')),
    status_client: list(params.get('status_client')),
    date_start: text('date_start'),
    date_end: text('date_end'),
    text: text('text'),
    provider: text('provider'),
    order_by: text('order_by'),
    size: text('size'),
  };
}

/**
 * The address of a search: the domain's normal form (searchFilterToQuery: defaults left out, e-mail lower-cased) when
 * the values are valid, else the values as typed, so the server's 400 says what to fix. Always back to page 1.
 */
export function searchQueryOf(values: SearchFormValues): URLSearchParams {
  const raw: Record<string, string> = {};
  for (const param of TEXT_PARAMS) {
    const value = values[param].trim();
    if (value) raw[param] = value;
  }
  if (values.status.length) raw.status = values.status.join(',');
  if (values.status_client.length) raw.status_client = values.status_client.join(',');
  const parsed = parseItemSearch(raw);
  return new URLSearchParams(parsed.ok ? searchFilterToQuery({ ...parsed.filters, page: 1 }) : raw);
}

const ORDER_LABEL: Record<SearchOrderField, MessageKey> = {
  created_at: 'search.orderCreated',
  updated_at: 'search.orderUpdated',
  order_id: 'search.orderOrder',
  item_id: 'search.orderItem',
  priority: 'search.orderPriority',
  deadline_at: 'search.orderDeadline',
  status: 'search.orderStatus',
};

const PAGE_SIZES = ['10', '25', '50', '100'];

interface ItemsFilterFormProps {
  values: SearchFormValues;
  statuses: PanelStatus[];
  /** The server's message for each refused parameter. */
  errors: Partial<Record<SearchFilterParam, string>>;
  onApply: (query: URLSearchParams) => void;
}

/** Every filter of the order search in one GET form: the filters live in the address, so a search can be shared. */
export function ItemsFilterForm({ values: initial, statuses, errors, onApply }: ItemsFilterFormProps) {
  const t = useT();
  const language = useLanguage();
  const [values, setValues] = useState(initial);
  const set =
    <K extends keyof SearchFormValues>(key: K) =>
    (value: SearchFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const text = (param: (typeof TEXT_PARAMS)[number]) => ({
    id: searchFieldId(param),
    name: param,
    value: values[param],
    error: errors[param],
    onChange: (e: { target: { value: string } }) => set(param)(e.target.value),
  });

  return (
    <FilterForm
      action="/agentes"
      titleId={SEARCH_FORM_TITLE_ID}
      title={t('backoffice.filtersTitle')}
      applyLabel={t('backoffice.applyFilters')}
      clear={{ to: '/agentes', label: t('backoffice.clearFilters') }}
      onApply={() => onApply(searchQueryOf(values))}
    >
      <TextInput
        {...text('email')}
        type="text"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        label={t('backoffice.filterEmail')}
        hint={t('search.emailHint')}
      />
      <TextInput {...text('text')} label={t('search.text')} hint={t('search.textHint')} spellCheck={false} />
      <TextInput {...text('order_id')} label={t('backoffice.filterOrder')} inputMode="numeric" autoComplete="off" />
      <TextInput {...text('referencia')} label={t('search.referencia')} autoComplete="off" spellCheck={false} />
      <TextInput {...text('product_id')} label={t('search.productId')} inputMode="numeric" autoComplete="off" />
      <TextInput {...text('provider')} label={t('search.provider')} autoComplete="off" spellCheck={false} />
      <TextInput {...text('date_start')} type="date" label={t('search.dateStart')} />
      <TextInput {...text('date_end')} type="date" label={t('search.dateEnd')} />
      <Select
        id={searchFieldId('order_by')}
        name="order_by"
        label={t('search.orderBy')}
        value={values.order_by}
        error={errors.order_by}
        onChange={(e) => set('order_by')(e.target.value)}
        emptyLabel={t('search.orderDefault')}
        items={SEARCH_ORDER_FIELDS.flatMap((field) =>
          (['-', ''] as const).map((sign) => ({
            value: `${sign}${field}`,
            label: `${t(ORDER_LABEL[field])} (${t(sign ? 'search.descending' : 'search.ascending')})`,
          })),
        ).filter((item) => item.value !== '-created_at')}
      />
      <Select
        id={searchFieldId('size')}
        name="size"
        label={t('search.size')}
        value={values.size}
        error={errors.size}
        onChange={(e) => set('size')(e.target.value)}
        emptyLabel="10"
        items={PAGE_SIZES.slice(1).map((size) => ({ value: size, label: size }))}
      />
      <div className="search-form__choices">
        <CheckboxGroup
          id={searchFieldId('status')}
          legend={t('search.statuses')}
          hint={t('search.statusesHint')}
          items={statuses.map((s) => ({ value: String(s.id), label: `${s.text} (${s.id})` }))}
          values={values.status}
          error={errors.status}
          onChange={set('status')}
        />
        <CheckboxGroup
          id={searchFieldId('status_client')}
          legend={t('search.clientStatuses')}
          items={CLIENT_STATUS_KEYS.map((key) => ({ value: key, label: clientStatusText(key, language) }))}
          values={values.status_client}
          error={errors.status_client}
          onChange={set('status_client')}
        />
      </div>
    </FilterForm>
  );
}
