import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handler, renderApp, server } from '../../../../shared/testing';
import type { Ticket } from '../api/tickets';
import { TicketActions } from './ticket-actions';

const LOADED = '2026-11-29T10:00:00.000Z';
const AFTER_CLOSE = '2026-11-29T10:00:01.000Z';

const agents = handler('get', '/api/backoffice/agents', () => ({
  items: [
    { id: 3, name: 'Ana Agente', role: 'agent' as const },
    { id: 4, name: 'Nora Notaria', role: 'notary' as const },
    { id: 5, name: 'Adam Admin', role: 'admin' as const },
  ],
}));

// The actions read the ticket's id, version and related order only.
const ticket = (id: number) => ({ id, version: LOADED, related_item_id: null }) as Ticket;

describe('TicketActions', () => {
  it('a second action sent before the first answers carries the version the first answered', async () => {
    const sent: Array<{ action: string; version: unknown }> = [];
    let answerClose = () => {};
    const closeAnswered = new Promise<void>((resolve) => (answerClose = resolve));
    server.use(
      agents,
      handler('post', '/api/backoffice/tickets/{ticketId}/close', async ({ request }) => {
        sent.push({ action: 'close', version: (await request.clone().json()).version });
        await closeAnswered;
        return { ticket_id: 7, version: AFTER_CLOSE };
      }),
      handler('post', '/api/backoffice/tickets/{ticketId}/delegate', async ({ request }) => {
        sent.push({ action: 'delegate', version: (await request.clone().json()).version });
        return { ticket_id: 7, version: '2026-11-29T10:00:02.000Z' };
      }),
    );
    const { user } = renderApp(<TicketActions ticket={ticket(7)} />);
    await screen.findByRole('option', { name: 'Ana Agente' });

    // Both while the screen still shows the version it loaded.
    await user.click(screen.getByRole('button', { name: 'Cerrar ticket' }));
    await user.selectOptions(screen.getByLabelText('Delegar a'), 'Ana Agente');
    await user.click(screen.getByRole('button', { name: 'Delegar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    answerClose();

    await waitFor(() =>
      expect(sent).toEqual([
        { action: 'close', version: LOADED },
        { action: 'delegate', version: AFTER_CLOSE },
      ]),
    );
    expect(await screen.findByText('Ticket delegado')).toBeInTheDocument();
  });

  it('leaves notaries out of the delegation list: they never work tickets', async () => {
    server.use(agents);
    renderApp(<TicketActions ticket={ticket(8)} />);
    const select = screen.getByLabelText('Delegar a');
    await within(select).findByRole('option', { name: 'Ana Agente' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nadie (recuperarlo)', 'Ana Agente', 'Adam Admin']);
  });
});
