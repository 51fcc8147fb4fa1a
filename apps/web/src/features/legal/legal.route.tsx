import { fillLegalText as fill, legalTextValues } from '@ventanilla/domain';
import { useParams } from 'react-router';
import { useSession, useStoreInfo } from '../../shared/auth';
import { useFormat, useLanguage, useT } from '../../shared/i18n';
import { useDocumentTitle, usePageDescription } from '../../shared/lib/use-document-title';
import { Link, PageHeading } from '../../shared/ui';
import { isLegalPageSlug, LEGAL_PAGE_SLUGS, LEGAL_UPDATED, useSeller } from './legal-entity';
import { LEGAL_TEXTS } from './legal-texts';

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
  const entity = seller.data;
  const values = legalTextValues(storeName, store.data?.country ?? 'ES', entity);
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
