import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import { itemFixture } from '../lib/item-fixtures';
import AssistantPanel from './assistant-panel';

const item = itemFixture();

/** A configured model; the document draft arrives as these server-sent events. */
function modelAnswers(events: string[]) {
  const asked: unknown[] = [];
  server.use(
    handler('get', '/api/backoffice/items/{itemId}/assistant', () => ({
      configured: true,
      disabled: false,
      model: 'm',
    })),
    handler('post', '/api/backoffice/items/{itemId}/assistant/document', async ({ request }) => {
      asked.push(await request.json());
      return new HttpResponse(events.join(''), { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return asked;
}

const event = (name: string, data: object) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

function renderPanel() {
  return renderApp(<AssistantPanel item={item} />, { session: testSession({ user: testUser('agent') }) });
}

describe('AssistantPanel', () => {
  it('streams the draft into the editor and says when it is done', async () => {
    const asked = modelAnswers([
      event('start', {}),
      event('data', { content: '# Solicitud\n' }),
      event('data', { content: 'Texto.' }),
      event('end', {}),
    ]);
    const { user } = renderPanel();
    const instruction = await screen.findByRole('textbox', { name: /Instrucción/ });
    await waitFor(() => expect(instruction).toBeEnabled());
    await user.type(instruction, 'Una solicitud');
    await user.click(screen.getByRole('button', { name: 'Generar' }));
    expect(await screen.findByText('Borrador generado. Revísalo y edítalo antes de usarlo.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Borrador/ })).toHaveValue('# Solicitud\nTexto.');
    expect(asked).toEqual([{ query: 'Una solicitud' }]);
  });

  it('asks for the instruction before calling the model', async () => {
    const asked = modelAnswers([]);
    const { user } = renderPanel();
    const instruction = await screen.findByRole('textbox', { name: /Instrucción/ });
    await waitFor(() => expect(instruction).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Generar' }));
    expect(instruction).toHaveAccessibleDescription(/Escribe la instrucción/);
    expect(instruction).toHaveFocus();
    expect(asked).toEqual([]);
  });

  it('attaches the edited draft to the order as a PDF, with the item version', async () => {
    modelAnswers([]);
    let sent: unknown = null;
    server.use(
      handler('post', '/api/backoffice/items/{itemId}/assistant/pdf', async ({ request }) => {
        sent = await request.json();
        return {
          ok: true as const,
          message: 'ok',
          file: {
            id: 9,
            filename: 'borrador.pdf',
            content_type: 'application/pdf',
            size: 100,
            created_at: '2026-11-02T11:00:00.000Z',
            visible_to_customer: false,
          },
        };
      }),
    );
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Generar PDF' }));
    expect(screen.getByRole('textbox', { name: /Borrador/ })).toHaveAccessibleDescription(/Escribe o genera/);
    await user.type(screen.getByRole('textbox', { name: /Borrador/ }), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Generar PDF' }));
    expect(await screen.findByText('PDF adjuntado al pedido: borrador.pdf')).toBeInTheDocument();
    expect(sent).toEqual({ content: 'Hola', version: item.updated_at });
  });
});
