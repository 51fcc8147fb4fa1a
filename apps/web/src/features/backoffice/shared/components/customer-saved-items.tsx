import { errorText, userCan, useUser } from '../../../../shared/auth';
import { useT, type MessageKey } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import { Alert, Link, Spinner } from '../../../../shared/ui';
import { useCustomerSavedItems, type CustomerSavedItems as SavedItems } from '../api/customer-saved-items';
import './customer-saved-items.css';

/** The kinds, in the order shown, with their heading. */
const GROUPS = [
  ['properties', 'savedSummary.properties'],
  ['companies', 'savedSummary.companies'],
  ['vehicles', 'savedSummary.vehicles'],
] as const;

/** Lines shown of a kind before "see all". */
const SHOWN = 5;

type Group = SavedItems['properties'];

/**
 * "Guardados del cliente" (docs/backoffice.md, "One screen per order"): the customer's saved properties, companies and
 * vehicles, one line each, in the side panel of an order and of a ticket. Shown only to who may read them; an order
 * or ticket without a customer account says so.
 */
export function CustomerSavedItems({
  customerId,
  id = 'guardados',
  linkToCustomer = true,
}: {
  customerId: number | null;
  id?: string;
  /** False on the customer's own page, where the link would lead back to it. */
  linkToCustomer?: boolean;
}) {
  const t = useT();
  const user = useUser();
  if (!userCan(user, 'customers.savedItems')) return null;
  return (
    <section className="item-section saved-summary" id={id} aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`}>{t('savedSummary.title')}</h2>
      {customerId === null ? (
        <p>{t('savedSummary.noAccount')}</p>
      ) : (
        <SavedItemsOf
          customerId={customerId}
          id={id}
          canOpenCustomer={linkToCustomer && userCan(user, 'customers.read')}
        />
      )}
    </section>
  );
}

function SavedItemsOf({
  customerId,
  id,
  canOpenCustomer,
}: {
  customerId: number;
  id: string;
  canOpenCustomer: boolean;
}) {
  const t = useT();
  const saved = useCustomerSavedItems(customerId);
  if (saved.isPending) return <Spinner label={t('savedSummary.loading')} />;
  if (saved.isError) {
    // 404: the order's account is no customer's (a staff account that bought); nothing is saved there.
    return isApiError(saved.error, 404) ? (
      <p>{t('savedSummary.noAccount')}</p>
    ) : (
      <Alert>{errorText(saved.error, t)}</Alert>
    );
  }
  const groups = GROUPS.filter(([kind]) => saved.data[kind].total > 0);
  return (
    <>
      {groups.length === 0 ? <p>{t('savedSummary.empty')}</p> : null}
      {groups.map(([kind, title]) => (
        <SavedGroup
          key={kind}
          headingId={`${id}-${kind}`}
          title={t(title, { count: saved.data[kind].total })}
          group={saved.data[kind]}
        />
      ))}
      {canOpenCustomer ? (
        <p className="saved-summary__customer">
          <Link to={`/agentes/client?id=${customerId}`}>{t('savedSummary.customerPage')}</Link>
        </p>
      ) : null}
    </>
  );
}

/**
 * One kind: its first lines, the rest behind "see all" (a <details>, so it opens with the keyboard and stays usable
 * while another agent's lock disables the order's controls).
 */
function SavedGroup({ headingId, title, group }: { headingId: string; title: string; group: Group }) {
  const t = useT();
  const rest = group.items.slice(SHOWN);
  return (
    <>
      <h3 id={headingId}>{title}</h3>
      <SavedLines items={group.items.slice(0, SHOWN)} labelledBy={headingId} />
      {rest.length > 0 ? (
        <details className="saved-summary__all">
          <summary>{t('savedSummary.showAll', { count: group.total })}</summary>
          <SavedLines items={rest} labelledBy={headingId} />
          {group.total > group.items.length ? (
            <p className="saved-summary__more">
              {t('savedSummary.newestOnly', { shown: group.items.length, total: group.total })}
            </p>
          ) : null}
        </details>
      ) : null}
    </>
  );
}

function SavedLines({ items, labelledBy }: { items: Group['items']; labelledBy: string }) {
  const t = useT();
  return (
    <ul className="saved-summary__list" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.id}>
          <span className="saved-summary__name">{item.name}</span>
          {item.favourite ? (
            <span className="saved-summary__favourite" role="img" aria-label={t('savedSummary.favourite')}>
              {' ★'}
            </span>
          ) : null}
          {item.attrs.map((a) => (
            <span key={a.key} className="saved-summary__attr">
              {' · '}
              {t(`saved.attr.${a.key}` as MessageKey)}: {a.value}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
