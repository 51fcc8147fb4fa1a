import { useT } from '../../../../shared/i18n';

/** Reads the files of a file input into the form (up to what the server takes). */
export function appendFiles(form: FormData, input: HTMLInputElement | null) {
  for (const file of Array.from(input?.files ?? [])) form.append('files', file);
}

export function FileField({ id }: { id: string }) {
  const t = useT();
  return (
    <div className="form-group">
      <label className="label" htmlFor={id}>
        {t('tickets.files')} {t('form.optional')}
      </label>
      <input id={id} name="files" type="file" multiple className="file-input" />
    </div>
  );
}
