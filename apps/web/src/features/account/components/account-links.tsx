import { Link } from '../../../shared/ui';
import { useT } from '../../../shared/i18n';

/** Links between the customer panel's pages: orders, credit notes ("abonos"), billing data and saved items. */
export function AccountLinks() {
  const t = useT();
  return (
    <nav aria-label={t('invoices.accountNav')}>
      <ul className="account-links">
        <li>
          <Link to="/orders">{t('orders.title')}</Link>
        </li>
        <li>
          <Link to="/abonos">{t('invoices.creditNotesTitle')}</Link>
        </li>
        <li>
          <Link to="/datos-facturacion">{t('invoices.billingTitle')}</Link>
        </li>
        <li>
          <Link to="/guardados">{t('saved.nav')}</Link>
        </li>
        <li>
          <Link to="/documentos">{t('docs.title')}</Link>
        </li>
        <li>
          <Link to="/avisos">{t('notices.title')}</Link>
        </li>
        <li>
          <Link to="/actividad">{t('activity.title')}</Link>
        </li>
        <li>
          <Link to="/cuenta">{t('accountSelf.title')}</Link>
        </li>
      </ul>
    </nav>
  );
}
