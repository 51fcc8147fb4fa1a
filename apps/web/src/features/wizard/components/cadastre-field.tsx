import { useId } from 'react';
import { useT } from '../../../shared/i18n';
import type { ProductOption } from '../../../shared/lib/api-contract';
import { Button, SummaryList, TextInput, VisuallyHidden } from '../../../shared/ui';
import { fieldLabelling, type QuestionProps } from './question-props';
import { useCadastreSearch, type Property } from './use-cadastre-search';
import './cadastre-field.css';

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
 * announced in a polite status region, problems in an alert. The searches are the hook's (use-cadastre-search.ts).
 */
export function CadastreField(props: CadastreFieldProps) {
  const { option, value, onChange, options, answers, onFill, visible } = props;
  const t = useT();
  const regionId = useId();
  const {
    inputRef,
    targets,
    found,
    choices,
    problem,
    pending,
    lookup,
    byAddress,
    reset,
    search,
    searchByAddress,
    choose,
  } = useCadastreSearch({ value, onChange, options, answers, onFill, visible });

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
