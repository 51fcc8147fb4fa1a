// Loaded on demand (React.lazy in app/router.tsx): recharts stays out of the shop's bundle.
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, PageHeading, Spinner, TextInput } from '../../../../shared/ui';
import { FilterForm } from '../../shared';
import { OrderCharts, WorkCharts } from '../components/statistics-charts';
import { useStatisticsPage } from '../components/use-statistics-page';
import '../components/statistics.css';

/**
 * `/agentes/estadisticas`: the back office's statistics, with the range and the stores in the address. The state is
 * the hook's (use-statistics-page.ts); this is its view.
 */
export function StatisticsRoute() {
  const t = useT();
  const format = useFormat();
  const { draft, change, apply, fieldError, orders, products, queue, agents, refunds } = useStatisticsPage();
  useDocumentTitle(t('statistics.title'));

  const o = orders.data;
  const range = o ? { from: format.date(o.from), to: format.date(o.to) } : { from: '', to: '' };

  return (
    <>
      <PageHeading>{t('statistics.title')}</PageHeading>
      <FilterForm
        action="/agentes/estadisticas"
        titleId="statistics-filters-title"
        title={t('backoffice.filtersTitle')}
        applyLabel={t('statistics.apply')}
        clear={{ to: '/agentes/estadisticas', label: t('statistics.clear') }}
        onApply={apply}
      >
        <TextInput
          id="stats-from"
          name="from"
          type="date"
          label={t('statistics.from')}
          value={draft.from}
          error={fieldError('from')}
          onChange={(e) => change('from', e.target.value)}
        />
        <TextInput
          id="stats-to"
          name="to"
          type="date"
          label={t('statistics.to')}
          value={draft.to}
          error={fieldError('to')}
          onChange={(e) => change('to', e.target.value)}
        />
        <TextInput
          id="stats-store"
          name="store"
          label={t('statistics.stores')}
          hint={t('statistics.storesHint')}
          inputMode="numeric"
          value={draft.store}
          error={fieldError('store')}
          onChange={(e) => change('store', e.target.value)}
        />
      </FilterForm>

      {orders.isPending ? <Spinner /> : null}
      {orders.isError ? <Alert>{errorText(orders.error, t)}</Alert> : null}
      {o ? (
        <>
          <p role="status" className="stats-range">
            {t('statistics.rangeSummary', {
              from: range.from,
              to: range.to,
              orders: o.totals.orders,
              paid: o.totals.paid_orders,
              revenue: format.money(o.totals.revenue),
            })}
          </p>
          <OrderCharts o={o} />
        </>
      ) : null}

      <WorkCharts products={products.data} queue={queue.data} agents={agents.data} refunds={refunds.data} />
    </>
  );
}
