import { Link } from './link';
import { useT } from '../i18n';
import { VisuallyHidden } from './visually-hidden';
import './navigation.css';

interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  hrefFor: (page: number) => string;
}

/** Page numbers around the current one, with gaps shown as an ellipsis. */
function pageWindow(page: number, last: number): (number | null)[] {
  const wanted = new Set([1, last, page - 1, page, page + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) result.push(null);
    result.push(n);
  });
  return result;
}

/** Previous / numbered / next links; nothing when everything fits on one page. */
export function Pagination({ page, perPage, total, hrefFor }: PaginationProps) {
  const t = useT();
  const last = Math.max(1, Math.ceil(total / perPage));
  if (last <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {page > 1 ? (
        <Link className="pagination__prev" to={hrefFor(page - 1)} rel="prev">
          {t('pagination.previous')}
          <VisuallyHidden> {t('pagination.pageWord')}</VisuallyHidden>
        </Link>
      ) : null}
      <ul className="pagination__list">
        {pageWindow(page, last).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination__gap">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <Link
                  to={hrefFor(n)}
                  aria-current="page"
                  className="pagination__current"
                  aria-label={t('pagination.page', { n })}
                >
                  {n}
                </Link>
              ) : (
                <Link to={hrefFor(n)} aria-label={t('pagination.page', { n })}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < last ? (
        <Link className="pagination__next" to={hrefFor(page + 1)} rel="next">
          {t('pagination.next')}
          <VisuallyHidden> {t('pagination.pageWord')}</VisuallyHidden>
        </Link>
      ) : null}
    </nav>
  );
}
