import { Outlet } from 'react-router';
import { isClosable, MAX_OPEN_TABS, tabEnding } from '@ventanilla/domain';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { Alert, Spinner } from '../../../../shared/ui';
import { ShortcutsDialog, useAgentShortcuts } from './agent-shortcuts';
import { TabStrip } from './tab-strip';
import { useWorkspaceTabs } from './use-workspace-tabs';
import { WorkspaceProvider } from '../../shared';
import './workspace.css';

/**
 * The agents' tabbed workspace (spec section 2): a strip of tabs named by the address ending, the current tab's screen
 * below. Opening an address already open reuses its tab; the tabs are kept on the server per agent, so a reload or
 * another device restores them. Items open in tabs (and the queue tabs' items) keep their lock while open. The tabs
 * are the hook's (use-workspace-tabs.ts); this is their view, with the agent's shortcuts.
 */
export function WorkspaceShell() {
  const t = useT();
  const { stored, workspace, value, currentKey, tooMany, saveError, hrefOf, closeTab, goToTab } = useWorkspaceTabs();
  // The agent's shortcuts (the map is shared/lib/agent-shortcuts.ts): tabs, the order's loop, search, the `?` dialog.
  const shortcuts = useAgentShortcuts({
    tabs: workspace?.tabs ?? [],
    currentKey,
    goToTab,
    closeTab,
    isClosable,
  });

  if (stored.isError) return <Alert>{errorText(stored.error, t)}</Alert>;
  if (!value || !workspace) return <Spinner />;
  const activeKey = currentKey && workspace.tabs.includes(currentKey) ? currentKey : null;

  return (
    <WorkspaceProvider value={value}>
      <TabStrip
        tabs={workspace.tabs}
        activeKey={activeKey}
        hrefOf={hrefOf}
        onClose={closeTab}
        onShortcuts={shortcuts.openHelp}
      />
      {tooMany ? <Alert>{t('workspace.tooManyTabs', { max: MAX_OPEN_TABS })}</Alert> : null}
      {saveError ? <Alert>{t('workspace.saveFailed', { message: errorText(saveError, t) })}</Alert> : null}
      <div
        className="ws-panel"
        id="ws-panel"
        role={activeKey ? 'tabpanel' : undefined}
        aria-labelledby={activeKey ? `ws-tab-${tabEnding(activeKey)}` : undefined}
      >
        <Outlet />
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" id="ws-announcer">
        {shortcuts.announcement}
      </p>
      {shortcuts.helpOpen ? (
        <ShortcutsDialog
          onClose={shortcuts.closeHelp}
          singleKeys={shortcuts.singleKeys}
          onSingleKeys={shortcuts.setSingleKeys}
        />
      ) : null}
    </WorkspaceProvider>
  );
}
