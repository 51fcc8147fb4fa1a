import { createContext, useContext } from 'react';
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

export interface WorkspaceContextValue {
  workspace: Workspace;
  /** The address a tab opens (search keeps its last filters). */
  hrefOf: (key: TabKey) => string;
  closeTab: (key: TabKey) => void;
  locks: Readonly<Record<number, LockState>>;
  /** Breaks another agent's lock (DELETE ?force=1), then takes it. */
  forceUnlock: (itemId: number) => Promise<void>;
  /** The locks of the tickets open in tabs, by ticket id. */
  ticketLocks: Readonly<Record<number, LockState>>;
  /** Breaks another agent's lock on a ticket (DELETE ?force=1, unlock_lock), then takes it. */
  forceTicketUnlock: (ticketId: number) => Promise<void>;
  /** The item each queue tab shows: undefined until known, null when nothing was waiting. */
  queueItems: Partial<Record<QueueName, number | null>>;
  setQueueItem: (queue: QueueName, itemId: number | null | undefined) => void;
}

export const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

/** The workspace around a back-office tab (WorkspaceShell provides it). */
export function useWorkspace(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace() outside WorkspaceShell');
  return value;
}
