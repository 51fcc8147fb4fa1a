import { useParams } from 'react-router';
import { useSession, useStoreInfo } from '../../shared/auth';
import { useFormat, useLanguage, useT } from '../../shared/i18n';
import { useDocumentTitle, usePageDescription } from '../../shared/lib/use-document-title';
import { Link, PageHeading } from '../../shared/ui';
import { authoritiesFor, isLegalPageSlug, LEGAL_PAGE_SLUGS, LEGAL_UPDATED, useSeller } from './legal-entity';
import { LEGAL_TEXTS } from './legal-texts';

/** Fills a text's {tokens}; an unknown token stays as written (a typo shows, never a blank). */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * /legal/{aviso-legal|privacidad|cookies|condiciones}: the store's legal page in its language, with its seller's data
 * (GET /api/stores/{id}/seller, the legal entity admins edit) and the authorities of the store's country.
 * Server-rendered like the catalogue's pages (the seller comes with the page).
 */
export function LegalRoute() {
  const { page } = useParams();
  const t = useT();
  const language = useLanguage();
  const format = useFormat();
  const store = useStoreInfo();
  const { store_id } = useSession();
  const seller = useSeller(store_id);
  const slug = isLegalPageSlug(page) ? page : null;
  const storeName = store.data?.name ?? t('app.name');
  const authorities = authoritiesFor(store.data?.country ?? 'ES');
  const entity = seller.data;
  const values: Record<string, string> = {
    store: storeName,
    dpa: authorities.dataProtection.name,
    dpaUrl: authorities.dataProtection.url,
    consumerBody: authorities.consumer.name,
    consumerUrl: authorities.consumer.url,
  };
  if (entity) {
    values['companyName'] = entity.legal_name;
    values['taxId'] = entity.tax_id;
    values['registeredOffice'] = entity.address;
    values['registryEntry'] = entity.registry_note;
    values['email'] = entity.email;
    values['phone'] = entity.phone;
    values['privacyEmail'] = entity.privacy_email || entity.email;
  }
  const text = slug ? LEGAL_TEXTS[language][slug] : null;
  useDocumentTitle(slug ? t(`legal.${slug}`) : t('notFound.title'));
  usePageDescription(text && entity ? fill(text.description, values) : undefined);
  if (!slug || !text) {
    // Only reachable by a client-side link: the server answers an unknown /legal/ address with its 404 page.
    return (
      <>
        <PageHeading>{t('notFound.title')}</PageHeading>
        <p className="lead">{t('notFound.body')}</p>
        <Link to="/">{t('notFound.home')}</Link>
      </>
    );
  }
  return (
    <article className="legal-page">
      <PageHeading>{t(`legal.${slug}`)}</PageHeading>
      <p>{t('legal.updated', { date: format.date(LEGAL_UPDATED) })}</p>
      {!entity ? (
        <p role="status">{seller.isError ? t('legal.sellerUnavailable') : t('legal.loading')}</p>
      ) : (
        <>
          {text.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph, i) => (
                <p key={i}>{fill(paragraph, values)}</p>
              ))}
            </section>
          ))}
          {slug === 'aviso-legal' && entity.supervising_authority ? (
            <p>{t('legal.supervisingAuthority', { authority: entity.supervising_authority })}</p>
          ) : null}
        </>
      )}
      <nav aria-label={t('legal.otherPages')}>
        <ul>
          {LEGAL_PAGE_SLUGS.filter((other) => other !== slug).map((other) => (
            <li key={other}>
              <Link to={`/legal/${other}`}>{t(`legal.${other}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
