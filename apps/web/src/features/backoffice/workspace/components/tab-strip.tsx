import { useRef, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../../shared/ui';
import { FIXED_TAB_KEYS, isClosable, tabEnding, tabTitle, type TabKey } from '@ventanilla/domain';
import { useLanguage, useT } from '../../../../shared/i18n';

/**
 * The tab strip, following the ARIA tabs pattern: one tab stop for the list (the active tab), arrow keys, Home and End
 * move between tabs and open them, Delete closes the focused one. Each closable tab has its close button next to it;
 * the buttons sit outside the tablist (a tablist may only hold tabs) and a CSS subgrid places each beside its tab.
 */
export function TabStrip({
  tabs,
  activeKey,
  hrefOf,
  onClose,
  onShortcuts,
}: {
  tabs: readonly TabKey[];
  activeKey: TabKey | null;
  hrefOf: (key: TabKey) => string;
  onClose: (key: TabKey) => void;
  /** Opens the `?` dialog of shortcuts. */
  onShortcuts: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const refs = useRef(new Map<TabKey, HTMLAnchorElement>());
  const focusable = activeKey ?? tabs[0];
  // Every fixed tab of the registry that is not open can be opened from here (order tabs open from the search).
  const closedFixed = FIXED_TAB_KEYS.filter((key) => !tabs.includes(key));

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const key = tabs[index];
    if (!key) return;
    if (event.key === 'Delete') {
      event.preventDefault();
      if (isClosable(key)) onClose(key);
      return;
    }
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const targetKey = tabs[target];
    if (!targetKey) return;
    void navigate(hrefOf(targetKey));
    refs.current.get(targetKey)?.focus();
  }

  return (
    <div className="ws-strip">
      <div
        className="ws-strip__grid"
        style={{ gridTemplateColumns: `repeat(${tabs.length}, max-content max-content)` }}
      >
        <div role="tablist" aria-label={t('workspace.tablist')} className="ws-tablist">
          {tabs.map((key, index) => {
            const selected = key === activeKey;
            return (
              <Link
                key={key}
                ref={(element) => {
                  if (element) refs.current.set(key, element);
                  else refs.current.delete(key);
                }}
                to={hrefOf(key)}
                role="tab"
                id={`ws-tab-${tabEnding(key)}`}
                className={['ws-tab', selected ? 'ws-tab--active' : '', isClosable(key) ? '' : 'ws-tab--fixed']
                  .join(' ')
                  .trim()}
                aria-selected={selected}
                aria-controls={selected ? 'ws-panel' : undefined}
                aria-keyshortcuts={isClosable(key) ? 'Delete Alt+Shift+W' : undefined}
                tabIndex={key === focusable ? 0 : -1}
                style={{ gridColumn: index * 2 + 1 }}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {tabTitle(key, language)}
              </Link>
            );
          })}
        </div>
        <div className="ws-closers">
          {tabs.map((key, index) =>
            isClosable(key) ? (
              <button
                key={key}
                type="button"
                className={key === activeKey ? 'ws-close ws-close--active' : 'ws-close'}
                aria-label={t('workspace.closeTab', { title: tabTitle(key, language) })}
                title={t('workspace.closeTab', { title: tabTitle(key, language) })}
                // Only the active tab's button is a tab stop: Tab goes from the strip to it, then to the screen.
                tabIndex={key === activeKey ? 0 : -1}
                style={{ gridColumn: index * 2 + 2 }}
                onClick={() => onClose(key)}
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null,
          )}
        </div>
      </div>
      <div className="ws-strip__footer">
        <p className="ws-strip__hint secondary-text">
          {t('workspace.shortcutsHint')}{' '}
          <button
            type="button"
            className="link-button"
            aria-haspopup="dialog"
            aria-keyshortcuts="?"
            onClick={onShortcuts}
          >
            {t('shortcuts.open')}
          </button>
        </p>
        {closedFixed.length > 0 ? (
          <details className="ws-open">
            <summary>{t('workspace.openTab')}</summary>
            <ul>
              {closedFixed.map((key) => (
                <li key={key}>
                  <Link to={hrefOf(key)}>{tabTitle(key, language)}</Link>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </div>
  );
}
