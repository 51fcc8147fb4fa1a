import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis, ResponsiveContainer } from 'recharts';
import { useT } from '../../../../shared/i18n';
import { Table, type Column } from '../../../../shared/ui';

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
export function ChartSection<T>({
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
