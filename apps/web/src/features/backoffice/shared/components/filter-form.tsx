import type { FormEvent, ReactNode } from 'react';
import { Button, Link } from '../../../../shared/ui';
import './backoffice.css';

interface FilterFormProps {
  /** Where the form goes without JavaScript: the list's own address. */
  action: string;
  /** Id of the form's h2, which names the form. */
  titleId: string;
  title: string;
  applyLabel: string;
  /** A link back to the unfiltered list. */
  clear?: { to: string; label: string };
  onApply: () => void;
  children: ReactNode;
}

/** A GET form over a back-office list: the filters live in the address, so a filtered list can be bookmarked. */
export function FilterForm({ action, titleId, title, applyLabel, clear, onApply, children }: FilterFormProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply();
  }
  return (
    <form className="filters" method="get" action={action} onSubmit={submit} aria-labelledby={titleId}>
      <h2 id={titleId} className="filters__title">
        {title}
      </h2>
      <div className="filters__fields">{children}</div>
      <div className="filters__actions">
        <Button variant="secondary">{applyLabel}</Button>
        {clear ? <Link to={clear.to}>{clear.label}</Link> : null}
      </div>
    </form>
  );
}
