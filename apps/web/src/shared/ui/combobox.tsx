import { useId, type ReactNode } from 'react';
import { useT } from '../i18n';
import { describedBy, Field, type FieldBaseProps } from './field';
import { useComboboxState, type ComboboxOption } from './use-combobox-state';
import './combobox.css';

export interface ComboboxProps extends FieldBaseProps {
  /** The chosen option, or null while nothing is chosen. */
  selected: ComboboxOption | null;
  /** What the input shows; the parent keeps it so a search can follow it. */
  text: string;
  onTextChange: (text: string) => void;
  /** A choice (null: the typed text no longer names the chosen option). */
  onSelect: (option: ComboboxOption | null) => void;
  /** The options matching the text (already searched by the caller). */
  options: ComboboxOption[];
  /** The search behind `options` is still running. */
  loading?: boolean;
  /** More options match than are listed. */
  more?: boolean;
  /** Shown instead of the list when the input cannot be used yet (choose the province first). */
  disabledReason?: string | undefined;
  placeholder?: string | undefined;
  autoComplete?: string;
}

/** A hint followed by another sentence ends in a full stop ("Por ejemplo, Alcalá de Henares. Elige antes…"). */
function sentence(hint: ReactNode): ReactNode {
  if (typeof hint !== 'string') return hint;
  const text = hint.trimEnd();
  return /[.!?…:;]$/.test(text) ? text : `${text}.`;
}

/**
 * An editable combobox with a list popup (WAI-ARIA 1.2 pattern): the user types, the options follow; arrow keys move
 * the active option (aria-activedescendant, focus stays in the input), Enter chooses, Escape closes the list (a second
 * Escape clears the text). The number of results, "no results" and the choice are announced in a polite live region.
 * Leaving the input with a text that is exactly one option's label chooses it. The behaviour is the hook's
 * (use-combobox-state.ts); this is its view.
 */
export function Combobox({
  id,
  label,
  hint,
  error,
  optional,
  labelAsHeading,
  selected,
  text,
  onTextChange,
  onSelect,
  options,
  loading = false,
  more = false,
  disabledReason,
  placeholder,
  autoComplete = 'off',
}: ComboboxProps) {
  const t = useT();
  const listId = `${id}-listbox`;
  const statusId = useId();
  const {
    setOpen,
    active,
    setActive,
    announcement,
    listRef,
    showMessage,
    expanded,
    noResults,
    optionId,
    choose,
    typed,
    onKeyDown,
    onBlur,
  } = useComboboxState({ id, selected, text, onTextChange, onSelect, options, loading, more, disabledReason });

  const hintText: ReactNode = [hint, disabledReason].filter(Boolean).length ? (
    <>
      {hint && disabledReason ? sentence(hint) : hint}
      {hint && disabledReason ? ' ' : null}
      {disabledReason}
    </>
  ) : undefined;

  return (
    <Field id={id} label={label} hint={hintText} error={error} optional={optional} labelAsHeading={labelAsHeading}>
      <div className="combobox">
        <input
          id={id}
          name={id}
          type="text"
          role="combobox"
          className={['input', 'combobox__input', error ? 'input--error' : null].filter(Boolean).join(' ')}
          value={text}
          placeholder={placeholder}
          autoComplete={autoComplete}
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={[describedBy(id, hintText, error), `${id}-instructions`].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-disabled={disabledReason ? true : undefined}
          readOnly={!!disabledReason}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => text.trim() !== '' && !selected && setOpen(true)}
          onBlur={onBlur}
        />
        <span id={`${id}-instructions`} className="visually-hidden">
          {t('combobox.instructions')}
        </span>
        <ul
          id={listId}
          role="listbox"
          ref={listRef}
          className="combobox__listbox"
          hidden={!expanded}
          // Not the field's own name: "Municipio" names the input, "Municipio: resultados" its list.
          aria-label={typeof label === 'string' ? t('combobox.listLabel', { label }) : undefined}
        >
          {expanded
            ? options.map((option, i) => (
                <li
                  key={option.value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'combobox__option combobox__option--active' : 'combobox__option'}
                  // Keep the focus in the input: the click chooses.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                  onMouseMove={() => setActive(i)}
                >
                  <span className="combobox__label">{option.label}</span>
                  {option.description ? <span className="combobox__description">{option.description}</span> : null}
                </li>
              ))
            : null}
        </ul>
        {/* Outside the listbox (it holds options only): no results, or more than listed. */}
        {showMessage && noResults ? (
          <p className="combobox__message">{t('combobox.noResults', { text: text.trim() })}</p>
        ) : null}
        {expanded && more ? <p className="combobox__message">{t('combobox.more')}</p> : null}
        <div id={statusId} role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
          {expanded && loading ? t('combobox.loading') : announcement}
        </div>
      </div>
    </Field>
  );
}
