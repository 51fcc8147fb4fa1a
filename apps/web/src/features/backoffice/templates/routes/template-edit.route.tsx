import { useParams } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import type { Language } from '../../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import {
  Alert,
  BackLink,
  Button,
  ButtonGroup,
  ErrorSummary,
  PageHeading,
  Select,
  Spinner,
  Textarea,
  TextInput,
} from '../../../../shared/ui';
import { usePlaceholders, useTemplate, type TemplateKind } from '../api/templates';
import { TemplatePreview } from '../components/template-preview';
import { draftOf, EMPTY_TEMPLATE, useTemplateEditor, type TemplateDraft } from '../components/use-template-editor';
import '../components/templates.css';

const LANGUAGES: Language[] = ['es', 'pt', 'en'];

/**
 * `/agentes/plantillas/:kind/nueva` and `/agentes/plantillas/:kind/:id/:language`: edit a template with a live
 * preview (sample values) and the list of placeholders; unknown placeholders are refused on save, named per field.
 */
export function TemplateEditRoute() {
  const t = useT();
  const params = useParams();
  const kind: TemplateKind = params.kind === 'email' ? 'email' : 'incidence';
  const isNew = params.id === undefined;
  const existing = useTemplate(kind, params.id ?? '', params.language ?? '', !isNew);
  const title = isNew
    ? t(kind === 'incidence' ? 'templates.newIncidence' : 'templates.newEmail')
    : t('templates.editTitle', { id: params.id ?? '' });
  useDocumentTitle(title);

  if (!isNew && existing.isPending) return <Spinner />;
  if (!isNew && existing.isError) {
    return (
      <>
        <BackLink to={`/agentes/plantillas?kind=${kind}`} />
        <PageHeading>{title}</PageHeading>
        <Alert>{isApiError(existing.error, 404) ? t('templates.notFound') : errorText(existing.error, t)}</Alert>
      </>
    );
  }
  return (
    <TemplateEditor
      key={existing.data ? `${existing.data.id}-${existing.data.language}` : 'new'}
      kind={kind}
      title={title}
      initial={existing.data ? draftOf(existing.data) : EMPTY_TEMPLATE}
      isNew={isNew}
    />
  );
}

function TemplateEditor({
  kind,
  title,
  initial,
  isNew,
}: {
  kind: TemplateKind;
  title: string;
  initial: TemplateDraft;
  isNew: boolean;
}) {
  const t = useT();
  const placeholders = usePlaceholders();
  const { draft, set, errors, saved, preview, save, remove, submit, deleteTemplate } = useTemplateEditor({
    kind,
    title,
    initial,
    isNew,
  });

  return (
    <>
      <BackLink to={`/agentes/plantillas?kind=${kind}`}>{t('templates.backToList')}</BackLink>
      <ErrorSummary errors={errors.summary} />
      {saved ? <Alert tone="success">{t('templates.saved')}</Alert> : null}
      <PageHeading caption={t(kind === 'incidence' ? 'templates.kindIncidence' : 'templates.kindEmail')}>
        {title}
      </PageHeading>
      <div className="template-editor">
        <form noValidate onSubmit={submit}>
          {isNew ? (
            <>
              <TextInput
                id="tpl-id"
                label={t('templates.colId')}
                hint={t('templates.idHint')}
                inputMode="numeric"
                optional
                value={draft.id}
                error={errors.byField.id}
                onChange={(e) => set('id')(e.target.value)}
              />
              <Select
                id="tpl-language"
                label={t('templates.language')}
                items={LANGUAGES.map((l) => ({ value: l, label: t(`templates.lang.${l}`) }))}
                value={draft.language}
                error={errors.byField.language}
                onChange={(e) => set('language')(e.target.value)}
              />
            </>
          ) : (
            <p className="secondary-text">
              {t('templates.colId')}: {initial.id} · {t('templates.language')}:{' '}
              {t(`templates.lang.${initial.language}`)}
            </p>
          )}
          <TextInput
            id="tpl-name"
            label={t('templates.colName')}
            value={draft.name}
            error={errors.byField.name}
            onChange={(e) => set('name')(e.target.value)}
          />
          <TextInput
            id="tpl-group"
            label={t('templates.colGroup')}
            optional
            value={draft.group}
            error={errors.byField.group}
            onChange={(e) => set('group')(e.target.value)}
          />
          <TextInput
            id="tpl-subject_template"
            label={t('templates.fieldSubject')}
            value={draft.subject_template}
            error={errors.byField.subject_template}
            onChange={(e) => set('subject_template')(e.target.value)}
          />
          <TextInput
            id="tpl-header_template"
            label={t('templates.fieldHeader')}
            value={draft.header_template}
            error={errors.byField.header_template}
            onChange={(e) => set('header_template')(e.target.value)}
          />
          <Textarea
            id="tpl-template"
            label={t('templates.fieldBody')}
            hint={t('templates.bodyHint')}
            rows={10}
            value={draft.template}
            error={errors.byField.template}
            onChange={(e) => set('template')(e.target.value)}
          />
          <TextInput
            id="tpl-button_template"
            label={t('templates.fieldButton')}
            optional
            value={draft.button_template}
            error={errors.byField.button_template}
            onChange={(e) => set('button_template')(e.target.value)}
          />
          <ButtonGroup>
            <Button pending={save.isPending}>{t('templates.save')}</Button>
            {!isNew ? (
              <Button type="button" variant="warning" pending={remove.isPending} onClick={deleteTemplate}>
                {t('templates.delete')}
              </Button>
            ) : null}
          </ButtonGroup>
          {remove.isError ? <Alert>{errorText(remove.error, t)}</Alert> : null}
        </form>
        <div>
          <TemplatePreview preview={preview.data} error={preview.error} pending={preview.isFetching} headingLevel={2} />
          <PlaceholderList placeholders={placeholders.data ?? []} />
        </div>
      </div>
    </>
  );
}

/** The placeholders a template may use, each with what it stands for. */
function PlaceholderList({ placeholders }: { placeholders: { name: string; label: string }[] }) {
  const t = useT();
  return (
    <>
      <h2>{t('templates.placeholders')}</h2>
      <p className="secondary-text">{t('templates.placeholdersHint')}</p>
      <ul className="placeholder-list">
        {placeholders.map((p) => (
          <li key={p.name}>
            <code>{`{{${p.name}}}`}</code> {p.label}
          </li>
        ))}
      </ul>
    </>
  );
}
