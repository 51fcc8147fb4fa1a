import { useMemo, useState, type FormEvent } from 'react';
import { toFormErrors, NO_ERRORS, type FormErrors } from '../../../../shared/auth';
import { useFormat, useLanguage, useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import type { BackofficeItem } from '../../../../shared/lib/api-contract';
import {
  Alert,
  Button,
  ButtonGroup,
  ErrorSummary,
  Select,
  SummaryList,
  Textarea,
  TextInput,
} from '../../../../shared/ui';
import {
  useItemTemplateAction,
  usePreview,
  useStaffIncidence,
  useTemplates,
  type TemplateKind,
  type TemplateValues,
} from '../../templates';
import { shortcutTarget, useDebounced } from '../../shared';
import { CannedPicker } from '../../templates';
import { ItemSection } from './item-sections';
import { TemplateDialog } from '../../templates';
import { TemplatePreview } from '../../templates';
import '../../templates/components/templates.css';

type Action = 'incidence' | 'email' | 'pdf';

const ENDPOINT = { incidence: 'incidence', email: 'template-emails', pdf: 'template-pdfs' } as const;
const TITLE = {
  incidence: 'templates.incidenceDialog',
  email: 'templates.emailDialog',
  pdf: 'templates.pdfDialog',
} as const;
const SUBMIT = {
  incidence: 'templates.raiseIncidence',
  email: 'templates.sendEmail',
  pdf: 'templates.generatePdf',
} as const;
const DONE = {
  incidence: 'templates.incidenceRaised',
  email: 'templates.emailSent',
  pdf: 'templates.pdfGenerated',
} as const;

/**
 * The item's incident (the incidence, its text, the customer's answers with files) and the template actions: raise an
 * incidence, send an e-mail from a template, generate a PDF from a template; each previews first in a dialog.
 */
export function TemplateActions({ item, onStale }: { item: BackofficeItem; onStale: () => void }) {
  const t = useT();
  const format = useFormat();
  const itemId = String(item.item_id);
  const incidence = useStaffIncidence(itemId);
  const [open, setOpen] = useState<Action | null>(null);
  const [done, setDone] = useState<Action | null>(null);
  const data = incidence.data;

  return (
    <ItemSection id="plantillas" title={t('templates.itemSection')}>
      {done ? <Alert tone="success">{t(DONE[done])}</Alert> : null}
      {data && data.incidence_id !== null ? (
        <>
          <h3>{t('templates.currentIncidence')}</h3>
          <SummaryList
            rows={[
              {
                key: 'incidence',
                label: t('templates.incidence'),
                value: `${data.incidence_id}${data.incidence_name ? ` · ${data.incidence_name}` : ''}`,
              },
              { key: 'text', label: t('templates.incidenceText'), value: data.text ?? '—' },
              {
                key: 'answered',
                label: t('templates.answeredFlag'),
                value: data.answered ? t('templates.answeredYes') : t('templates.answeredNo'),
              },
            ]}
          />
        </>
      ) : null}
      {data && data.answers.length > 0 ? (
        <>
          <h3>{t('templates.customerAnswers')}</h3>
          <ul className="incidence-answers">
            {data.answers.map((answer) => (
              <li key={answer.id}>
                <p className="incidence-answers__message">{answer.message || t('templates.noMessage')}</p>
                {answer.files.length > 0 ? (
                  <ul>
                    {answer.files.map((file) => (
                      <li key={file.id}>
                        <a href={`/api/backoffice/items/${item.item_id}/files/${file.id}`} download={file.filename}>
                          {file.filename}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <span className="secondary-text">{format.dateTime(answer.created_at)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ButtonGroup>
        {(['incidence', 'email', 'pdf'] as const).map((action) => (
          <Button
            key={action}
            type="button"
            variant={action === 'incidence' ? 'warning' : 'secondary'}
            onClick={() => {
              setDone(null);
              setOpen(action);
            }}
            {...(action === 'email' ? shortcutTarget('reply') : {})}
          >
            {t(TITLE[action])}
          </Button>
        ))}
      </ButtonGroup>
      {open ? (
        <TemplateActionDialog
          action={open}
          item={item}
          onClose={() => setOpen(null)}
          onDone={() => {
            setDone(open);
            setOpen(null);
          }}
          onStale={onStale}
        />
      ) : null}
    </ItemSection>
  );
}

function TemplateActionDialog({
  action,
  item,
  onClose,
  onDone,
  onStale,
}: {
  action: Action;
  item: BackofficeItem;
  onClose: () => void;
  onDone: () => void;
  onStale: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const kind: TemplateKind = action === 'incidence' ? 'incidence' : 'email';
  const templates = useTemplates(kind, language);
  const submit = useItemTemplateAction(String(item.item_id), ENDPOINT[action]);
  const [templateId, setTemplateId] = useState('');
  const [text, setText] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const typed = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(values)) if (value.trim()) out[name] = value;
    if (action === 'incidence' && text.trim()) out.motivo = text;
    return out as TemplateValues;
  }, [values, text, action]);
  const request = useDebounced(
    templateId ? { kind, template_id: Number(templateId), item_id: item.item_id, values: typed } : null,
  );
  const preview = usePreview(request);
  const missing = preview.data?.missing.filter((m) => !(action === 'incidence' && m.name === 'motivo')) ?? [];
  // Fields typed earlier stay while their placeholder is still used.
  const valueNames = Array.from(new Set([...missing.map((m) => m.name), ...Object.keys(values)]));
  const labelOf = (name: string) =>
    preview.data?.missing.find((m) => m.name === name)?.label ?? name.replace(/_/g, ' ');

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const byField: Record<string, string> = {};
    if (!templateId) byField.template = t('templates.chooseTemplate');
    if (action === 'incidence' && !text.trim()) byField.text = t('validation.enterValue');
    if (Object.keys(byField).length > 0) {
      setErrors({
        byField,
        summary: Object.entries(byField).map(([field, message]) => ({ href: `#tpl-${field}`, text: message })),
      });
      return;
    }
    setErrors(NO_ERRORS);
    const body =
      action === 'incidence'
        ? { incidence_id: Number(templateId), text: text.trim(), version: item.updated_at, values: typed }
        : { template_id: Number(templateId), version: item.updated_at, values: typed };
    submit.mutate(body, {
      onSuccess: onDone,
      onError: (error) => {
        if (isApiError(error, 409) || isApiError(error, 423)) onStale();
        const found = toFormErrors(error, 'tpl', ['template', 'text', 'values'], 'template', t);
        // Server names: incidence_id / template_id are the template select; values are the fields below.
        const byFieldOut: Record<string, string> = {};
        for (const [field, message] of Object.entries(found.byField)) {
          byFieldOut[field === 'incidence_id' || field === 'template_id' ? 'template' : field] = message;
        }
        const firstValue = valueNames[0] ? `#tpl-value-${valueNames[0]}` : '#tpl-template';
        setErrors({
          byField: byFieldOut,
          summary: found.summary.map((s) => (s.href === '#tpl-values' ? { ...s, href: firstValue } : s)),
        });
      },
    });
  }

  return (
    <TemplateDialog id={`tpl-${action}`} title={t(TITLE[action])} onClose={onClose}>
      <ErrorSummary errors={errors.summary} />
      <form noValidate onSubmit={send} className="template-action-form">
        <Select
          id="tpl-template"
          label={action === 'incidence' ? t('templates.incidence') : t('templates.template')}
          emptyLabel={t('templates.chooseTemplate')}
          items={(templates.data ?? []).map((tpl) => ({
            value: String(tpl.id),
            label: `${tpl.id} · ${tpl.name}${tpl.group ? ` (${tpl.group})` : ''}`,
          }))}
          value={templateId}
          error={errors.byField.template}
          onChange={(e) => setTemplateId(e.target.value)}
        />
        {action === 'incidence' ? (
          <CannedPicker
            id="tpl-canned"
            targetId="tpl-text"
            value={text}
            onChange={setText}
            fill={{ item_id: item.item_id }}
          />
        ) : null}
        {action === 'incidence' ? (
          <Textarea
            id="tpl-text"
            label={t('templates.incidenceText')}
            hint={t('templates.incidenceTextHint')}
            rows={4}
            value={text}
            error={errors.byField.text}
            onChange={(e) => setText(e.target.value)}
          />
        ) : null}
        {valueNames.length > 0 ? (
          <TemplateValueFields
            names={valueNames}
            labelOf={labelOf}
            values={values}
            error={errors.byField.values}
            itemId={item.item_id}
            onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
          />
        ) : null}
        {templateId ? (
          <TemplatePreview preview={preview.data} error={preview.error} pending={preview.isFetching} />
        ) : null}
        <Button pending={submit.isPending}>{t(SUBMIT[action])}</Button>
      </form>
    </TemplateDialog>
  );
}

/** The values a template still needs (its placeholders with no data), each typed by the agent. */
function TemplateValueFields({
  names,
  labelOf,
  values,
  error,
  itemId,
  onChange,
}: {
  names: string[];
  labelOf: (name: string) => string;
  values: Record<string, string>;
  error: string | undefined;
  itemId: number;
  onChange: (name: string, value: string) => void;
}) {
  const t = useT();
  return (
    <fieldset className="fieldset template-values">
      <legend className="fieldset__legend">{t('templates.missingValues')}</legend>
      {error ? <p className="error-message">{error}</p> : null}
      {names.map((name) =>
        // The free text of an e-mail ({{motivo}}): written by hand or from a canned response.
        name === 'motivo' ? (
          <div key={name}>
            <CannedPicker
              id="tpl-canned"
              targetId={`tpl-value-${name}`}
              value={values[name] ?? ''}
              onChange={(next) => onChange(name, next)}
              fill={{ item_id: itemId }}
            />
            <Textarea
              id={`tpl-value-${name}`}
              label={labelOf(name)}
              rows={4}
              value={values[name] ?? ''}
              onChange={(e) => onChange(name, e.target.value)}
            />
          </div>
        ) : (
          <TextInput
            key={name}
            id={`tpl-value-${name}`}
            label={labelOf(name)}
            value={values[name] ?? ''}
            onChange={(e) => onChange(name, e.target.value)}
          />
        ),
      )}
    </fieldset>
  );
}
