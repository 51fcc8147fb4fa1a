import { useParams } from 'react-router';
import { useStoreInfo } from '../../shared/auth';
import { useFormat, useLanguage, useT } from '../../shared/i18n';
import { useDocumentTitle, usePageDescription } from '../../shared/lib/use-document-title';
import { Link, PageHeading } from '../../shared/ui';
import {
  authoritiesFor,
  isLegalPageSlug,
  LEGAL_ENTITY,
  LEGAL_PAGE_SLUGS,
  LEGAL_UPDATED,
  type LegalEntity,
} from './legal-entity';
import { LEGAL_TEXTS } from './legal-texts';

/** Fills a text's {tokens}; an unknown token stays as written (a typo shows, never a blank). */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * /legal/{aviso-legal|privacidad|cookies|condiciones}: the store's legal page in its language, with the company data
 * of legal-entity.ts and the authorities of the store's country. Server-rendered like the catalogue's pages.
 */
export function LegalRoute() {
  const { page } = useParams();
  const t = useT();
  const language = useLanguage();
  const format = useFormat();
  const store = useStoreInfo();
  const slug = isLegalPageSlug(page) ? page : null;
  const storeName = store.data?.name ?? t('app.name');
  const authorities = authoritiesFor(store.data?.country ?? 'ES');
  const entity = LEGAL_ENTITY;
  const values: Record<string, string> = {
    store: storeName,
    dpa: authorities.dataProtection.name,
    dpaUrl: authorities.dataProtection.url,
    consumerBody: authorities.consumer.name,
    consumerUrl: authorities.consumer.url,
  };
  for (const key of Object.keys(entity) as Array<keyof LegalEntity>) values[key] = entity[key].value;
  const text = slug ? LEGAL_TEXTS[language][slug] : null;
  useDocumentTitle(slug ? t(`legal.${slug}`) : t('notFound.title'));
  usePageDescription(text ? fill(text.description, values) : undefined);
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
  const anyPending = Object.values(entity).some((v) => v.pending);
  return (
    <article className="legal-page">
      <PageHeading>{t(`legal.${slug}`)}</PageHeading>
      <p>{t('legal.updated', { date: format.date(LEGAL_UPDATED) })}</p>
      {anyPending ? (
        <p className="legal-page__placeholder" role="note">
          {t('legal.placeholderNotice')}
        </p>
      ) : null}
      {text.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph, i) => (
            <p key={i}>{fill(paragraph, values)}</p>
          ))}
        </section>
      ))}
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
