import { parseMoney } from '@ventanilla/domain';
import { useFormat, useT } from '../../../../shared/i18n';
import type { MessageKey } from '../../../../shared/i18n/types';
import type { ApiResponse } from '../../../../shared/lib/api-contract';
import { ChartSection } from './chart-section';

/** The figures of one statistics route (GET /api/backoffice/statistics/<kind>). */
type Figures<Kind extends 'orders' | 'products' | 'queue-age' | 'agents' | 'refunds'> = ApiResponse<
  `/api/backoffice/statistics/${Kind}`,
  'get'
>;

/** A money string as a number of euros for the chart's axis (the one money parser underneath). */
const euros = (money: string) => (parseMoney(money) ?? 0) / 100;

/** Orders and revenue in the range: per day, revenue per day, per store and per status. */
export function OrderCharts({ o }: { o: Figures<'orders'> }) {
  const t = useT();
  const format = useFormat();
  return (
    <>
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
  );
}

/** The work behind the orders: lines per product, the queue's age now, the agents' actions, the refunds. */
export function WorkCharts({
  products,
  queue,
  agents,
  refunds,
}: {
  products: Figures<'products'> | undefined;
  queue: Figures<'queue-age'> | undefined;
  agents: Figures<'agents'> | undefined;
  refunds: Figures<'refunds'> | undefined;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      {products ? (
        <ChartSection
          title={t('statistics.perProduct')}
          summary={t('statistics.perProductSummary', { count: products.by_product.length })}
          rows={products.by_product}
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

      {queue ? (
        <ChartSection
          title={t('statistics.queueAge')}
          summary={t('statistics.queueAgeSummary', {
            count: queue.buckets.reduce((n, b) => n + b.items, 0),
            time: format.dateTime(queue.now),
          })}
          rows={queue.buckets}
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

      {agents ? (
        <ChartSection
          title={t('statistics.agents')}
          summary={t('statistics.agentsSummary', { count: agents.by_agent.length })}
          rows={agents.by_agent}
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

      {refunds ? (
        <ChartSection
          title={t('statistics.refunds')}
          summary={t('statistics.refundsSummary', {
            count: refunds.totals.refunds,
            amount: format.money(refunds.totals.amount),
            penalty: format.money(refunds.totals.penalty),
          })}
          rows={refunds.by_day.filter((r) => r.refunds > 0)}
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
