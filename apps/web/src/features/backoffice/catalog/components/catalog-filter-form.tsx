import { useState } from 'react';
import { useT } from '../../../../shared/i18n';
import { Select, TextInput } from '../../../../shared/ui';
import type { CatalogFilters } from '../api/catalog-admin';
import { FilterForm } from '../../shared';

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

  return (
    <FilterForm
      action="/agentes/catalogo"
      titleId="catalog-filters-title"
      title={t('catalogAdmin.filtersTitle')}
      applyLabel={t('catalogAdmin.applyFilters')}
      clear={{ to: '/agentes/catalogo', label: t('catalogAdmin.clearFilters') }}
      onApply={() => onApply({ store, q: q.trim(), status })}
    >
      <Select
        id="catalog-filter-store"
        name="store"
        label={t('catalogAdmin.filterStore')}
        value={store}
        onChange={(e) => setStore(e.target.value)}
        emptyLabel={t('catalogAdmin.allStores')}
        items={stores.map((s) => ({ value: String(s.store_id), label: `${s.store_id} · ${s.name}` }))}
      />
      <TextInput
        id="catalog-filter-q"
        name="q"
        label={t('catalogAdmin.filterText')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
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
    </FilterForm>
  );
}
