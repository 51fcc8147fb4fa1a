import { useState } from 'react';
import { useParams } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, PageHeading, Spinner } from '../../../../shared/ui';
import { useCatalogProduct } from '../api/catalog-admin';
import { CatalogFormEditor } from '../components/catalog-form-editor';
import { CatalogProductNav } from '../components/catalog-product-nav';

/** `/agentes/catalogo/{product_id}/formulario`: the product's question form as JSON, checked by the linter (admins). */
export function CatalogProductFormRoute() {
  const t = useT();
  const { productId = '' } = useParams();
  const product = useCatalogProduct(productId);
  const [hasErrors, setHasErrors] = useState(false);
  const [saved, setSaved] = useState(false);
  useDocumentTitle(product.data ? t('catalogAdmin.formTitle', { name: product.data.name }) : undefined, hasErrors);

  if (product.isPending) return <Spinner />;
  if (product.isError) return <Alert>{errorText(product.error, t)}</Alert>;
  const p = product.data;
  return (
    <>
      <CatalogProductNav productId={p.product_id} />
      <PageHeading>{t('catalogAdmin.formTitle', { name: p.name })}</PageHeading>
      {saved ? <Alert tone="success">{t('catalogAdmin.saved')}</Alert> : null}
      {p.form ? (
        <CatalogFormEditor
          key={p.version}
          product={{ ...p, form: p.form }}
          onReload={() => void product.refetch()}
          onErrorsChange={(errors) => {
            setHasErrors(errors);
            if (errors) setSaved(false);
          }}
          onSaved={() => setSaved(true)}
        />
      ) : (
        <p>{t('catalogAdmin.noForm')}</p>
      )}
    </>
  );
}
