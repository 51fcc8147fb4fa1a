import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import type { QueueName, TabKey, Workspace } from '@ventanilla/domain';

/** The lock of an order item or a ticket open in a tab, as this screen knows it (useLeases). */
export type LockState =
  /** Not locked by this agent: its tab is not shown (docs/backoffice.md, "Locks that follow the agent"). */
  | { status: 'background' }
  | { status: 'taking' }
  /** Held by this agent (renewed by the heartbeat: when it lapses is the server's business, not the screen's). */
  | { status: 'held' }
  /** Another agent holds it; `message` is the server's lock message when a write was refused. */
  | { status: 'locked'; holderId: number; holderName: string; message?: string }
  | { status: 'error'; error: unknown };

/** The tabs: what is open and shown; changes as the agent opens, switches and closes tabs. */
export interface WorkspaceTabsValue {
  workspace: Workspace;
  closeTab: (key: TabKey) => void;
}

/** The locks of what the tabs show; changes as locks are taken, given back or held by others. */
export interface WorkspaceLocksValue {
  locks: Readonly<Record<number, LockState>>;
  /** Breaks another agent's lock (DELETE ?force=1), then takes it. */
  forceUnlock: (itemId: number) => Promise<void>;
  /** The locks of the tickets open in tabs, by ticket id. */
  ticketLocks: Readonly<Record<number, LockState>>;
  /** Breaks another agent's lock on a ticket (DELETE ?force=1, unlock_lock), then takes it. */
  forceTicketUnlock: (ticketId: number) => Promise<void>;
}

/** The queue tabs' items, and the way to a tab; changes only when a queue tab gets another item. */
export interface WorkspaceQueueValue {
  /** The address a tab opens (search keeps its last filters). */
  hrefOf: (key: TabKey) => string;
  /** The item each queue tab shows: undefined until known, null when nothing was waiting. */
  queueItems: Partial<Record<QueueName, number | null>>;
  setQueueItem: (queue: QueueName, itemId: number | null | undefined) => void;
}

export type WorkspaceContextValue = WorkspaceTabsValue & WorkspaceLocksValue & WorkspaceQueueValue;

/**
 * Three contexts, by how often they change, so a screen renders again only for what it reads: an order's or a
 * ticket's page reads the locks, not the tabs (opening or switching a tab used to render the whole page again).
 */
const TabsContext = createContext<WorkspaceTabsValue | null>(null);
const LocksContext = createContext<WorkspaceLocksValue | null>(null);
const QueueContext = createContext<WorkspaceQueueValue | null>(null);

/** Provides the workspace (WorkspaceShell; the tests with a workspace of their own). */
export function WorkspaceProvider({ value, children }: { value: WorkspaceContextValue; children: ReactNode }) {
  const { workspace, closeTab, locks, forceUnlock, ticketLocks, forceTicketUnlock, hrefOf, queueItems, setQueueItem } =
    value;
  const tabs = useMemo(() => ({ workspace, closeTab }), [workspace, closeTab]);
  const leases = useMemo(
    () => ({ locks, forceUnlock, ticketLocks, forceTicketUnlock }),
    [locks, forceUnlock, ticketLocks, forceTicketUnlock],
  );
  const queue = useMemo(() => ({ hrefOf, queueItems, setQueueItem }), [hrefOf, queueItems, setQueueItem]);
  return createElement(
    TabsContext.Provider,
    { value: tabs },
    createElement(
      LocksContext.Provider,
      { value: leases },
      createElement(QueueContext.Provider, { value: queue }, children),
    ),
  );
}

function required<T>(value: T | null, name: string): T {
  if (!value) throw new Error(`${name}() outside WorkspaceShell`);
  return value;
}

/** The tabs around a back-office screen (renders again when a tab opens, closes or is switched to). */
export function useOpenTabs(): WorkspaceTabsValue {
  return required(useContext(TabsContext), 'useOpenTabs');
}

/** The locks of the orders and tickets open in tabs. */
export function useWorkspaceLocks(): WorkspaceLocksValue {
  return required(useContext(LocksContext), 'useWorkspaceLocks');
}

/** The queue tabs' items and the addresses of the tabs. */
export function useWorkspaceQueue(): WorkspaceQueueValue {
  return required(useContext(QueueContext), 'useWorkspaceQueue');
}

/** Whatever of the workspace a screen outside it (the order page at its own address) may find: null there. */
export function useOptionalWorkspaceLocks(): WorkspaceLocksValue | null {
  return useContext(LocksContext);
}

/** The whole workspace, or null outside it (the order page at its own address, outside the tabs). */
export function useOptionalWorkspace(): WorkspaceContextValue | null {
  const tabs = useContext(TabsContext);
  const locks = useContext(LocksContext);
  const queue = useContext(QueueContext);
  return tabs && locks && queue ? { ...tabs, ...locks, ...queue } : null;
}
