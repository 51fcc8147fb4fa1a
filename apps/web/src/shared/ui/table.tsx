import type { ReactNode } from 'react';
import './table.css';

export interface Column<T> {
  key: string;
  /** The column's name: its header, and the label of each cell when rows are stacked on a narrow screen. */
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

interface TableProps<T> {
  caption: ReactNode;
  /** Hide the caption visually when a heading already names the table. */
  captionHidden?: boolean;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
}

/**
 * A data table. On a narrow screen (table.css) each row becomes a stacked card and every cell shows its column's
 * name before its value, so no column is hidden off-screen and the page never scrolls sideways. The cell's name is
 * hidden from assistive technology: the column header already names the cell.
 */
export function Table<T>({ caption, captionHidden, columns, rows, rowKey }: TableProps<T>) {
  return (
    <div className="table-wrapper">
      <table className="table">
        <caption className={captionHidden ? 'visually-hidden' : 'table__caption'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'table__cell--numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} className={column.numeric ? 'table__cell--numeric' : undefined}>
                  <span className="table__label" aria-hidden="true">
                    {column.header}
                  </span>
                  <div className="table__value">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
