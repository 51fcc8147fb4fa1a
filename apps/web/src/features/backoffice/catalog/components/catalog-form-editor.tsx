import { useState, type FormEvent } from 'react';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { isApiError, type ApiError } from '../../../../shared/lib/api-client';
import type { CatalogProblem } from '../../../../shared/lib/api-contract';
import { Button, ErrorSummary, LinkButton, Textarea, type ErrorSummaryItem } from '../../../../shared/ui';
import { useSaveProductForm, type CatalogProductDetail } from '../api/catalog-admin';
import { locateProblem, parseJson } from '../lib/catalog-edit';
import { StaleProductAlert } from './stale-product-alert';
import './catalog-admin.css';

interface CatalogFormEditorProps {
  product: CatalogProductDetail & { form: Record<string, unknown> };
  onReload: () => void;
  onErrorsChange: (hasErrors: boolean) => void;
  onSaved: () => void;
}

/** What a JSON editor of the catalogue saves, and how (the form, or the texts in other languages). */
export interface CatalogJsonEditorProps {
  textareaId: string;
  initial: unknown;
  label: string;
  hint: string;
  saveLabel: string;
  pending: boolean;
  save: (
    value: Record<string, unknown>,
    handlers: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
  onReload: () => void;
  onErrorsChange: (hasErrors: boolean) => void;
  onSaved: () => void;
}

/** Focuses the JSON and selects a range in it, scrolled into view (the textarea scrolls by itself only when typing). */
function selectRange(textareaId: string, range: { start: number; end: number } | null) {
  const textarea = document.getElementById(textareaId);
  if (!(textarea instanceof HTMLTextAreaElement)) return;
  textarea.focus();
  if (!range) return;
  textarea.setSelectionRange(range.start, range.end);
  const line = textarea.value.slice(0, range.start).split('\n').length;
  const lineHeight = Number.parseFloat(getComputedStyle(textarea).lineHeight) || 20;
  textarea.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

/**
 * The product's question form as JSON (the format of catalog/forms/*.json). A JSON syntax error is caught here; the
 * schema and the catalogue linter run on the server, whose problems are listed, each with a link to its place.
 */
export function CatalogFormEditor({ product, onReload, onErrorsChange, onSaved }: CatalogFormEditorProps) {
  const t = useT();
  const save = useSaveProductForm(String(product.product_id));
  return (
    <CatalogJsonEditor
      textareaId="catalog-form-json"
      initial={product.form}
      label={t('catalogAdmin.formJson')}
      hint={t('catalogAdmin.formJsonHint', { urlKey: product.url_key })}
      saveLabel={t('catalogAdmin.saveForm')}
      pending={save.isPending}
      save={(form, handlers) => save.mutate({ version: product.version, form }, handlers)}
      onReload={onReload}
      onErrorsChange={onErrorsChange}
      onSaved={onSaved}
    />
  );
}

/**
 * A catalogue JSON document in a textarea: a JSON syntax error is caught here; the schema and the catalogue linter
 * run on the server, whose problems are listed, each with a link to its place when it can be found.
 */
export function CatalogJsonEditor(props: CatalogJsonEditorProps) {
  const { textareaId, onReload, onErrorsChange, onSaved } = props;
  const t = useT();
  const [text, setText] = useState(() => JSON.stringify(props.initial, null, 2));
  const [syntax, setSyntax] = useState<{ message: string; offset: number | null } | null>(null);
  const [problems, setProblems] = useState<CatalogProblem[]>([]);
  const [failure, setFailure] = useState<ApiError | null>(null);

  function report(next: { syntax?: typeof syntax; problems?: CatalogProblem[]; failure?: ApiError | null }) {
    setSyntax(next.syntax ?? null);
    setProblems(next.problems ?? []);
    setFailure(next.failure ?? null);
    onErrorsChange(Boolean(next.syntax) || (next.problems?.length ?? 0) > 0 || Boolean(next.failure));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseJson(text);
    if (!parsed.ok) {
      report({
        syntax: { message: t('catalogAdmin.jsonInvalid', { message: parsed.message }), offset: parsed.offset },
      });
      return;
    }
    if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
      report({ syntax: { message: t('catalogAdmin.jsonNotObject'), offset: null } });
      return;
    }
    report({});
    props.save(parsed.value as Record<string, unknown>, {
      onSuccess: () => {
        report({});
        onSaved();
      },
      onError: (error) => {
        const apiError = isApiError(error) ? error : null;
        report({ problems: apiError?.problems ?? [], failure: apiError });
      },
    });
  }

  const stale = failure !== null && isApiError(failure, 409);
  const summary: ErrorSummaryItem[] = syntax
    ? [{ href: `#${textareaId}`, text: syntax.message }]
    : problems.map((p) => ({ href: `#${textareaId}`, text: p.message }));
  if (failure && !stale && problems.length === 0) summary.push({ href: `#${textareaId}`, text: errorText(failure, t) });
  const inline =
    syntax?.message ??
    (problems.length === 1 ? problems[0]!.message : problems.length > 1 ? t('catalogAdmin.problemsTitle') : undefined);

  return (
    <>
      <ErrorSummary errors={summary} />
      <StaleProductAlert failure={failure} onReload={onReload} />
      {syntax?.offset !== null && syntax?.offset !== undefined ? (
        <p>
          <LinkButton onClick={() => selectRange(textareaId, { start: syntax.offset!, end: syntax.offset! + 1 })}>
            {t('catalogAdmin.goToProblem')}
          </LinkButton>
        </p>
      ) : null}
      {problems.length > 0 ? (
        <section aria-labelledby="catalog-problems-title">
          <h2 id="catalog-problems-title">{t('catalogAdmin.problemsTitle')}</h2>
          <ol className="problem-list">
            {problems.map((p, index) => (
              <li key={`${index}-${p.message}`}>
                <p>{p.message}</p>
                {locateProblem(text, p) ? (
                  <LinkButton onClick={() => selectRange(textareaId, locateProblem(text, p))}>
                    {t('catalogAdmin.goToProblem')}
                    <span className="visually-hidden">: {p.message}</span>
                  </LinkButton>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Textarea
          id={textareaId}
          label={props.label}
          hint={props.hint}
          rows={30}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={inline}
        />
        <Button pending={props.pending}>{props.saveLabel}</Button>
      </form>
    </>
  );
}
