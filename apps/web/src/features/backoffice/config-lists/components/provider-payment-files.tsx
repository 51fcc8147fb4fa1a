import { useRef, useState, type FormEvent } from 'react';
import { errorText, userCan, useUser } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { formatFileSize } from '../../../../shared/lib/file-size';
import { Alert, Button, Field, Spinner, Table } from '../../../../shared/ui';
import {
  providerPaymentFileHref,
  useDeleteProviderPaymentFile,
  useProviderPaymentFiles,
  useUploadProviderPaymentFile,
} from '../api/provider-payment-files';

/** A provider payment's files: everyone who may read them downloads; admins upload and delete. */
export function ProviderPaymentFiles({ paymentId }: { paymentId: string }) {
  const t = useT();
  const format = useFormat();
  const user = useUser();
  const canEdit = userCan(user, 'providerPayments.files.edit');
  const files = useProviderPaymentFiles(paymentId);
  const upload = useUploadProviderPaymentFile(paymentId);
  const remove = useDeleteProviderPaymentFile(paymentId);
  const input = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const file = input.current?.files?.[0];
    if (!file) {
      setMissing(t('backoffice.chooseFile'));
      input.current?.focus();
      return;
    }
    setMissing(undefined);
    const form = event.currentTarget;
    upload.mutate(file, {
      onSuccess: (saved) => {
        form.reset();
        setNotice(t('backoffice.fileUploaded', { name: saved.filename }));
      },
    });
  }

  return (
    <section aria-labelledby="provider-payment-files">
      <h2 id="provider-payment-files">{t('providerPaymentFiles.title')}</h2>
      {upload.isError ? <Alert>{errorText(upload.error, t)}</Alert> : null}
      {remove.isError ? <Alert>{errorText(remove.error, t)}</Alert> : null}
      <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
      {canEdit ? (
        <form noValidate onSubmit={submit} encType="multipart/form-data">
          <Field
            id="provider-payment-file"
            label={t('backoffice.fileLabel')}
            hint={t('backoffice.fileHint')}
            error={missing}
          >
            <input
              ref={input}
              className="file-input"
              type="file"
              id="provider-payment-file"
              name="file"
              accept="application/pdf,.pdf,image/jpeg,image/png"
              aria-describedby={
                missing ? 'provider-payment-file-hint provider-payment-file-error' : 'provider-payment-file-hint'
              }
            />
          </Field>
          <Button pending={upload.isPending}>{t('backoffice.uploadFile')}</Button>
        </form>
      ) : null}
      {files.isPending ? <Spinner /> : null}
      {files.isError ? <Alert>{errorText(files.error, t)}</Alert> : null}
      {files.data && files.data.items.length === 0 ? <p>{t('backoffice.noFiles')}</p> : null}
      {files.data && files.data.items.length > 0 ? (
        <Table
          caption={t('providerPaymentFiles.title')}
          captionHidden
          rows={files.data.items}
          rowKey={(f) => f.id}
          columns={[
            {
              key: 'name',
              header: t('backoffice.colFile'),
              cell: (f) => (
                <a href={providerPaymentFileHref(paymentId, f.id)} download={f.filename}>
                  {f.filename}
                </a>
              ),
            },
            { key: 'size', header: t('backoffice.colSize'), cell: (f) => formatFileSize(f.size, format.language) },
            { key: 'date', header: t('backoffice.colCreated'), cell: (f) => format.dateTime(f.created_at) },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    header: t('itemActions.colActions'),
                    cell: (f: { id: number; filename: string }) => (
                      <Button
                        type="button"
                        variant="warning"
                        pending={remove.isPending && remove.variables === f.id}
                        onClick={() => {
                          setNotice(null);
                          remove.mutate(f.id, {
                            onSuccess: () => setNotice(t('itemActions.fileDeleted', { name: f.filename })),
                          });
                        }}
                      >
                        {t('itemActions.deleteFile')}
                        <span className="visually-hidden"> {f.filename}</span>
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}
    </section>
  );
}
