import { useState } from 'react';
import { useParams } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, PageHeading, Spinner } from '../../../../shared/ui';
import { useCatalogProduct, useSaveProductFields, type CatalogProductDetail } from '../api/catalog-admin';
import { CatalogJsonEditor } from '../components/catalog-form-editor';
import { CatalogProductNav } from '../components/catalog-product-nav';

/**
 * `/agentes/catalogo/{product_id}/idiomas`: the product's texts in the other languages of the stores that sell it, as
 * JSON in the shape of catalog/translations/<language>/products/<url_key>.json, by language (docs/catalogue.md,
 * "Languages"). Saved with the product's other fields unchanged; the linter refuses a store language left without
 * its texts.
 */
export function CatalogProductTranslationsRoute() {
  const t = useT();
  const { productId = '' } = useParams();
  const product = useCatalogProduct(productId);
  const save = useSaveProductFields(productId);
  const [hasErrors, setHasErrors] = useState(false);
  const [saved, setSaved] = useState(false);
  useDocumentTitle(
    product.data ? t('catalogAdmin.translationsTitle', { name: product.data.name }) : undefined,
    hasErrors,
  );

  if (product.isPending) return <Spinner />;
  if (product.isError) return <Alert>{errorText(product.error, t)}</Alert>;
  const p = product.data;
  const languages = p.needed_languages.length > 0 ? p.needed_languages.join(', ') : t('catalogAdmin.translationsNone');
  return (
    <>
      <CatalogProductNav productId={p.product_id} />
      <PageHeading>{t('catalogAdmin.translationsTitle', { name: p.name })}</PageHeading>
      {saved ? <Alert tone="success">{t('catalogAdmin.saved')}</Alert> : null}
      <p>{t('catalogAdmin.translationsIntro', { base: p.base_language, languages })}</p>
      <CatalogJsonEditor
        key={p.version}
        textareaId="catalog-translations-json"
        initial={p.translations}
        label={t('catalogAdmin.translationsJson')}
        hint={t('catalogAdmin.translationsJsonHint', { urlKey: p.url_key })}
        saveLabel={t('catalogAdmin.saveTranslations')}
        pending={save.isPending}
        save={(translations, handlers) =>
          save.mutate(
            {
              version: p.version,
              name: p.name,
              short_description: p.short_description,
              description: p.description,
              custom_text: p.custom_text,
              meta_title: p.meta_title,
              meta_description: p.meta_description,
              base_price: p.base_price,
              status: p.status,
              stores: p.stores,
              translations: translations as CatalogProductDetail['translations'],
            },
            handlers,
          )
        }
        onReload={() => void product.refetch()}
        onErrorsChange={(errors) => {
          setHasErrors(errors);
          if (errors) setSaved(false);
        }}
        onSaved={() => setSaved(true)}
      />
    </>
  );
}
