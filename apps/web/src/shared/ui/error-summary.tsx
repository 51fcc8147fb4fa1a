import { useEffect, useRef, type MouseEvent } from 'react';
import { Link } from './link';
import { useT } from '../i18n';
import './error-summary.css';

export interface ErrorSummaryItem {
  /** "#field-id" for a field on this page, or a path ("/tienda/nota-simple/step2") for one elsewhere. */
  href: string;
  text: string;
}

/** Moves focus to the field and brings its label (or legend) into view, like GOV.UK's error summary. */
function focusField(event: MouseEvent<HTMLAnchorElement>, href: string) {
  const target = document.getElementById(href.slice(1));
  if (!target) return;
  event.preventDefault();
  const legend = target.closest('fieldset')?.querySelector('legend');
  const label = document.querySelector(`label[for="${CSS.escape(target.id)}"]`);
  (legend ?? label ?? target).scrollIntoView();
  target.focus({ preventScroll: true });
}

/**
 * "Hay un problema" above the <h1>: takes focus when it appears (or its errors change) and links each error to its
 * field. Renders nothing without errors. `level` is its heading's: a form inside a section headed h3 takes 4, so the
 * page's headings still go down one level at a time.
 */
export function ErrorSummary({
  errors,
  title,
  level = 2,
}: {
  errors: ErrorSummaryItem[];
  title?: string;
  level?: 2 | 3 | 4;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [errors]);
  if (errors.length === 0) return null;
  const Heading = `h${level}` as const;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} aria-labelledby="error-summary-title">
      <div role="alert">
        <Heading className="error-summary__title" id="error-summary-title">
          {title ?? t('errorSummary.title')}
        </Heading>
        <ul className="error-summary__list">
          {errors.map((error) => (
            <li key={`${error.href}-${error.text}`}>
              {error.href.startsWith('#') ? (
                <a href={error.href} onClick={(event) => focusField(event, error.href)}>
                  {error.text}
                </a>
              ) : (
                <Link to={error.href}>{error.text}</Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
