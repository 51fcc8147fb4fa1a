import { productGroupSlug, type ProductGroup } from '@ventanilla/domain';
import { useT } from '../../../shared/i18n';
import { Link } from '../../../shared/ui';

/**
 * The filter chips of a list by product group: links (`?grupo=marcas`), so they work without JavaScript; the chosen
 * one is marked as the current page.
 */
export function GroupChips({
  groups,
  active,
  basePath,
}: {
  groups: readonly ProductGroup[];
  active: ProductGroup | null;
  basePath: string;
}) {
  const t = useT();
  const chip = (group: ProductGroup | null) => {
    const current = group === active;
    return (
      <li key={group ?? ''}>
        <Link
          className={current ? 'chip chip--active' : 'chip'}
          to={group ? `${basePath}?grupo=${productGroupSlug(group)}` : basePath}
          aria-current={current ? 'page' : undefined}
        >
          {group ? t(`groups.${group}`) : t('groups.all')}
        </Link>
      </li>
    );
  };
  return (
    <nav className="chips" aria-label={t('groups.label')}>
      <ul className="chips__list">
        {chip(null)}
        {groups.map(chip)}
      </ul>
    </nav>
  );
}
