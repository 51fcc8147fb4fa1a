import { useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toFormErrors, NO_ERRORS, type FormErrors } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import type { Language } from '../../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { useDebounced } from '../../shared';
import { useDeleteTemplate, usePreview, useSaveTemplate, type Template, type TemplateKind } from '../api/templates';

const FIELDS = [
  'id',
  'language',
  'name',
  'group',
  'subject_template',
  'header_template',
  'template',
  'button_template',
];

/** A template as the editor holds it (the id typed as text, for a new one). */
export interface TemplateDraft {
  id: string;
  language: Language;
  name: string;
  group: string;
  subject_template: string;
  header_template: string;
  template: string;
  button_template: string;
}

export const EMPTY_TEMPLATE: TemplateDraft = {
  id: '',
  language: 'es',
  name: '',
  group: '',
  subject_template: '',
  header_template: '',
  template: '',
  button_template: '',
};

export function draftOf(row: Template): TemplateDraft {
  return {
    id: String(row.id),
    language: row.language,
    name: row.name,
    group: row.group,
    subject_template: row.subject_template,
    header_template: row.header_template,
    template: row.template,
    button_template: row.button_template,
  };
}

interface TemplateEditorInput {
  kind: TemplateKind;
  title: string;
  initial: TemplateDraft;
  isNew: boolean;
}

/**
 * The template editor's logic (template-edit.route.tsx is its view): the draft, its live preview once typing pauses,
 * saving (a new template moves to its own address, saying it was saved) and deleting.
 */
export function useTemplateEditor({ kind, title, initial, isNew }: TemplateEditorInput) {
  const t = useT();
  const navigate = useNavigate();
  const save = useSaveTemplate(kind);
  const remove = useDeleteTemplate(kind);
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  // Back from creating it (the address changed to the new template's): say it was saved.
  const location = useLocation();
  const [saved, setSaved] = useState((location.state as { saved?: boolean } | null)?.saved === true);
  useDocumentTitle(title, errors.summary.length > 0);

  const parts = useMemo(
    () => ({
      template: draft.template,
      subject_template: draft.subject_template,
      header_template: draft.header_template,
      button_template: draft.button_template,
    }),
    [draft.template, draft.subject_template, draft.header_template, draft.button_template],
  );
  const settled = useDebounced(parts);
  const preview = usePreview(settled.template.trim() ? { parts: settled, language: draft.language } : null);

  const set = (field: keyof TemplateDraft) => (value: string) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [field]: value }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = draft.id.trim() === '' ? undefined : Number(draft.id);
    if (id !== undefined && (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)) {
      setErrors({ byField: { id: t('templates.badId') }, summary: [{ href: '#tpl-id', text: t('templates.badId') }] });
      return;
    }
    setErrors(NO_ERRORS);
    save.mutate(
      {
        id: isNew ? id : Number(initial.id),
        language: draft.language,
        isNew,
        fields: {
          name: draft.name,
          group: draft.group,
          template: draft.template,
          subject_template: draft.subject_template,
          header_template: draft.header_template,
          button_template: draft.button_template,
        },
      },
      {
        onSuccess: (row) => {
          // A new template's page says it was saved (the state below); this one is left, so it says nothing.
          if (isNew) {
            void navigate(`/agentes/plantillas/${kind}/${row.id}/${row.language}`, {
              replace: true,
              state: { saved: true },
            });
            return;
          }
          setSaved(true);
          setDraft(draftOf(row));
        },
        onError: (error) => setErrors(toFormErrors(error, 'tpl', FIELDS, 'name', t)),
      },
    );
  }

  function deleteTemplate() {
    if (!window.confirm(t('templates.confirmDelete'))) return;
    remove.mutate(
      { id: Number(initial.id), language: initial.language },
      { onSuccess: () => void navigate(`/agentes/plantillas?kind=${kind}`) },
    );
  }

  return { draft, set, errors, saved, preview, save, remove, submit, deleteTemplate };
}
