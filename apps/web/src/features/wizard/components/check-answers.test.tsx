import { moneyString } from '@ventanilla/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Cart, Evaluation, OptionError } from '../../../shared/lib/api-contract';
import { apiError, handler, renderApp, server } from '../../../shared/testing';
import { readDraft, writeDraft, type Draft } from '../lib/draft-storage';
import { optionFixture, productFixture } from '../lib/product-fixtures';
import { pathsByUrlKey } from '../lib/wizard-paths';
import { CheckAnswers } from './check-answers';

// Two pages of one question each, and a question asked on the check-answers page itself.
const product = productFixture({
  name: 'Copia simple',
  url_key: 'copia',
  steps: [[1], [2]],
  questions_on_confirm: [3],
  options: [
    optionFixture(1, { title: 'Municipio' }),
    optionFixture(2, { title: 'Finca' }),
    optionFixture(3, { title: 'Referencia interna' }),
  ],
});
const ZERO = moneyString('0.00');
const price: Evaluation['price'] = {
  base: ZERO,
  options: ZERO,
  subtotal: ZERO,
  tax: ZERO,
  fees: ZERO,
  related: [],
  total: ZERO,
};
const cart: Cart = {
  quote_id: 1,
  store_id: 1,
  items: [],
  totals: { subtotal: ZERO, tax: ZERO, fees: ZERO, total: ZERO },
  required_consents: [],
  seller: { legal_name: 'Ventanilla SL', tax_id: 'B00000000', address: 'Madrid' },
  terms: { version: '1', hash: '0', language: 'es' },
};

/** The server evaluates: every question visible, a required one unanswered is an error. */
function evaluateRequiringAll() {
  server.use(
    handler('post', '/api/stores/{storeId}/products/{urlKey}/evaluate', async ({ request }) => {
      const { answers } = await request.json();
      const errors: OptionError[] = [1, 2, 3]
        .filter((id) => !answers[String(id)])
        .map((option_id) => ({ option_id, message: 'es obligatorio.' }));
      return { visible: [1, 2, 3], errors, outcome: { type: 'continue' as const }, answers: {}, price };
    }),
  );
}

function renderCheck(draft: Partial<Draft>) {
  writeDraft(1, 'copia', { answers: {}, seen: [1, 2], lastPath: null, lastStep: 2, ...draft });
  return renderApp(<CheckAnswers storeId={1} product={product} urlKey="copia" paths={pathsByUrlKey('copia')} />, {
    at: '/tienda/copia/confirmation',
    route: '/tienda/copia/confirmation',
    routes: <Route path="*" element={<p>elsewhere</p>} />,
  });
}

describe('CheckAnswers', () => {
  it('lists each answer with a link back to its page, and adds the line to the cart', async () => {
    evaluateRequiringAll();
    let sent: unknown = null;
    server.use(
      handler('post', '/api/cart/items', async ({ request }) => {
        sent = await request.json();
        return cart;
      }),
    );
    const { user, location } = renderCheck({ answers: { '1': 'Soria', '2': '123' } });
    expect(await screen.findByRole('heading', { name: /Comprueba tus respuestas/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Cambiar\s*Municipio/ })).toHaveAttribute(
      'href',
      '/tienda/copia/step1?return=confirmation',
    );
    expect(screen.getByRole('link', { name: /Cambiar\s*Finca/ })).toHaveAttribute(
      'href',
      '/tienda/copia/step2?return=confirmation',
    );
    await user.type(screen.getByRole('textbox', { name: /Referencia interna/ }), 'EXP-7');
    await user.click(screen.getByRole('button', { name: 'Añadir al carrito' }));
    await waitFor(() => expect(location().pathname).toBe('/tienda/cart/add/product'));
    expect(sent).toMatchObject({ store_id: 1, url_key: 'copia', answers: { '1': 'Soria', '2': '123', '3': 'EXP-7' } });
    expect(readDraft(1, 'copia').answers).toEqual({});
  });

  it("shows the page's own question unanswered by its field and in the summary, and adds nothing", async () => {
    evaluateRequiringAll();
    const { user, location } = renderCheck({ answers: { '1': 'Soria', '2': '123' } });
    await user.click(await screen.findByRole('button', { name: 'Añadir al carrito' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: /es obligatorio/ })).toHaveAttribute('href', '#option-3');
    expect(screen.getByRole('textbox', { name: /Referencia interna/ })).toHaveAccessibleDescription(/es obligatorio/);
    expect(location().pathname).toBe('/tienda/copia/confirmation');
  });

  it('sends to the page of a required answer missing from the draft', async () => {
    evaluateRequiringAll();
    const { location } = renderCheck({ answers: { '1': 'Soria' } });
    await waitFor(() => expect(location().pathname).toBe('/tienda/copia/step2'));
    expect(location().state).toEqual({ showErrors: true });
  });

  it('back in the cart says so when the line being edited changed elsewhere', async () => {
    evaluateRequiringAll();
    let sent: unknown = null;
    server.use(
      handler('patch', '/api/cart/items/{id}', async ({ request }) => {
        sent = await request.json();
        return apiError(409, { code: 'VERSION_CONFLICT', message: 'La línea ha cambiado.' });
      }),
      handler('get', '/api/cart', () => cart),
    );
    const { user, location } = renderCheck({
      answers: { '1': 'Soria', '2': '123', '3': 'EXP-7' },
      editLine: { id: 5, version: 2, position: 1 },
    });
    expect(await screen.findByText('Estás editando las respuestas de la línea 1 del carrito.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(location().pathname).toBe('/tienda/cart'));
    expect(location().state).toEqual({ cartNotice: 'conflict' });
    expect(sent).toMatchObject({ version: 2, answers: { '1': 'Soria', '2': '123', '3': 'EXP-7' } });
    expect(readDraft(1, 'copia').editLine).toBeUndefined();
  });
});
