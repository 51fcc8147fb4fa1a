import { useCallback, useEffect, useRef, useState } from 'react';
import { tabTitle, type TabKey } from '@ventanilla/domain';
import { useLanguage, useT, type MessageKey } from '../../../../shared/i18n';
import { Button, Checkbox } from '../../../../shared/ui';
import {
  AGENT_SHORTCUTS,
  runShortcut,
  shortcutFor,
  shortcutTargetElement,
  singleKeysEnabled,
  SINGLE_KEYS_STORAGE,
  type ShortcutId,
} from '../../shared';

const LABEL: Record<ShortcutId, MessageKey> = {
  nextTab: 'shortcuts.nextTab',
  previousTab: 'shortcuts.previousTab',
  closeTab: 'shortcuts.closeTab',
  focusNote: 'shortcuts.focusNote',
  saveNote: 'shortcuts.saveNote',
  pin: 'shortcuts.pin',
  status: 'shortcuts.status',
  finishNext: 'shortcuts.finishNext',
  reply: 'shortcuts.reply',
  search: 'shortcuts.search',
  help: 'shortcuts.help',
};

const DONE: Partial<Record<ShortcutId, MessageKey>> = {
  focusNote: 'shortcuts.done.focusNote',
  saveNote: 'shortcuts.done.saveNote',
  pin: 'shortcuts.done.pin',
  status: 'shortcuts.done.status',
  finishNext: 'shortcuts.done.finishNext',
  reply: 'shortcuts.done.reply',
  search: 'shortcuts.done.search',
  help: 'shortcuts.done.help',
  closeTab: 'shortcuts.done.closeTab',
};

/** The keys as the agent reads them ("Ctrl+Intro", "Alt+Mayús+→"). */
function keysText(keys: string, t: ReturnType<typeof useT>): string {
  return keys
    .split('+')
    .map((part) =>
      part === 'Control'
        ? t('shortcuts.key.ctrl')
        : part === 'Shift'
          ? t('shortcuts.key.shift')
          : part === 'Enter'
            ? t('shortcuts.key.enter')
            : part === 'ArrowRight'
              ? '→'
              : part === 'ArrowLeft'
                ? '←'
                : part,
    )
    .join('+');
}

export interface AgentShortcutsOptions {
  tabs: readonly TabKey[];
  currentKey: TabKey | null;
  goToTab: (key: TabKey) => void;
  closeTab: (key: TabKey) => void;
  isClosable: (key: TabKey) => boolean;
}

/**
 * The agent's shortcuts (agent-shortcuts.ts has the map): listens on the window, acts on the marked control of the
 * shown screen and says what happened in a live region. Returns what the workspace renders: the live message and the
 * `?` dialog's state.
 */
export function useAgentShortcuts({ tabs, currentKey, goToTab, closeTab, isClosable }: AgentShortcutsOptions) {
  const t = useT();
  const language = useLanguage();
  const [announcement, setAnnouncement] = useState('');
  const [helpOpen, setHelpOpen] = useState(false);
  const [singleKeys, setSingleKeysState] = useState(() =>
    singleKeysEnabled(typeof window === 'undefined' ? undefined : window.localStorage),
  );
  const options = useRef({ tabs, currentKey, goToTab, closeTab, isClosable, singleKeys, helpOpen });
  options.current = { tabs, currentKey, goToTab, closeTab, isClosable, singleKeys, helpOpen };

  const announce = useCallback((text: string) => {
    // The same words twice in a row are still read: clear first, then say them.
    setAnnouncement('');
    window.setTimeout(() => setAnnouncement(text), 50);
  }, []);

  const setSingleKeys = useCallback((on: boolean) => {
    setSingleKeysState(on);
    try {
      window.localStorage.setItem(SINGLE_KEYS_STORAGE, on ? 'on' : 'off');
    } catch {
      // Private mode: the choice lasts until the page is left.
    }
  }, []);

  useEffect(() => {
    function act(id: ShortcutId): boolean {
      const { tabs: open, currentKey: current } = options.current;
      if (id === 'help') {
        setHelpOpen(true);
        return true;
      }
      if (id === 'nextTab' || id === 'previousTab') {
        const index = current ? open.indexOf(current) : -1;
        if (index < 0 || open.length === 0) return false;
        const step = id === 'nextTab' ? 1 : -1;
        const target = open[(index + step + open.length) % open.length];
        if (!target) return false;
        options.current.goToTab(target);
        announce(t('shortcuts.done.tab', { title: tabTitle(target, language) }));
        return true;
      }
      if (id === 'closeTab') {
        if (!current || !options.current.isClosable(current)) return false;
        options.current.closeTab(current);
        announce(t('shortcuts.done.closeTab'));
        return true;
      }
      if (id === 'search') {
        if (current !== 'search') options.current.goToTab('search');
        // The search screen may still be on its way, and its heading takes the focus when it arrives: focus its
        // first field, and again until the focus has stayed there for three checks in a row (at most a second).
        let tries = 0;
        let held = 0;
        const focusSearch = () => {
          const field = shortcutTargetElement('search');
          if (field && document.activeElement === field) held += 1;
          else {
            held = 0;
            field?.focus();
          }
          if (held < 3 && tries++ < 20) window.setTimeout(focusSearch, 50);
        };
        focusSearch();
        announce(t('shortcuts.done.search'));
        return true;
      }
      const outcome = runShortcut(id);
      if (!outcome.done) {
        announce(
          outcome.reason
            ? t('shortcuts.locked', { reason: outcome.reason })
            : t('shortcuts.unavailable', { action: t(LABEL[id]) }),
        );
        return true;
      }
      const done = DONE[id];
      if (done) announce(t(done));
      return true;
    }

    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || options.current.helpOpen) return;
      // Inside another dialog (an action's), only that dialog's keys count.
      if (event.target instanceof Element && event.target.closest('dialog[open]')) return;
      const id = shortcutFor(event, event.target, { singleKeys: options.current.singleKeys });
      if (!id) return;
      // Ctrl+Enter saves the note only from the note's own field (or outside any field).
      if (id === 'saveNote' && event.target instanceof HTMLElement) {
        const typing = event.target.closest('input, textarea, select, [contenteditable="true"]');
        if (typing && typing.getAttribute('data-shortcut') !== 'focusNote') return;
      }
      if (act(id)) event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [announce, language, t]);

  return {
    announcement,
    helpOpen,
    openHelp: () => setHelpOpen(true),
    closeHelp: () => setHelpOpen(false),
    singleKeys,
    setSingleKeys,
  };
}

/** The `?` dialog: every shortcut and its keys, and the switch for single-key shortcuts (WCAG 2.1.4). */
export function ShortcutsDialog({
  onClose,
  singleKeys,
  onSingleKeys,
}: {
  onClose: () => void;
  singleKeys: boolean;
  onSingleKeys: (on: boolean) => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      dialog.querySelector<HTMLElement>('button')?.focus();
    }
    return () => opener?.focus();
  }, []);

  return (
    <dialog
      ref={ref}
      className="shortcuts-dialog"
      id="shortcuts-dialog"
      aria-labelledby="shortcuts-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="shortcuts-dialog-title">{t('shortcuts.title')}</h2>
      <p>{t('shortcuts.intro')}</p>
      <table className="shortcuts-table">
        <caption className="visually-hidden">{t('shortcuts.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('shortcuts.colKeys')}</th>
            <th scope="col">{t('shortcuts.colAction')}</th>
          </tr>
        </thead>
        <tbody>
          {AGENT_SHORTCUTS.map((s) => (
            <tr key={s.id} className={s.singleKey && !singleKeys ? 'shortcuts-table__off' : undefined}>
              <td>
                <kbd>{keysText(s.keys, t)}</kbd>
              </td>
              <td>
                {t(LABEL[s.id])}
                {s.singleKey && !singleKeys ? ` (${t('shortcuts.off')})` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Checkbox
        id="shortcuts-single-keys"
        label={t('shortcuts.singleKeys')}
        hint={t('shortcuts.singleKeysHint')}
        checked={singleKeys}
        onChange={(event) => onSingleKeys(event.target.checked)}
      />
      <div className="button-group">
        <Button type="button" onClick={onClose}>
          {t('shortcuts.close')}
        </Button>
      </div>
    </dialog>
  );
}
