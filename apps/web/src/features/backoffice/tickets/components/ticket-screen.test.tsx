import { screen } from '@testing-library/react';
import type { Workspace } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import { handler, renderApp, server } from '../../../../shared/testing';
import { WorkspaceProvider, type LockState, type WorkspaceContextValue } from '../../shared';
import type { Ticket } from '../api/tickets';
import { TicketScreen } from './ticket-screen';

// The controls another agent's lock would refuse are disabled, with the reason said beside them and read with them
// (docs/backoffice.md, "Locks that follow the agent"): as on an order's page.

const TICKET = {
  id: 7,
  status: 2,
  email: 'eva@example.com',
  name: 'Eva',
  subject: 'Una consulta',
  cc_emails: [],
  asignee_name: null,
  related_item: null,
  related_item_id: null,
  due_at: null,
  created_at: '2026-11-29T09:00:00.000Z',
  version: '2026-11-29T10:00:00.000Z',
  messages: [],
  attachments: [],
  notes: [],
  history: [],
  lock: null,
} as unknown as Ticket;

function workspaceWith(lock: LockState): WorkspaceContextValue {
  return {
    workspace: { tabs: ['search', 'ticket:7'], active: 'ticket:7' } as unknown as Workspace,
    hrefOf: () => '/agentes',
    closeTab: () => undefined,
    locks: {},
    forceUnlock: async () => undefined,
    ticketLocks: { 7: lock },
    forceTicketUnlock: async () => undefined,
    queueItems: {},
    setQueueItem: () => undefined,
  };
}

function renderTicket(lock: LockState) {
  server.use(
    handler('get', '/api/backoffice/tickets/{ticketId}', () => TICKET),
    handler('get', '/api/backoffice/agents', () => ({
      items: [{ id: 5, name: 'Adam Admin', role: 'admin' as const }],
    })),
    handler('get', '/api/backoffice/tickets/{ticketId}/customer-activity', () => ({
      tickets: { items: [], total: 0 },
      orders: { items: [], total: 0 },
    })),
    handler('get', '/api/backoffice/statuses', () => ({ items: [] })),
    handler('get', '/api/backoffice/canned-responses', () => ({ items: [], total: 0, page: 1, per_page: 20 })),
  );
  return renderApp(
    <WorkspaceProvider value={workspaceWith(lock)}>
      <TicketScreen ticketId={7} />
    </WorkspaceProvider>,
  );
}

describe('TicketScreen and the lock', () => {
  it("another agent's lock disables the ticket's controls, says why beside them and offers to force it", async () => {
    renderTicket({ status: 'locked', holderId: 5, holderName: 'Adam Admin' });
    const close = await screen.findByRole('button', { name: 'Cerrar ticket' });
    expect(close).toBeDisabled();
    const groups = document.querySelectorAll('fieldset[data-lock-reason]');
    // The actions, the reply and the notes.
    expect(groups).toHaveLength(3);
    for (const group of groups) {
      expect(group).toBeDisabled();
      expect(group).toHaveAttribute('data-lock-reason', 'Bloqueado por Adam Admin');
      expect(group).toHaveAccessibleDescription('Bloqueado por Adam Admin');
    }
    expect(screen.getByText(/Adam Admin está trabajando en este ticket/)).toBeVisible();
    // Forcing is outside the disabled groups: it is the way to take the ticket.
    expect(screen.getByRole('button', { name: 'Forzar desbloqueo' })).toBeEnabled();
  });
});
