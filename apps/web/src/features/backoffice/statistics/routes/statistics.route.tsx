// Loaded on demand (React.lazy in app/router.tsx): recharts stays out of the shop's bundle.
import { parseMoney } from '@ventanilla/domain';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis, ResponsiveContainer } from 'recharts';
import { ApiError } from '../../../../shared/lib/api-client';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import type { MessageKey } from '../../../../shared/i18n/types';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, PageHeading, Spinner, Table, TextInput, type Column } from '../../../../shared/ui';
import {
  useAgentsStatistics,
  useOrdersStatistics,
  useProductsStatistics,
  useQueueAgeStatistics,
  useRefundsStatistics,
  type StatisticsQuery,
} from '../api/statistics-queries';
import { FilterForm } from '../../shared';
import '../components/statistics.css';

/** Dark colours: at least 4.5:1 against the white chart background, so bars are told apart without colour vision too. */
const COLOURS = ['#1d4f91', '#a03c00', '#2e6b30'] as const;

interface Series {
  key: string;
  label: string;
}

interface ChartSectionProps<T> {
  title: string;
  summary: string;
  rows: T[];
  /** The category shown on the x axis. */
  category: (row: T) => string;
  series: Series[];
  value: (row: T, key: string) => number;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  empty: string;
}

/** One plot: a heading, a sentence that says what it shows, the chart, and the same figures as a table on demand. */
function ChartSection<T>({
  title,
  summary,
  rows,
  category,
  series,
  value,
  columns,
  rowKey,
  empty,
}: ChartSectionProps<T>) {
  const t = useT();
  const headingId = useId();
  const data = rows.map((row) => ({
    name: category(row),
    ...Object.fromEntries(series.map((s) => [s.key, value(row, s.key)])),
  }));
  return (
    <section className="stats-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className="stats-summary">{summary}</p>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          <figure className="stats-chart" aria-label={title}>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} title={title} desc={summary}>
                <CartesianGrid stroke="#767676" strokeDasharray="2 4" vertical={false} />
                <XAxis dataKey="name" tick={{ fill: '#1a1a1a', fontSize: 12 }} stroke="#505050" />
                <YAxis tick={{ fill: '#1a1a1a', fontSize: 12 }} stroke="#505050" allowDecimals={false} />
                <Tooltip />
                {series.length > 1 ? <Legend /> : null}
                {series.map((s, i) => (
                  <Bar key={s.key} dataKey={s.key} name={s.label} fill={COLOURS[i % COLOURS.length]} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </figure>
          {/* Charts first; the numbers behind them on demand. */}
          <details className="stats-table">
            <summary>{t('statistics.tableOnDemand')}</summary>
            <Table caption={title} columns={columns} rows={rows} rowKey={rowKey} />
          </details>
        </>
      )}
    </section>
  );
}

/** A money string as a number of euros for the chart's axis (the one money parser underneath). */
const euros = (money: string) => (parseMoney(money) ?? 0) / 100;

/** `/agentes/estadisticas`: the back office's statistics, with the range and the stores in the address. */
export function StatisticsRoute() {
  const t = useT();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const query: StatisticsQuery = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    store: params.get('store') ?? '',
  };
  const [draft, setDraft] = useState(query);
  useDocumentTitle(t('statistics.title'));

  const orders = useOrdersStatistics(query);
  const products = useProductsStatistics(query);
  const queue = useQueueAgeStatistics(query);
  const agents = useAgentsStatistics(query);
  const refunds = useRefundsStatistics(query);

  const fieldError = (field: string) => {
    const error = orders.error instanceof ApiError ? orders.error.fields?.find((f) => f.field === field) : undefined;
    return error?.message;
  };

  const apply = () => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value.trim()) next.set(key, value.trim());
    setParams(next);
  };

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
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextInput
          id="stats-to"
          name="to"
          type="date"
          label={t('statistics.to')}
          value={draft.to}
          error={fieldError('to')}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <TextInput
          id="stats-store"
          name="store"
          label={t('statistics.stores')}
          hint={t('statistics.storesHint')}
          inputMode="numeric"
          value={draft.store}
          error={fieldError('store')}
          onChange={(e) => setDraft({ ...draft, store: e.target.value })}
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
          <ChartSection
            title={t('statistics.perDay')}
            summary={t('statistics.perDaySummary', {
              orders: o.totals.orders,
              revenue: format.money(o.totals.revenue),
              days: o.by_day.length,
            })}
            rows={o.by_day}
            category={(r) => r.day.slice(5)}
            series={[
              { key: 'orders', label: t('statistics.orders') },
              { key: 'paid_orders', label: t('statistics.paidOrders') },
            ]}
            value={(r, key) => (key === 'orders' ? r.orders : r.paid_orders)}
            columns={[
              { key: 'day', header: t('statistics.day'), cell: (r) => format.date(r.day) },
              { key: 'orders', header: t('statistics.orders'), numeric: true, cell: (r) => r.orders },
              { key: 'paid', header: t('statistics.paidOrders'), numeric: true, cell: (r) => r.paid_orders },
              { key: 'revenue', header: t('statistics.revenue'), numeric: true, cell: (r) => format.money(r.revenue) },
            ]}
            rowKey={(r) => r.day}
            empty={t('statistics.empty')}
          />
          <ChartSection
            title={t('statistics.revenuePerDay')}
            summary={t('statistics.revenuePerDaySummary', { revenue: format.money(o.totals.revenue) })}
            rows={o.by_day}
            category={(r) => r.day.slice(5)}
            series={[{ key: 'revenue', label: t('statistics.revenue') }]}
            value={(r) => euros(r.revenue)}
            columns={[
              { key: 'day', header: t('statistics.day'), cell: (r) => format.date(r.day) },
              { key: 'revenue', header: t('statistics.revenue'), numeric: true, cell: (r) => format.money(r.revenue) },
            ]}
            rowKey={(r) => r.day}
            empty={t('statistics.empty')}
          />
          <ChartSection
            title={t('statistics.perStore')}
            summary={t('statistics.perStoreSummary', { count: o.by_store.length })}
            rows={o.by_store}
            category={(r) => String(r.store_id)}
            series={[{ key: 'orders', label: t('statistics.orders') }]}
            value={(r) => r.orders}
            columns={[
              { key: 'store', header: t('statistics.store'), cell: (r) => r.store_id },
              { key: 'orders', header: t('statistics.orders'), numeric: true, cell: (r) => r.orders },
              { key: 'paid', header: t('statistics.paidOrders'), numeric: true, cell: (r) => r.paid_orders },
              { key: 'revenue', header: t('statistics.revenue'), numeric: true, cell: (r) => format.money(r.revenue) },
            ]}
            rowKey={(r) => r.store_id}
            empty={t('statistics.empty')}
          />
          <ChartSection
            title={t('statistics.perStatus')}
            summary={t('statistics.perStatusSummary', { count: o.by_status.length })}
            rows={o.by_status}
            category={(r) => r.status}
            series={[{ key: 'orders', label: t('statistics.orders') }]}
            value={(r) => r.orders}
            columns={[
              { key: 'status', header: t('statistics.status'), cell: (r) => r.status },
              { key: 'orders', header: t('statistics.orders'), numeric: true, cell: (r) => r.orders },
              { key: 'revenue', header: t('statistics.revenue'), numeric: true, cell: (r) => format.money(r.revenue) },
            ]}
            rowKey={(r) => r.status}
            empty={t('statistics.empty')}
          />
        </>
      ) : null}

      {products.data ? (
        <ChartSection
          title={t('statistics.perProduct')}
          summary={t('statistics.perProductSummary', { count: products.data.by_product.length })}
          rows={products.data.by_product}
          category={(r) => String(r.product_id)}
          series={[{ key: 'items', label: t('statistics.items') }]}
          value={(r) => r.items}
          columns={[
            { key: 'product', header: t('statistics.product'), cell: (r) => `${r.product_name} (${r.product_id})` },
            { key: 'items', header: t('statistics.items'), numeric: true, cell: (r) => r.items },
            { key: 'paid', header: t('statistics.paidItems'), numeric: true, cell: (r) => r.paid_items },
            { key: 'revenue', header: t('statistics.revenue'), numeric: true, cell: (r) => format.money(r.revenue) },
          ]}
          rowKey={(r) => r.product_id}
          empty={t('statistics.empty')}
        />
      ) : null}

      {queue.data ? (
        <ChartSection
          title={t('statistics.queueAge')}
          summary={t('statistics.queueAgeSummary', {
            count: queue.data.buckets.reduce((n, b) => n + b.items, 0),
            time: format.dateTime(queue.data.now),
          })}
          rows={queue.data.buckets}
          category={(r) => t(`statistics.bucket.${r.bucket}` as MessageKey)}
          series={[{ key: 'items', label: t('statistics.items') }]}
          value={(r) => r.items}
          columns={[
            {
              key: 'bucket',
              header: t('statistics.age'),
              cell: (r) => t(`statistics.bucket.${r.bucket}` as MessageKey),
            },
            { key: 'items', header: t('statistics.items'), numeric: true, cell: (r) => r.items },
          ]}
          rowKey={(r) => r.bucket}
          empty={t('statistics.empty')}
        />
      ) : null}

      {agents.data ? (
        <ChartSection
          title={t('statistics.agents')}
          summary={t('statistics.agentsSummary', { count: agents.data.by_agent.length })}
          rows={agents.data.by_agent}
          category={(r) => r.name}
          series={[
            { key: 'actions', label: t('statistics.actions') },
            { key: 'finished', label: t('statistics.finished') },
          ]}
          value={(r, key) => (key === 'actions' ? r.actions : r.finished)}
          columns={[
            { key: 'agent', header: t('statistics.agent'), cell: (r) => r.name },
            { key: 'actions', header: t('statistics.actions'), numeric: true, cell: (r) => r.actions },
            { key: 'finished', header: t('statistics.finished'), numeric: true, cell: (r) => r.finished },
          ]}
          rowKey={(r) => r.admin_user_id}
          empty={t('statistics.empty')}
        />
      ) : null}

      {refunds.data ? (
        <ChartSection
          title={t('statistics.refunds')}
          summary={t('statistics.refundsSummary', {
            count: refunds.data.totals.refunds,
            amount: format.money(refunds.data.totals.amount),
            penalty: format.money(refunds.data.totals.penalty),
          })}
          rows={refunds.data.by_day.filter((r) => r.refunds > 0)}
          category={(r) => r.day.slice(5)}
          series={[{ key: 'refunds', label: t('statistics.refundCount') }]}
          value={(r) => r.refunds}
          columns={[
            { key: 'day', header: t('statistics.day'), cell: (r) => format.date(r.day) },
            { key: 'refunds', header: t('statistics.refundCount'), numeric: true, cell: (r) => r.refunds },
            { key: 'amount', header: t('statistics.amount'), numeric: true, cell: (r) => format.money(r.amount) },
            { key: 'penalty', header: t('statistics.penalty'), numeric: true, cell: (r) => format.money(r.penalty) },
          ]}
          rowKey={(r) => r.day}
          empty={t('statistics.noRefunds')}
        />
      ) : null}
    </>
  );
}
