import { useT } from '../../../../shared/i18n';
import { BackLink, NavLink } from '../../../../shared/ui';
import '../../shared/components/backoffice.css';

/** The pages of one product (details and price, question form, texts in other languages, history), with the current one marked. */
export function CatalogProductNav({ productId }: { productId: number }) {
  const t = useT();
  const base = `/agentes/catalogo/${productId}`;
  const tabs = [
    { to: base, label: t('catalogAdmin.tabFields') },
    { to: `${base}/formulario`, label: t('catalogAdmin.tabForm') },
    { to: `${base}/idiomas`, label: t('catalogAdmin.tabTranslations') },
    { to: `${base}/historial`, label: t('catalogAdmin.tabRevisions') },
  ];
  return (
    <>
      <BackLink to="/agentes/catalogo">{t('catalogAdmin.backToList')}</BackLink>
      <nav className="section-tabs" aria-label={t('catalogAdmin.tabsNav')}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
