import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n';
import { Button, Select, TextInput } from '../../../shared/ui';
import type { CatalogFilters } from '../api/catalog-admin';
import './backoffice.css';

interface CatalogFilterFormProps {
  filters: CatalogFilters;
  stores: Array<{ store_id: number; name: string }>;
  onApply: (filters: CatalogFilters) => void;
}

/** A GET form: the filters live in the address, so a filtered list can be bookmarked. */
export function CatalogFilterForm({ filters, stores, onApply }: CatalogFilterFormProps) {
  const t = useT();
  const [store, setStore] = useState(filters.store);
  const [q, setQ] = useState(filters.q);
  const [status, setStatus] = useState(filters.status);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({ store, q: q.trim(), status });
  }

  return (
    <form className="filters" method="get" action="/agentes/catalogo" onSubmit={submit} aria-labelledby="catalog-filters-title">
      <h2 id="catalog-filters-title" className="filters__title">
        {t('catalogAdmin.filtersTitle')}
      </h2>
      <div className="filters__fields">
        <Select
          id="catalog-filter-store"
          name="store"
          label={t('catalogAdmin.filterStore')}
          value={store}
          onChange={(e) => setStore(e.target.value)}
          emptyLabel={t('catalogAdmin.allStores')}
          items={stores.map((s) => ({ value: String(s.store_id), label: `${s.store_id} · ${s.name}` }))}
        />
        <TextInput id="catalog-filter-q" name="q" label={t('catalogAdmin.filterText')} value={q} onChange={(e) => setQ(e.target.value)} />
        <Select
          id="catalog-filter-status"
          name="status"
          label={t('catalogAdmin.filterStatus')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          emptyLabel={t('catalogAdmin.allStatuses')}
          items={[
            { value: 'enabled', label: t('catalogAdmin.status.enabled') },
            { value: 'disabled', label: t('catalogAdmin.status.disabled') },
          ]}
        />
      </div>
      <div className="filters__actions">
        <Button variant="secondary">{t('catalogAdmin.applyFilters')}</Button>
        <Link to="/agentes/catalogo">{t('catalogAdmin.clearFilters')}</Link>
      </div>
    </form>
  );
}
