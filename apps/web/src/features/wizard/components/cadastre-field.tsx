import { useId, useRef, useState } from 'react';
import { cadastreAnswers, cadastreTargets, parseRefcatQuery, streetAndNumber } from '@ventanilla/domain';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import type { ProductOption } from '../../../shared/lib/api-contract';
import { Button, SummaryList, TextInput, VisuallyHidden, type SummaryRow } from '../../../shared/ui';
import { useCadastreByAddress, useCadastreLookup, type CadastreAnswer } from '../api/cadastre-lookup';
import { fieldLabelling, type QuestionProps } from './question-props';
import './cadastre-field.css';

type Property = Omit<CadastreAnswer, 'source' | 'units'>;

interface CadastreFieldProps extends QuestionProps {
  /** The product's questions: the lookup fills the province, municipality and address ones. */
  options: ProductOption[];
  /** Every current answer (the address ones, for "Buscar por dirección"). */
  answers: Readonly<Record<string, string | undefined>>;
  /** Sets other questions' answers (option id -> answer); the wizard keeps only those it asks. */
  onFill: (answers: Record<string, string>) => void;
  /** The questions the wizard asks with the current answers: a hidden one is neither filled nor needed. */
  visible: ReadonlySet<number>;
}

/**
 * A cadastral reference question with a "Buscar" action (docs/integrations.md, "Cadastre"): the reference is looked
 * up and the form's province, municipality and address answers are filled from it; "Registro no encontrado" when
 * nothing matches. "Buscar por dirección" lists the references at the address already answered. Results are
 * announced in a polite status region, problems in an alert.
 */
export function CadastreField(props: CadastreFieldProps) {
  const { option, value, onChange, options, answers, onFill, visible } = props;
  const t = useT();
  const regionId = useId();
  const inputRef = useRef<HTMLDivElement>(null);
  const lookup = useCadastreLookup();
  const byAddress = useCadastreByAddress();
  const [found, setFound] = useState<{ property: Property; filled: SummaryRow[] } | null>(null);
  const [choices, setChoices] = useState<{ address: string; items: Property[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = lookup.isPending || byAddress.isPending;

  const targets = cadastreTargets(options.filter((o) => visible.has(o.option_id)));

  function reset() {
    setProblem(null);
    setFound(null);
    setChoices(null);
  }

  function failed(error: unknown) {
    setProblem(isApiError(error, 404) ? t('cadastre.notFound') : errorText(error, t));
  }

  /** Fills the visible target questions from a property and says what was filled. */
  function use(property: Property) {
    onChange(property.refcat);
    const filled = cadastreAnswers(
      options.filter((o) => visible.has(o.option_id)),
      property,
    );
    onFill(filled);
    const rows: SummaryRow[] = Object.entries(filled).map(([id, answer]) => {
      const question = options.find((o) => String(o.option_id) === id);
      const shown =
        question === targets.province
          ? (question?.opt_values.find((v) => String(v.id) === answer)?.name ?? answer)
          : question === targets.municipality
            ? property.municipality
            : answer;
      return { key: id, label: question?.title ?? id, value: shown };
    });
    setFound({ property, filled: rows });
  }

  // Not disabled while searching: a disabled button drops the keyboard focus to the page. A second press waits.
  function search() {
    if (pending) return;
    reset();
    const query = parseRefcatQuery(value);
    if (!query.ok) {
      setProblem(query.reason === 'empty' ? t('cadastre.empty') : t('cadastre.invalid'));
      return;
    }
    lookup.mutate(query.refcat, {
      onSuccess: (answer) => use(answer),
      onError: failed,
    });
  }

  function searchByAddress() {
    if (pending) return;
    reset();
    const province = targets.province
      ? targets.province.opt_values.find((v) => String(v.id) === answers[String(targets.province!.option_id)])?.code
      : undefined;
    const municipality = targets.municipality ? answers[String(targets.municipality.option_id)] : undefined;
    const address = targets.address ? answers[String(targets.address.option_id)] : undefined;
    if (!province || !municipality || !address) {
      setProblem(t('cadastre.addressFirst'));
      return;
    }
    const { street, number } = streetAndNumber(address);
    byAddress.mutate(
      { province, municipality, street, number },
      {
        onSuccess: (list) => {
          setChoices({ address, items: list.items });
        },
        onError: failed,
      },
    );
  }

  function choose(property: Property) {
    setChoices(null);
    use(property);
    // Back to the reference, now filled in, so the person reads on from there.
    inputRef.current?.querySelector('input')?.focus();
  }

  return (
    <div className="cadastre-field">
      <div ref={inputRef}>
        <TextInput
          {...fieldLabelling(props)}
          value={value}
          maxLength={option.max_length ?? 40}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          onChange={(e) => {
            onChange(e.target.value);
            if (found || problem) reset();
          }}
        />
      </div>
      <div className="button-group cadastre-field__actions">
        <Button
          type="button"
          variant="secondary"
          onClick={search}
          aria-busy={lookup.isPending || undefined}
          aria-controls={regionId}
        >
          {t('cadastre.search')}
          <VisuallyHidden> {t('cadastre.searchHidden')}</VisuallyHidden>
        </Button>
        {targets.address && targets.municipality ? (
          <Button
            type="button"
            variant="secondary"
            onClick={searchByAddress}
            aria-busy={byAddress.isPending || undefined}
            aria-controls={regionId}
          >
            {t('cadastre.searchByAddress')}
          </Button>
        ) : null}
      </div>
      <div id={regionId} className="cadastre-field__result">
        <p role="status" className={found || choices || pending ? 'cadastre-field__status' : 'visually-hidden'}>
          {found
            ? t('cadastre.found', {
                refcat: found.property.refcat,
                address: found.property.address,
                place: placeOf(found.property),
              })
            : choices
              ? choices.items.length === 1
                ? t('cadastre.oneAtAddress', { address: choices.address })
                : t('cadastre.atAddress', { count: choices.items.length, address: choices.address })
              : pending
                ? t('cadastre.searching')
                : ''}
          {found && found.filled.length > 0 ? (
            <VisuallyHidden>
              {' '}
              {t('cadastre.filled')} {found.filled.map((r) => `${String(r.label)}: ${String(r.value)}`).join('; ')}.
            </VisuallyHidden>
          ) : null}
        </p>
        {problem ? (
          <p role="alert" className="error-message cadastre-field__problem">
            {problem}
          </p>
        ) : null}
        {found && found.filled.length > 0 ? (
          <>
            <p aria-hidden="true">{t('cadastre.filled')}</p>
            <SummaryList rows={found.filled} />
          </>
        ) : null}
        {choices ? (
          <ul className="cadastre-field__choices">
            {choices.items.map((item) => (
              <li key={item.refcat}>
                <Button type="button" variant="secondary" onClick={() => choose(item)}>
                  {t('cadastre.use')}
                  <VisuallyHidden> {item.refcat}</VisuallyHidden>
                </Button>{' '}
                <span className="cadastre-field__ref">{item.refcat}</span> — {item.address}
                {item.use ? ` (${item.use})` : ''}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** "Madrid (Madrid)", or the municipality alone when it names its province. */
function placeOf(property: Property): string {
  return property.municipality === property.province
    ? property.municipality
    : `${property.municipality} (${property.province})`;
}
