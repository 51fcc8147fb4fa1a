import { useState } from 'react';
import { useParams } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Button, PageHeading, Spinner, Table } from '../../../../shared/ui';
import { useApplyFileVersion, useCatalogProduct, type CatalogProductDetail } from '../api/catalog-admin';
import { CatalogProductForm } from '../components/catalog-product-form';
import { CatalogProductNav } from '../components/catalog-product-nav';

/** Who edited the product last, or that it follows its files; and the file version waiting, if any. */
function ProductSource({ product }: { product: CatalogProductDetail }) {
  const t = useT();
  const format = useFormat();
  const apply = useApplyFileVersion(String(product.product_id));
  return (
    <>
      <p>
        {product.edited_at
          ? t('catalogAdmin.lastEdit', {
              when: format.dateTime(product.edited_at),
              who: product.edited_by ?? t('catalogAdmin.system'),
            })
          : t('catalogAdmin.followsFiles')}
      </p>
      {product.file_pending ? (
        <Alert tone="info" title={t('catalogAdmin.filePending')}>
          <p>{t('catalogAdmin.pendingBody')}</p>
          <Button
            type="button"
            variant="secondary"
            pending={apply.isPending}
            onClick={() => apply.mutate(product.version)}
          >
            {t('catalogAdmin.applyFile')}
          </Button>
        </Alert>
      ) : null}
      {apply.isSuccess ? <Alert tone="success">{t('catalogAdmin.fileApplied')}</Alert> : null}
      {apply.isError ? <Alert>{errorText(apply.error, t)}</Alert> : null}
    </>
  );
}

/** `/agentes/catalogo/{product_id}`: name, texts, FAQ, price, status and stores of a product (admins). */
export function CatalogProductRoute() {
  const t = useT();
  const format = useFormat();
  const { productId = '' } = useParams();
  const product = useCatalogProduct(productId);
  const [hasErrors, setHasErrors] = useState(false);
  const [saved, setSaved] = useState(false);
  useDocumentTitle(product.data ? t('catalogAdmin.editTitle', { name: product.data.name }) : undefined, hasErrors);

  if (product.isPending) return <Spinner />;
  if (product.isError) return <Alert>{errorText(product.error, t)}</Alert>;
  const p = product.data;
  return (
    <>
      <CatalogProductNav productId={p.product_id} />
      <PageHeading>{t('catalogAdmin.editTitle', { name: p.name })}</PageHeading>
      <ProductSource product={p} />
      {/* Keyed by version: after a save, a revert or a reload the form starts from what the server holds. */}
      {saved ? <Alert tone="success">{t('catalogAdmin.saved')}</Alert> : null}
      <CatalogProductForm
        key={p.version}
        product={p}
        onReload={() => void product.refetch()}
        onErrorsChange={(errors) => {
          setHasErrors(errors);
          if (errors) setSaved(false);
        }}
        onSaved={() => setSaved(true)}
      />
      <h2>{t('catalogAdmin.pricesTitle')}</h2>
      <Table
        caption={t('catalogAdmin.pricesCaption')}
        captionHidden
        rowKey={(row) => row.store_id}
        rows={p.prices}
        columns={[
          { key: 'store', header: t('catalogAdmin.filterStore'), cell: (row) => row.store_id },
          { key: 'vat', header: t('catalogAdmin.colVat'), numeric: true, cell: (row) => `${row.vat_rate} %` },
          { key: 'price', header: t('catalogAdmin.colPrice'), numeric: true, cell: (row) => format.money(row.price) },
        ]}
      />
    </>
  );
}
