import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, PageHeading, Spinner, Table } from '../../../../shared/ui';
import { useVerifactuErrors, type VerifactuErrorRecord } from '../api/verifactu';

/** `/agentes/verifactu` (admins): the Veri*Factu records the AEAT refused or accepted with errors, with its code. */
export function VerifactuRoute() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('verifactu.title'));
  const records = useVerifactuErrors();
  return (
    <>
      <PageHeading>{t('verifactu.title')}</PageHeading>
      <p>{t('verifactu.intro')}</p>
      {records.isPending ? <Spinner /> : null}
      {records.isError ? <Alert>{errorText(records.error, t)}</Alert> : null}
      {records.data && records.data.items.length === 0 ? <Alert tone="success">{t('verifactu.none')}</Alert> : null}
      {records.data && records.data.items.length > 0 ? (
        <Table<VerifactuErrorRecord>
          caption={t('verifactu.list')}
          rowKey={(row) => row.id}
          rows={records.data.items}
          columns={[
            { key: 'number', header: t('verifactu.invoice'), cell: (row) => row.invoice_number },
            { key: 'kind', header: t('verifactu.kind'), cell: (row) => t(`verifactu.kind.${row.kind}`) },
            { key: 'issuer', header: t('verifactu.issuer'), cell: (row) => row.issuer_tax_id },
            { key: 'date', header: t('verifactu.issueDate'), cell: (row) => row.issue_date },
            { key: 'status', header: t('verifactu.status'), cell: (row) => t(`verifactu.status.${row.aeat_status}`) },
            { key: 'code', header: t('verifactu.code'), cell: (row) => row.code ?? '' },
            { key: 'description', header: t('verifactu.description'), cell: (row) => row.description ?? '' },
            {
              key: 'sent',
              header: t('verifactu.submittedAt'),
              cell: (row) => (row.submitted_at ? format.dateTime(row.submitted_at) : ''),
            },
          ]}
        />
      ) : null}
    </>
  );
}
