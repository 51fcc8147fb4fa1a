import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handler, renderApp, server } from '../../../shared/testing';
import { ActivityRoute, PushDevicesRoute } from './activity.route';

describe('/actividad', () => {
  it('says what happened to the account, newest first, marking the new ones', async () => {
    let markedAll = false;
    server.use(
      handler('get', '/api/me/activities', () => ({
        items: [
          {
            id: 2,
            kind: 'email_changed' as const,
            details: { old_email: 'a***@e***.com', new_email: 'n***@e***.com' } as Record<string, string>,
            read: false,
            created_at: '2026-11-02T10:00:00.000Z',
          },
          {
            id: 1,
            kind: 'password_changed' as const,
            details: {} as Record<string, string>,
            read: true,
            created_at: '2026-11-01T10:00:00.000Z',
          },
        ],
        total: 2,
        page: 1,
        per_page: 10,
        unread: 1,
      })),
      handler('post', '/api/me/activities/read-all', () => {
        markedAll = true;
        return { marked: 1 };
      }),
    );
    const { user } = renderApp(<ActivityRoute />, { at: '/actividad', route: '/actividad' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Tu email cambió de a***@e***.com a n***@e***.com.');
    expect(rows[1]).toHaveTextContent('Nuevo');
    expect(rows[2]).toHaveTextContent('Cambiaste tu contraseña.');
    expect(rows[2]).not.toHaveTextContent('Nuevo');
    await user.click(screen.getByRole('button', { name: 'Marcar todos como leídos' }));
    await waitFor(() => expect(markedAll).toBe(true));
  });

  it('says so when there is nothing yet', async () => {
    server.use(handler('get', '/api/me/activities', () => ({ items: [], total: 0, page: 1, per_page: 10, unread: 0 })));
    renderApp(<ActivityRoute />, { at: '/actividad', route: '/actividad' });
    expect(await screen.findByText('Todavía no hay actividad en tu cuenta.')).toBeInTheDocument();
  });
});

describe('/suscripciones', () => {
  it('lists the devices with pushes and removes one', async () => {
    let devices = [
      {
        id: 4,
        push_service: 'fcm.googleapis.com',
        user_agent: 'Firefox en Android',
        created_at: '2026-10-01T10:00:00.000Z',
        last_sent_at: null,
      },
    ];
    const removed: string[] = [];
    server.use(
      handler('get', '/api/me/push-subscriptions', () => ({
        items: devices,
        total: devices.length,
        page: 1,
        per_page: 10,
      })),
      handler('delete', '/api/me/push-subscriptions/{id}', ({ params }) => {
        removed.push(String(params.id));
        devices = [];
        return undefined;
      }),
    );
    const { user } = renderApp(<PushDevicesRoute />, { at: '/suscripciones', route: '/suscripciones' });
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Firefox en Android');
    expect(row).toHaveTextContent('Ninguno');
    await user.click(screen.getByRole('button', { name: 'Quitar el dispositivo de fcm.googleapis.com' }));
    expect(await screen.findByText('El dispositivo ya no recibirá avisos.')).toBeInTheDocument();
    expect(removed).toEqual(['4']);
    expect(
      await screen.findByText('Ningún dispositivo recibe avisos. Actívalos en la página de avisos.'),
    ).toBeInTheDocument();
  });
});
