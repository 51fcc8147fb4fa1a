import type { ReactNode } from 'react';
import './columns.css';

/** Two-thirds content with a one-third side column (the price panel, a summary); stacked on small screens. */
export function Columns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <div className="columns">
      <div className="columns__main">{main}</div>
      <div className="columns__side">{side}</div>
    </div>
  );
}
