import type { ReactNode } from 'react';
import './typography.css';

/** The small grey line above an <h1> naming the product or the section. */
export function Caption({ children }: { children: ReactNode }) {
  return <span className="caption">{children}</span>;
}

/** The page's <h1> with an optional caption; focusable so route changes can move focus to it. */
export function PageHeading({ caption, children, id }: { caption?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <>
      {caption ? <Caption>{caption}</Caption> : null}
      <h1 className="heading-xl" tabIndex={-1} id={id}>
        {children}
      </h1>
    </>
  );
}
