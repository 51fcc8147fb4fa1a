import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import { Alert, SummaryList } from '../../../../shared/ui';
import type { TemplatePreview as Preview } from '../api/templates';

/**
 * A filled template as the customer will see it: subject, header, the body (in a sandboxed frame: no script, no
 * navigation) and the button, with the values still missing listed above it. Announced politely when it changes.
 */
export function TemplatePreview({
  preview,
  error,
  pending,
  headingLevel = 3,
}: {
  preview: Preview | undefined;
  error: unknown;
  pending: boolean;
  /** 2 on a page of its own (the editor), 3 inside a dialog whose title is the h2. */
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="template-preview" aria-labelledby="template-preview-title" aria-busy={pending || undefined}>
      <Heading id="template-preview-title">{t('templates.previewTitle')}</Heading>
      <div aria-live="polite">
        {error ? (
          <Alert>
            {isApiError(error) && error.fields?.length
              ? error.fields.map((f) => f.message).join(' · ')
              : errorText(error, t)}
          </Alert>
        ) : null}
        {preview?.missing_message ? (
          <Alert tone="info" title={t('templates.missingTitle')}>
            {preview.missing_message}
          </Alert>
        ) : null}
      </div>
      {preview ? (
        <>
          <SummaryList
            rows={[
              { key: 'subject', label: t('templates.fieldSubject'), value: preview.subject || '—' },
              { key: 'header', label: t('templates.fieldHeader'), value: preview.header || '—' },
              { key: 'button', label: t('templates.fieldButton'), value: preview.button || '—' },
            ]}
          />
          <iframe
            // A new frame per body: a changed srcdoc on a sandboxed frame is not always reloaded.
            key={preview.body_html}
            className="template-preview__frame"
            title={t('templates.previewFrame')}
            sandbox=""
            srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:Arial,sans-serif;font-size:16px;line-height:1.5;margin:12px">${preview.body_html}</body>`}
          />
        </>
      ) : null}
    </section>
  );
}
