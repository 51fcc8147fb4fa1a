import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import { WorkspaceShell } from './workspace-shell';

const tab = (key: 'search' | 'actividad' | 'localizaciones', title: string) => ({
  key,
  ending: key,
  title,
  closable: true,
  ready: true,
  item_id: null,
  ticket_id: null,
});

/** The agent's workspace as the server keeps it; each save is recorded. */
function storedWorkspace(active: string) {
  const saves: unknown[] = [];
  server.use(
    // The shortcuts' "delegate" list.
    handler('get', '/api/backoffice/agents', () => ({ items: [] })),
    handler('get', '/api/backoffice/workspace', () => ({
      tabs: [tab('search', 'Buscar'), tab('actividad', 'Mi actividad')],
      active,
      closed_item_ids: [],
      background_lock_seconds: 120,
    })),
    handler('put', '/api/backoffice/workspace', async ({ request }) => {
      const body = await request.json();
      saves.push(body);
      return { tabs: [], active: body.active, closed_item_ids: [], background_lock_seconds: 120 };
    }),
  );
  return saves;
}

function renderWorkspace(at: string) {
  return renderApp(
    <Routes>
      <Route element={<WorkspaceShell />}>
        <Route path="*" element={<p>Pantalla de la pestaña</p>} />
      </Route>
    </Routes>,
    { at, route: '/agentes/*', session: testSession({ user: testUser('agent') }) },
  );
}

describe('WorkspaceShell', () => {
  it("restores the agent's tabs, opens the address's own and keeps the new list on the server", async () => {
    const saves = storedWorkspace('search');
    renderWorkspace('/agentes/localizaciones');
    expect(await screen.findByText('Pantalla de la pestaña')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.id)).toEqual([
      'ws-tab-search',
      'ws-tab-actividad',
      'ws-tab-localizaciones',
    ]);
    expect(screen.getByRole('tab', { selected: true })).toHaveAttribute('id', 'ws-tab-localizaciones');
    await waitFor(() =>
      expect(saves).toEqual([{ tabs: ['search', 'actividad', 'localizaciones'], active: 'localizaciones' }]),
    );
  });

  it('back at the bare back office, returns to the tab the agent was on', async () => {
    storedWorkspace('actividad');
    const { location } = renderWorkspace('/agentes');
    await waitFor(() => expect(location().pathname).toBe('/agentes/actividad'));
    await waitFor(() => expect(screen.getByRole('tab', { selected: true })).toHaveAttribute('id', 'ws-tab-actividad'));
  });

  it('closing the current tab moves to the one that takes its place and saves the list', async () => {
    const saves = storedWorkspace('actividad');
    const { user, location } = renderWorkspace('/agentes/actividad');
    await user.click(await screen.findByRole('button', { name: /Cerrar la pestaña Mi actividad/ }));
    await waitFor(() => expect(location().pathname).toBe('/agentes'));
    await waitFor(() => expect(saves.at(-1)).toEqual({ tabs: ['search'], active: 'search' }));
  });
});
