import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../i18n';
import { describedBy, Field, type FieldBaseProps } from './field';
import './combobox.css';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line (the province of a municipality, a supplement). */
  description?: string | undefined;
}

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

/** Lower case without accents, for comparing typed text with labels ("avila" = "Ávila"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
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
 * Leaving the input with a text that is exactly one option's label chooses it.
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
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const showMessage = open && !disabledReason && text.trim() !== '';
  const expanded = showMessage && options.length > 0;
  const noResults = options.length === 0 && !loading;
  const optionId = (i: number) => `${id}-option-${i}`;

  // Announce results once a search settles (not on every keystroke while it runs).
  useEffect(() => {
    if (!open || loading || text.trim() === '' || disabledReason) return;
    const timer = window.setTimeout(() => {
      if (options.length === 0) setAnnouncement(t('combobox.noResults', { text: text.trim() }));
      else {
        const count = options.length === 1 ? t('combobox.oneResult') : t('combobox.results', { count: options.length });
        setAnnouncement(more ? `${count} ${t('combobox.more')}` : count);
      }
    }, 400);
    return () => window.clearTimeout(timer);
  }, [open, loading, options, more, text, disabledReason, t]);

  useEffect(() => {
    if (active >= options.length) setActive(options.length - 1);
  }, [options.length, active]);

  // Keep the active option in view when moving with the keyboard.
  useEffect(() => {
    if (active < 0) return;
    const el = listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(optionId(active))}`);
    el?.scrollIntoView?.({ block: 'nearest' });
  });

  function choose(option: ComboboxOption) {
    onSelect(option);
    onTextChange(option.label);
    setOpen(false);
    setActive(-1);
    setAnnouncement(t('combobox.selected', { label: option.label }));
  }

  function typed(value: string) {
    onTextChange(value);
    if (selected && value !== selected.label) onSelect(null);
    setOpen(true);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (disabledReason) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter':
        // With an option active, Enter chooses it instead of sending the form.
        if (expanded && active >= 0 && options[active]) {
          event.preventDefault();
          choose(options[active]);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          event.preventDefault();
          typed('');
        }
        break;
      default:
        break;
    }
  }

  function onBlur() {
    setOpen(false);
    setActive(-1);
    if (selected || text.trim() === '') return;
    const exact = options.filter((o) => foldText(o.label) === foldText(text));
    if (exact.length === 1) choose(exact[0]!);
  }

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
