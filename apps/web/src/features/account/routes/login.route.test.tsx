import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, handler, renderApp, server } from '../../../shared/testing';
import { LoginEmailRoute } from './login-email.route';
import { LoginRoute } from './login.route';

const options = handler('get', '/api/auth/options', () => ({
  remember_me: true,
  customer_provider: null,
  staff_provider: null,
}));

function renderSignIn(at = '/customer/authenticate?next=%2Fdocumentos') {
  return renderApp(<LoginRoute />, {
    at,
    route: '/customer/authenticate',
    routes: <Route path="/customer/authenticate/:email" element={<LoginEmailRoute />} />,
  });
}

describe('the sign-in page asks the e-mail first', () => {
  it('a known address goes on to its password, the address and "remember me" carried over', async () => {
    const asked: string[] = [];
    server.use(
      options,
      handler('post', '/api/auth/identify', async ({ request }) => {
        asked.push((await request.json()).email);
        return { next: 'sign_in' as const };
      }),
    );
    const { user, location } = renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Correo electrónico'), ' ana@example.com ');
    await user.click(await screen.findByLabelText('Recordarme en este dispositivo'));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByText('Escribe la contraseña de tu cuenta ana@example.com.')).toBeInTheDocument();
    expect(asked).toEqual(['ana@example.com']);
    expect(location().pathname).toBe('/customer/authenticate/ana%40example.com');
    expect(location().search).toBe('?next=%2Fdocumentos');
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Contraseña')).toBeInTheDocument();
    expect(screen.getByLabelText('Recordarme en este dispositivo')).toBeChecked();
    expect(screen.getByRole('link', { name: 'Usar otro email' })).toHaveAttribute(
      'href',
      '/customer/authenticate?next=%2Fdocumentos',
    );
  });

  it('a new address goes on to the registration with the address filled in', async () => {
    server.use(
      options,
      handler('post', '/api/auth/identify', () => ({ next: 'register' as const })),
    );
    const { user } = renderSignIn();
    await user.type(screen.getByLabelText('Correo electrónico'), 'nueva@example.com');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeInTheDocument();
    expect(
      screen.getByText('No hay ninguna cuenta con nueva@example.com. Crea una para continuar.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('nueva@example.com');
    expect(screen.getByLabelText('Nombre')).toBeInTheDocument();
  });

  it('shows the server’s refusal in the error summary, linked to the field, and stays', async () => {
    server.use(
      options,
      handler('post', '/api/auth/identify', () =>
        apiError(400, {
          code: 'VALIDATION_ERROR',
          message: 'Revisa los datos',
          fields: [{ field: 'email', message: 'Escribe un email válido' }],
        }),
      ),
    );
    const { user, location } = renderSignIn('/customer/authenticate');
    await user.type(screen.getByLabelText('Correo electrónico'), 'no-es-un-correo');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Escribe un email válido');
    expect(screen.getByRole('link', { name: 'Escribe un email válido' })).toHaveAttribute('href', '#login-email');
    expect(location().pathname).toBe('/customer/authenticate');
  });

  it('arriving at /customer/authenticate/{email} directly asks the server which step it is', async () => {
    let calls = 0;
    server.use(
      options,
      handler('post', '/api/auth/identify', () => {
        calls += 1;
        return { next: 'register' as const };
      }),
    );
    renderSignIn('/customer/authenticate/luis%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('luis@example.com');
    await waitFor(() => expect(calls).toBe(1));
  });

  it('when the server cannot say (too many attempts), offers the password form and the registration', async () => {
    server.use(
      options,
      handler('post', '/api/auth/identify', () =>
        apiError(429, { code: 'TOO_MANY_ATTEMPTS', message: 'Demasiados intentos. Espera unos minutos.' }),
      ),
    );
    renderSignIn('/customer/authenticate/luis%40example.com');
    expect(await screen.findByText('Demasiados intentos. Espera unos minutos.')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear una cuenta' })).toHaveAttribute('href', '/customer/register');
  });
});
