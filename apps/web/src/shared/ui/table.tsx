import type { ReactNode } from 'react';
import './table.css';

export interface Column<T> {
  key: string;
  header: ReactNode;
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

/** A data table; the wrapper scrolls sideways on narrow screens and can be scrolled with the keyboard. */
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
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
