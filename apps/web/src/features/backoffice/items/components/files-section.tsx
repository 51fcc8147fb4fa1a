import { useRef, useState, type FormEvent } from 'react';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import type { BackofficeItem } from '../../../../shared/lib/api-contract';
import { formatFileSize } from '../../../../shared/lib/file-size';
import { Alert, Button, Field, Table } from '../../../../shared/ui';
import { useDeleteFile, useUploadFile } from '../api/item-actions';
import { ActionDialog } from './item-actions/action-dialog';
import { isReloadError } from './item-actions/reload-error';
import { ItemSection } from './item-sections';

/** Upload (multipart) and list the item's files, with download links. */
export function FilesSection({ item }: { item: BackofficeItem }) {
  const t = useT();
  const format = useFormat();
  const upload = useUploadFile(String(item.item_id));
  const input = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const remove = useDeleteFile(String(item.item_id));
  const [deleting, setDeleting] = useState<{ id: number; filename: string } | null>(null);
  const [deleteErrors, setDeleteErrors] = useState<FormErrors>(NO_ERRORS);

  function confirmDelete() {
    if (!deleting) return;
    setUploaded(null);
    remove.mutate(
      { fileId: deleting.id, version: item.updated_at },
      {
        onSuccess: () => {
          setUploaded(t('itemActions.fileDeleted', { name: deleting.filename }));
          setDeleting(null);
        },
        onError: (error) => {
          if (isReloadError(error)) {
            setDeleting(null);
            setUploaded(errorText(error, t));
            return;
          }
          setDeleteErrors(toFormErrors(error, 'file-delete', [], 'submit', t));
        },
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setUploaded(null);
    const file = input.current?.files?.[0];
    if (!file) {
      setMissing(t('backoffice.chooseFile'));
      input.current?.focus();
      return;
    }
    setMissing(undefined);
    const form = event.currentTarget;
    upload.mutate(
      { file, version: item.updated_at },
      {
        onSuccess: (saved) => {
          form.reset();
          setUploaded(t('backoffice.fileUploaded', { name: saved.filename }));
        },
      },
    );
  }

  return (
    <ItemSection id="archivos" title={t('backoffice.sectionFiles')}>
      {upload.isError ? <Alert>{errorText(upload.error, t)}</Alert> : null}
      {uploaded ? <Alert tone="success">{uploaded}</Alert> : null}
      <form noValidate onSubmit={submit} encType="multipart/form-data">
        <Field id="item-file" label={t('backoffice.fileLabel')} hint={t('backoffice.fileHint')} error={missing}>
          <input
            ref={input}
            className="file-input"
            type="file"
            id="item-file"
            name="file"
            accept="application/pdf,.pdf,image/jpeg,image/png"
            aria-describedby={missing ? 'item-file-hint item-file-error' : 'item-file-hint'}
          />
        </Field>
        <Button pending={upload.isPending}>{t('backoffice.uploadFile')}</Button>
      </form>
      {item.files.length === 0 ? (
        <p>{t('backoffice.noFiles')}</p>
      ) : (
        <Table
          caption={t('backoffice.filesCaption')}
          captionHidden
          rows={item.files}
          rowKey={(f) => f.id}
          columns={[
            {
              key: 'name',
              header: t('backoffice.colFile'),
              cell: (f) => (
                <>
                  <a href={`/api/backoffice/items/${item.item_id}/files/${f.id}`} download={f.filename}>
                    {f.filename}
                  </a>
                  {/* Documents the customer attached in the wizard, as answers to the order's questions. */}
                  {f.uploaded_by_customer ? <span className="secondary-text"> ({t('files.byCustomer')})</span> : null}
                </>
              ),
            },
            { key: 'size', header: t('backoffice.colSize'), cell: (f) => formatFileSize(f.size, format.language) },
            {
              key: 'visible',
              header: t('backoffice.colVisible'),
              cell: (f) => (f.visible_to_customer ? t('common.yes') : t('common.no')),
            },
            { key: 'date', header: t('backoffice.colCreated'), cell: (f) => format.dateTime(f.created_at) },
            {
              key: 'actions',
              header: t('itemActions.colActions'),
              cell: (f) =>
                f.uploaded_by_customer ? null : (
                  <Button
                    type="button"
                    variant="warning"
                    aria-haspopup="dialog"
                    onClick={() => {
                      setDeleteErrors(NO_ERRORS);
                      setDeleting({ id: f.id, filename: f.filename });
                    }}
                  >
                    {t('itemActions.deleteFile')}
                    <span className="visually-hidden"> {f.filename}</span>
                  </Button>
                ),
            },
          ]}
        />
      )}
      {deleting ? (
        <ActionDialog
          id="dialog-file-delete"
          title={t('itemActions.deleteFileTitle', { name: deleting.filename })}
          submitLabel={t('itemActions.deleteFile')}
          pending={remove.isPending}
          errors={deleteErrors}
          onSubmit={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </ItemSection>
  );
}
