import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import {
  closeTab as closeWorkspaceTab,
  openTab,
  restoreWorkspace,
  tabEnding,
  tabItemId,
  tabTicketId,
  type QueueName,
  type TabKey,
  type Workspace,
} from '@ventanilla/domain';
import { workspaceApi, workspaceKeys, type WorkspaceState } from '../api/workspace-queries';
import { BASE, defaultHref, tabForPath, type WorkspaceContextValue } from '../../shared';
import { useItemLocks } from './use-item-locks';
import { useTicketLocks } from './use-ticket-locks';

function fromServer(state: WorkspaceState): Workspace {
  return restoreWorkspace({
    tabs: state.tabs.map((tab) => tab.key),
    active: state.active,
    closedItemIds: state.closed_item_ids,
  });
}

/** The server's default for BACKOFFICE_BACKGROUND_LOCK_SECONDS, until the workspace answer says otherwise. */
const DEFAULT_BACKGROUND_LOCK_SECONDS = 120;

const sameTabs = (a: Workspace, b: Workspace) => a.active === b.active && a.tabs.join() === b.tabs.join();

/**
 * The agents' workspace tabs (workspace-shell.tsx is their view): restored from the server, opened by the address
 * (an address already open reuses its tab), closed, saved back one request at a time; and the locks of the orders
 * and tickets open in them (only the shown one's held).
 */
export function useWorkspaceTabs() {
  const location = useLocation();
  const navigate = useNavigate();
  const stored = useQuery({
    queryKey: workspaceKeys.workspace,
    queryFn: ({ signal }) => workspaceApi.get(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [workspace, setWorkspace] = useState<Workspace | null>(null);
  const [tooMany, setTooMany] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [queueItems, setQueueItems] = useState<Partial<Record<QueueName, number | null>>>({});
  const hrefs = useRef(new Map<TabKey, string>());
  const saved = useRef<Workspace | null>(null);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const currentKey = tabForPath(location.pathname);

  const save = useCallback((next: Workspace) => {
    if (saved.current && sameTabs(saved.current, next)) return;
    saved.current = next;
    // One request at a time, in order: the server keeps the last one.
    saving.current = saving.current.then(async () => {
      try {
        await workspaceApi.save({ tabs: next.tabs, active: next.active });
        setSaveError(null);
      } catch (error) {
        setSaveError(error);
      }
    });
  }, []);

  if (currentKey) hrefs.current.set(currentKey, location.pathname + location.search);
  const hrefOf = useCallback((key: TabKey) => hrefs.current.get(key) ?? defaultHref(key), []);

  // The address decides the active tab: open it (or reuse it) and keep the result on the server.
  useEffect(() => {
    if (!stored.data) return;
    let base = workspace;
    if (base === null) {
      base = fromServer(stored.data);
      saved.current = base;
      // Arriving at the bare back office: go back to where the agent was (on this or another device).
      const bare = location.pathname.replace(/\/+$/, '') === BASE && location.search === '';
      if (bare && base.active && base.active !== 'search') {
        setWorkspace(base);
        void navigate(defaultHref(base.active), { replace: true });
        return;
      }
    }
    let next = base;
    setTooMany(false);
    if (currentKey) {
      const opened = openTab(base, currentKey);
      if (opened.ok) next = opened.workspace;
      else setTooMany(true);
    }
    if (next !== workspace) setWorkspace(next);
    save(next);
    // Only the address and the first load decide; `workspace` changes follow from here.
  }, [stored.data, currentKey]);

  const itemIds = useMemo(() => {
    const ids = new Set<number>();
    for (const key of workspace?.tabs ?? []) {
      const itemId = tabItemId(key);
      if (itemId !== null) ids.add(itemId);
    }
    for (const itemId of Object.values(queueItems)) if (typeof itemId === 'number') ids.add(itemId);
    return [...ids].sort((a, b) => a - b);
  }, [workspace, queueItems]);
  // The order the agent is looking at: an order's tab, or the order a queue tab gave (a ticket's tab: its ticket).
  const shownItemId = useMemo(() => {
    const active = workspace?.active;
    if (!active) return null;
    if (active === '-1') return queueItems.default ?? null;
    if (active === '-2') return queueItems.portugal ?? null;
    return tabItemId(active);
  }, [workspace, queueItems]);
  const backgroundMs = (stored.data?.background_lock_seconds ?? DEFAULT_BACKGROUND_LOCK_SECONDS) * 1000;
  const { locks, forceUnlock } = useItemLocks(itemIds, shownItemId, backgroundMs);
  const ticketIds = useMemo(
    () => (workspace?.tabs ?? []).map(tabTicketId).filter((id): id is number => id !== null),
    [workspace],
  );
  const shownTicketId = workspace?.active ? tabTicketId(workspace.active) : null;
  const { ticketLocks, forceTicketUnlock } = useTicketLocks(ticketIds, shownTicketId, backgroundMs);

  const closeTab = useCallback(
    (key: TabKey) => {
      if (!workspace) return;
      const closed = closeWorkspaceTab(workspace, key);
      if (!closed.ok) return;
      hrefs.current.delete(key);
      setWorkspace(closed.workspace);
      save(closed.workspace);
      const active = closed.workspace.active;
      if (key === currentKey) {
        void navigate(active ? hrefOf(active) : BASE);
        // Keyboard users stay in the strip, on the tab that took the closed one's place.
        window.setTimeout(() => {
          const tab = active ? document.getElementById(`ws-tab-${tabEnding(active)}`) : null;
          tab?.focus();
        }, 0);
      }
    },
    [workspace, currentKey, save, navigate, hrefOf],
  );

  const goToTab = useCallback((key: TabKey) => void navigate(hrefOf(key)), [navigate, hrefOf]);
  const setQueueItem = useCallback((queue: QueueName, itemId: number | null | undefined) => {
    setQueueItems((current) => ({ ...current, [queue]: itemId }));
  }, []);

  const value = useMemo<WorkspaceContextValue | null>(
    () =>
      workspace
        ? { workspace, hrefOf, closeTab, locks, forceUnlock, ticketLocks, forceTicketUnlock, queueItems, setQueueItem }
        : null,
    [workspace, hrefOf, closeTab, locks, forceUnlock, ticketLocks, forceTicketUnlock, queueItems, setQueueItem],
  );

  return { stored, workspace, value, currentKey, tooMany, saveError, hrefOf, closeTab, goToTab };
}
