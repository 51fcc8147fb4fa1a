import { memo } from 'react';
import { render } from '@testing-library/react';
import type { Workspace } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import {
  useOpenTabs,
  useWorkspaceLocks,
  useWorkspaceQueue,
  WorkspaceProvider,
  type WorkspaceContextValue,
} from './workspace-context';

// A screen renders again only for the part of the workspace it reads: an order's or a ticket's page reads the locks,
// so opening or switching a tab (or a queue tab's item) no longer renders the whole page again.

const renders = { tabs: 0, locks: 0, queue: 0 };

// memo: each reader renders only when its context changes, not because the provider's parent did.
const TabsReader = memo(function TabsReader() {
  useOpenTabs();
  renders.tabs += 1;
  return null;
});
const LocksReader = memo(function LocksReader() {
  useWorkspaceLocks();
  renders.locks += 1;
  return null;
});
const QueueReader = memo(function QueueReader() {
  useWorkspaceQueue();
  renders.queue += 1;
  return null;
});

const hrefOf = () => '/agentes';
const closeTab = () => undefined;
const forceUnlock = async () => undefined;
const setQueueItem = () => undefined;
const base: WorkspaceContextValue = {
  workspace: { tabs: ['search', '-1'], active: '-1' } as unknown as Workspace,
  hrefOf,
  closeTab,
  locks: {},
  forceUnlock,
  ticketLocks: {},
  forceTicketUnlock: forceUnlock,
  queueItems: { default: 33 },
  setQueueItem,
};

function tree(value: WorkspaceContextValue) {
  return (
    <WorkspaceProvider value={value}>
      <TabsReader />
      <LocksReader />
      <QueueReader />
    </WorkspaceProvider>
  );
}

describe('WorkspaceProvider', () => {
  it('renders a reader again only when the part it reads changes', () => {
    const view = render(tree(base));
    expect(renders).toEqual({ tabs: 1, locks: 1, queue: 1 });

    // A tab opened and shown (a ticket's, from "Siguiente ticket"): the locks' and the queue's readers stay.
    const opened = { ...base, workspace: { tabs: ['search', '-1', 'ticket:7'], active: 'ticket:7' } as never };
    view.rerender(tree(opened));
    expect(renders).toEqual({ tabs: 2, locks: 1, queue: 1 });

    // Its lock taken: only the locks' readers.
    const locked = { ...opened, ticketLocks: { 7: { status: 'held' as const } } };
    view.rerender(tree(locked));
    expect(renders).toEqual({ tabs: 2, locks: 2, queue: 1 });

    // The queue tab's next order: only the queue's readers.
    view.rerender(tree({ ...locked, queueItems: { default: 34 } }));
    expect(renders).toEqual({ tabs: 2, locks: 2, queue: 2 });
  });
});
