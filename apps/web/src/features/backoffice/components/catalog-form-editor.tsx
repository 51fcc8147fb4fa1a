import { useState, type FormEvent } from 'react';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError, type ApiError } from '../../../shared/lib/api-client';
import type { CatalogProblem } from '../../../shared/lib/api-contract';
import { Button, ErrorSummary, LinkButton, Textarea, type ErrorSummaryItem } from '../../../shared/ui';
import { useSaveProductForm, type CatalogProductDetail } from '../api/catalog-admin';
import { locateProblem, parseJson } from '../lib/catalog-edit';
import { StaleProductAlert } from './stale-product-alert';
import './catalog-admin.css';

const TEXTAREA_ID = 'catalog-form-json';

interface CatalogFormEditorProps {
  product: CatalogProductDetail & { form: Record<string, unknown> };
  onReload: () => void;
  onErrorsChange: (hasErrors: boolean) => void;
  onSaved: () => void;
}

/** Focuses the JSON and selects a range in it, scrolled into view (the textarea scrolls by itself only when typing). */
function selectRange(range: { start: number; end: number } | null) {
  const textarea = document.getElementById(TEXTAREA_ID);
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
  const [text, setText] = useState(() => JSON.stringify(product.form, null, 2));
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
    save.mutate(
      { version: product.version, form: parsed.value },
      {
        onSuccess: () => {
          report({});
          onSaved();
        },
        onError: (error) => {
          const apiError = isApiError(error) ? error : null;
          report({ problems: apiError?.problems ?? [], failure: apiError });
        },
      },
    );
  }

  const stale = failure !== null && isApiError(failure, 409);
  const summary: ErrorSummaryItem[] = syntax
    ? [{ href: `#${TEXTAREA_ID}`, text: syntax.message }]
    : problems.map((p) => ({ href: `#${TEXTAREA_ID}`, text: p.message }));
  if (failure && !stale && problems.length === 0)
    summary.push({ href: `#${TEXTAREA_ID}`, text: errorText(failure, t) });
  const inline =
    syntax?.message ??
    (problems.length === 1 ? problems[0]!.message : problems.length > 1 ? t('catalogAdmin.problemsTitle') : undefined);

  return (
    <>
      <ErrorSummary errors={summary} />
      <StaleProductAlert failure={failure} onReload={onReload} />
      {syntax?.offset !== null && syntax?.offset !== undefined ? (
        <p>
          <LinkButton onClick={() => selectRange({ start: syntax.offset!, end: syntax.offset! + 1 })}>
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
                  <LinkButton onClick={() => selectRange(locateProblem(text, p))}>
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
          id={TEXTAREA_ID}
          label={t('catalogAdmin.formJson')}
          hint={t('catalogAdmin.formJsonHint', { urlKey: product.url_key })}
          rows={30}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={inline}
        />
        <Button pending={save.isPending}>{t('catalogAdmin.saveForm')}</Button>
      </form>
    </>
  );
}
