import type { ReactNode } from 'react';
import { Link } from './link';
import { VisuallyHidden } from './visually-hidden';
import './summary-list.css';

export interface SummaryRow {
  key: string;
  label: ReactNode;
  value: ReactNode;
  action?: { to: string; text: string; hiddenText: string } | undefined;
}

/** Question / answer pairs (check answers, order details) as a description list. */
export function SummaryList({ rows }: { rows: SummaryRow[] }) {
  return (
    <dl className="summary-list">
      {rows.map((row) => (
        <div className="summary-list__row" key={row.key}>
          <dt className="summary-list__key">{row.label}</dt>
          <dd className="summary-list__value">{row.value}</dd>
          {row.action ? (
            <dd className="summary-list__actions">
              <Link to={row.action.to}>
                {row.action.text}
                <VisuallyHidden> {row.action.hiddenText}</VisuallyHidden>
              </Link>
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
