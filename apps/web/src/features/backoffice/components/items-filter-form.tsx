import { useState } from 'react';
import { useT } from '../../../shared/i18n';
import type { PanelStatus } from '../../../shared/lib/api-contract';
import { Select, TextInput } from '../../../shared/ui';
import type { ItemFilters } from '../api/backoffice-queries';
import { FilterForm } from './filter-form';

interface ItemsFilterFormProps {
  filters: ItemFilters;
  statuses: PanelStatus[];
  onApply: (filters: Omit<ItemFilters, 'page'>) => void;
}

/** A GET form: the filters live in the address, so a filtered list can be bookmarked and shared. */
export function ItemsFilterForm({ filters, statuses, onApply }: ItemsFilterFormProps) {
  const t = useT();
  const [status, setStatus] = useState(filters.status);
  const [email, setEmail] = useState(filters.email);
  const [orderId, setOrderId] = useState(filters.order_id);

  return (
    <FilterForm
      action="/agentes"
      titleId="filters-title"
      title={t('backoffice.filtersTitle')}
      applyLabel={t('backoffice.applyFilters')}
      clear={{ to: '/agentes', label: t('backoffice.clearFilters') }}
      onApply={() => onApply({ status, email: email.trim(), order_id: orderId.trim() })}
    >
      <Select
        id="filter-status"
        name="status"
        label={t('backoffice.filterStatus')}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        emptyLabel={t('backoffice.allStatuses')}
        items={statuses.map((s) => ({ value: String(s.id), label: s.text }))}
      />
      <TextInput
        id="filter-email"
        name="email"
        type="email"
        label={t('backoffice.filterEmail')}
        spellCheck={false}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextInput
        id="filter-order"
        name="order_id"
        label={t('backoffice.filterOrder')}
        inputMode="numeric"
        value={orderId}
        onChange={(e) => setOrderId(e.target.value)}
      />
    </FilterForm>
  );
}
