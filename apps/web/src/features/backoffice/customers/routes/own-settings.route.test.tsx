import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import { OnlineAgentsRoute, OwnSettingsRoute } from './own-settings.route';

const settings = {
  aircall: { user_id: 'ana.lopez', number: null },
  correos: { codigo_etiquetador: 'ET1', numero_contrato: null, numero_cliente: null },
  product_lists: [{ id: 'notas', name: 'Notas', short_name: 'NS', product_names: ['Nota simple', 'Certificado'] }],
};
const staffSession = () => testSession({ user: testUser('agent') });

describe('OwnSettingsRoute ("Mis ajustes")', () => {
  it('shows the saved settings and sends what the agent changed, lists parsed from their lines', async () => {
    let sent: unknown;
    server.use(
      handler('get', '/api/backoffice/me/settings', () => settings),
      handler('put', '/api/backoffice/me/settings', async ({ request }) => {
        sent = await request.json();
        return sent as typeof settings;
      }),
    );
    const { user } = renderApp(<OwnSettingsRoute />, { session: staffSession() });

    expect(await screen.findByLabelText(/Usuario de Aircall/)).toHaveValue('ana.lopez');
    expect(screen.getByLabelText(/Código de etiquetador/)).toHaveValue('ET1');
    // The codes' format is said before saving, not learnt from a refusal.
    expect(screen.getByLabelText(/Usuario de Aircall/)).toHaveAccessibleDescription(
      /Solo letras y cifras, sin espacios/,
    );
    expect(screen.getByLabelText(/Código de etiquetador/)).toHaveAccessibleDescription(/Solo letras y cifras/);
    expect(screen.getByLabelText(/Listas de productos/)).toHaveValue('notas | Notas | NS | Nota simple; Certificado');

    await user.type(screen.getByLabelText(/Número de Aircall/), '+34910000000');
    await user.clear(screen.getByLabelText(/Código de etiquetador/));
    const lists = screen.getByLabelText(/Listas de productos/);
    await user.type(lists, '{Enter}{Enter}otra | Otra lista | OT | Nota simple');
    await user.click(screen.getByRole('button', { name: 'Guardar mis ajustes' }));

    expect(await screen.findByText('Ajustes guardados.')).toBeInTheDocument();
    expect(sent).toEqual({
      aircall: { user_id: 'ana.lopez', number: '+34910000000' },
      correos: { codigo_etiquetador: null, numero_contrato: null, numero_cliente: null },
      product_lists: [
        { id: 'notas', name: 'Notas', short_name: 'NS', product_names: ['Nota simple', 'Certificado'] },
        { id: 'otra', name: 'Otra lista', short_name: 'OT', product_names: ['Nota simple'] },
      ],
    });
  });

  it("says each refused field at its input, and the summary's links lead to them", async () => {
    server.use(
      handler('get', '/api/backoffice/me/settings', () => settings),
      handler('put', '/api/backoffice/me/settings', () =>
        apiError(400, {
          code: 'VALIDATION_ERROR',
          message: 'Revisa los datos',
          fields: [
            { field: 'aircall.number', message: 'Solo cifras' },
            { field: 'product_lists.0.id', message: 'Formato no válido' },
          ],
        }),
      ),
    );
    const { user } = renderApp(<OwnSettingsRoute />, { session: staffSession() });
    await user.type(await screen.findByLabelText(/Número de Aircall/), 'llamadme');
    await user.click(screen.getByRole('button', { name: 'Guardar mis ajustes' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Solo cifras' })).toHaveAttribute('href', '#own-aircall-number');
    expect(within(summary).getByRole('link', { name: 'Formato no válido' })).toHaveAttribute(
      'href',
      '#own-product_lists',
    );
    expect(screen.getByLabelText(/Número de Aircall/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Listas de productos/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Ajustes guardados.')).not.toBeInTheDocument();
  });
});

describe('OnlineAgentsRoute', () => {
  it('lists who is active, with their role and when they were last seen', async () => {
    server.use(
      handler('get', '/api/backoffice/agents/online', () => ({
        window_minutes: 5,
        items: [
          { id: 2, name: 'Andrés Agente', role: 'agent' as const, last_seen_at: '2026-11-29T09:00:00Z' },
          { id: 1, name: 'Ana Administradora', role: 'admin' as const, last_seen_at: '2026-11-29T08:58:00Z' },
        ],
      })),
    );
    renderApp(<OnlineAgentsRoute />, { session: testSession({ user: testUser('admin') }) });

    expect(await screen.findByText('Personas del equipo activas en los últimos 5 minutos.')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/Andrés Agente.*Agente/);
    expect(rows[1]).toHaveTextContent(/Ana Administradora.*Administrador/);
  });

  it('says when nobody is connected, and shows a refusal', async () => {
    server.use(handler('get', '/api/backoffice/agents/online', () => ({ window_minutes: 5, items: [] })));
    const first = renderApp(<OnlineAgentsRoute />, { session: testSession({ user: testUser('admin') }) });
    expect(await screen.findByText('No hay nadie conectado ahora.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    first.unmount();

    server.use(
      handler('get', '/api/backoffice/agents/online', () =>
        apiError(403, { code: 'FORBIDDEN', message: 'No tienes permiso para esto' }),
      ),
    );
    renderApp(<OnlineAgentsRoute />, { session: testSession({ user: testUser('agent') }) });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
