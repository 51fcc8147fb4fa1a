import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n';
import type { PanelStatus } from '../../../shared/lib/api-types';
import { Button, Select, TextInput } from '../../../shared/ui';
import type { ItemFilters } from '../api/backoffice-queries';
import './backoffice.css';

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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({ status, email: email.trim(), order_id: orderId.trim() });
  }

  return (
    <form className="filters" method="get" action="/agentes" onSubmit={submit} aria-labelledby="filters-title">
      <h2 id="filters-title" className="filters__title">
        {t('backoffice.filtersTitle')}
      </h2>
      <div className="filters__fields">
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
      </div>
      <div className="filters__actions">
        <Button variant="secondary">{t('backoffice.applyFilters')}</Button>
        <Link to="/agentes">
          {t('backoffice.clearFilters')}
        </Link>
      </div>
    </form>
  );
}
