export { backofficeKeys, useItem, useItems, useStatuses } from './api/backoffice-queries';
export { AdminGate } from './components/admin-gate';
export { CustomerSavedItems } from './components/customer-saved-items';
export { FilterForm } from './components/filter-form';
export { StaffGate } from './components/staff-gate';
export { StatisticsGate } from './components/statistics-gate';
export {
  type LockState,
  useOpenTabs,
  useOptionalWorkspace,
  useOptionalWorkspaceLocks,
  useWorkspaceLocks,
  useWorkspaceQueue,
  type WorkspaceContextValue,
  WorkspaceProvider,
} from './components/workspace-context';
export { historyChangesText, type HistoryFormat } from './lib/history-text';
export { useDebounced } from './lib/use-debounced';
export { BASE, defaultHref, tabForPath, ticketsOfEmailHref } from './lib/workspace-paths';
export { AgentLogoutRoute } from './routes/agent-logout.route';
export {
  AGENT_SHORTCUTS,
  runShortcut,
  shortcutFor,
  shortcutTarget,
  shortcutTargetElement,
  singleKeysEnabled,
  SINGLE_KEYS_STORAGE,
  type ShortcutId,
} from './lib/agent-shortcuts';
