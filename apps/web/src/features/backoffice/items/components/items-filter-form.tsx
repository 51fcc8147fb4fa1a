import { useState } from 'react';
import {
  CLIENT_STATUS_KEYS,
  clientStatusText,
  SEARCH_ORDER_FIELDS,
  type SearchFilterParam,
  type SearchOrderField,
} from '@ventanilla/domain';
import { useLanguage, useT, type MessageKey } from '../../../../shared/i18n';
import type { PanelStatus } from '../../../../shared/lib/api-contract';
import { CheckboxGroup, Select, TextInput } from '../../../../shared/ui';
import {
  SEARCH_FORM_TITLE_ID,
  searchFieldId,
  searchQueryOf,
  type SEARCH_TEXT_PARAMS,
  type SearchFormValues,
} from '../lib/search-query';
import { FilterForm, shortcutTarget } from '../../shared';
import './items-search.css';

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
  const text = (param: (typeof SEARCH_TEXT_PARAMS)[number]) => ({
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
      <TextInput
        {...text('text')}
        label={t('search.text')}
        hint={t('search.textHint')}
        spellCheck={false}
        {...shortcutTarget('search')}
      />
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
