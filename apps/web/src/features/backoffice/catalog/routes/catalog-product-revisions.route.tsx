import { useParams } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Button, PageHeading, Spinner, Table } from '../../../../shared/ui';
import { useCatalogProduct, useCatalogRevisions, useRevertProduct, type CatalogRevision } from '../api/catalog-admin';
import { CatalogProductNav } from '../components/catalog-product-nav';

/** `/agentes/catalogo/{product_id}/historial`: every version of the product (who, when, what) and restoring one. */
export function CatalogProductRevisionsRoute() {
  const t = useT();
  const format = useFormat();
  const { productId = '' } = useParams();
  const product = useCatalogProduct(productId);
  const revisions = useCatalogRevisions(productId);
  const revert = useRevertProduct(productId);
  useDocumentTitle(product.data ? t('catalogAdmin.revisionsTitle', { name: product.data.name }) : undefined);

  if (product.isPending || revisions.isPending) return <Spinner />;
  if (product.isError) return <Alert>{errorText(product.error, t)}</Alert>;
  if (revisions.isError) return <Alert>{errorText(revisions.error, t)}</Alert>;
  const p = product.data;
  const reverted = revert.variables ? revisions.data.find((r) => r.id === revert.variables.revisionId) : undefined;

  return (
    <>
      <CatalogProductNav productId={p.product_id} />
      <PageHeading>{t('catalogAdmin.revisionsTitle', { name: p.name })}</PageHeading>
      {revert.isSuccess && reverted ? (
        <Alert tone="success">{t('catalogAdmin.reverted', { version: reverted.version })}</Alert>
      ) : null}
      {revert.isError ? <Alert>{errorText(revert.error, t)}</Alert> : null}
      <Table<CatalogRevision>
        caption={t('catalogAdmin.revisionsCaption')}
        rowKey={(row) => row.id}
        rows={revisions.data}
        columns={[
          { key: 'version', header: t('catalogAdmin.colVersion'), numeric: true, cell: (row) => row.version },
          { key: 'when', header: t('catalogAdmin.colWhen'), cell: (row) => format.dateTime(row.created_at) },
          { key: 'who', header: t('catalogAdmin.colWho'), cell: (row) => row.user_name ?? t('catalogAdmin.system') },
          { key: 'source', header: t('catalogAdmin.colSource'), cell: (row) => t(`catalogAdmin.source.${row.source}`) },
          { key: 'changes', header: t('catalogAdmin.colChanges'), cell: (row) => row.summary || '—' },
          {
            key: 'action',
            header: t('catalogAdmin.colAction'),
            cell: (row) =>
              row.version === p.version ? (
                t('catalogAdmin.current')
              ) : (
                <Button
                  type="button"
                  variant="secondary"
                  pending={revert.isPending}
                  onClick={() => revert.mutate({ revisionId: row.id, version: p.version })}
                >
                  {t('catalogAdmin.revert', { version: row.version })}
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
