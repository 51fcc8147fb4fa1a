import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import { TemplateEditRoute } from './template-edit.route';

const saved = {
  kind: 'email' as const,
  id: 12,
  language: 'es' as const,
  name: 'Aviso',
  group: '',
  template: '<p>Hola {{nombre}}</p>',
  subject_template: 'Aviso',
  header_template: '',
  button_template: '',
  updated_at: '2026-11-02T10:00:00.000Z',
};

/** The placeholders and the live preview, which every editor asks for. */
function editorAnswers() {
  server.use(
    handler('get', '/api/backoffice/templates/placeholders', () => ({ items: [{ name: 'nombre', label: 'Nombre' }] })),
    handler('post', '/api/backoffice/templates/preview', () => ({
      language: 'es' as const,
      subject: 'Aviso',
      header: '',
      body_html: '<p>Hola Eva</p>',
      body_text: 'Hola Eva',
      button: '',
      missing: [],
      missing_message: null,
    })),
  );
}

function renderNew() {
  return renderApp(<TemplateEditRoute />, {
    at: '/agentes/plantillas/email/nueva',
    route: '/agentes/plantillas/:kind/nueva',
    routes: <Route path="/agentes/plantillas/:kind/:id/:language" element={<TemplateEditRoute />} />,
    session: testSession({ user: testUser('admin') }),
  });
}

describe('TemplateEditRoute', () => {
  it('creates a template, then shows it at its own address and says it was saved', async () => {
    editorAnswers();
    let sent: unknown = null;
    server.use(
      handler('post', '/api/backoffice/templates/{kind}', async ({ request }) => {
        sent = await request.json();
        return saved;
      }),
      handler('get', '/api/backoffice/templates/{kind}/{id}/{language}', () => saved),
    );
    const { user, location } = renderNew();
    expect(await screen.findByText('{{nombre}}')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Aviso');
    await user.click(screen.getByRole('textbox', { name: /Texto \(HTML\)/ }));
    await user.paste('<p>Hola {{nombre}}</p>');
    await user.click(screen.getByRole('button', { name: 'Guardar plantilla' }));
    await waitFor(() => expect(location().pathname).toBe('/agentes/plantillas/email/12/es'));
    // The template's own page (not the one being left, which the router may still show for a moment) says so.
    const heading = await screen.findByRole('heading', { name: /12/ });
    expect(heading).toBeInTheDocument();
    expect(screen.getByText('Plantilla guardada.')).toBeInTheDocument();
    expect(sent).toMatchObject({ name: 'Aviso', template: '<p>Hola {{nombre}}</p>' });
  });

  it('refuses an id that is not a positive whole number without asking the server', async () => {
    editorAnswers();
    const { user, location } = renderNew();
    await user.type(await screen.findByRole('textbox', { name: /^Id/ }), '1.5');
    await user.click(screen.getByRole('button', { name: 'Guardar plantilla' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'El id debe ser un número entero positivo' })).toHaveAttribute(
      'href',
      '#tpl-id',
    );
    expect(location().pathname).toBe('/agentes/plantillas/email/nueva');
  });

  it("shows the server's refusal of a placeholder by the field that has it", async () => {
    editorAnswers();
    server.use(
      handler('post', '/api/backoffice/templates/{kind}', () =>
        apiError(400, {
          code: 'VALIDATION_ERROR',
          message: 'Plantilla no válida.',
          fields: [{ field: 'template', message: 'Marcador desconocido: {{edad}}' }],
        }),
      ),
    );
    const { user } = renderNew();
    await user.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'Aviso');
    await user.click(screen.getByRole('textbox', { name: /Texto \(HTML\)/ }));
    await user.paste('{{edad}}');
    await user.click(screen.getByRole('button', { name: 'Guardar plantilla' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Texto \(HTML\)/ })).toHaveAccessibleDescription(
        /Marcador desconocido/,
      ),
    );
  });
});
