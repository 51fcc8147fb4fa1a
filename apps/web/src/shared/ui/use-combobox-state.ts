import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line (the province of a municipality, a supplement). */
  description?: string | undefined;
}

/** Lower case without accents, for comparing typed text with labels ("avila" = "Ávila"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

interface ComboboxStateInput {
  id: string;
  selected: ComboboxOption | null;
  text: string;
  onTextChange: (text: string) => void;
  onSelect: (option: ComboboxOption | null) => void;
  options: ComboboxOption[];
  loading: boolean;
  more: boolean;
  disabledReason: string | undefined;
}

/**
 * The combobox's behaviour (combobox.tsx is its view): whether the list is open, the active option moved by the
 * arrow keys, choosing (Enter, a click, or leaving with one option's exact label), Escape, and what the live region
 * announces once a search settles.
 */
export function useComboboxState({
  id,
  selected,
  text,
  onTextChange,
  onSelect,
  options,
  loading,
  more,
  disabledReason,
}: ComboboxStateInput) {
  const t = useT();
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

  return {
    open,
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
  };
}
