import { moneyString } from '@ventanilla/domain';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Evaluation } from '../../../shared/lib/api-contract';
import { handler, renderApp, server } from '../../../shared/testing';
import { readDraft, writeDraft } from '../lib/draft-storage';
import { optionFixture, productFixture } from '../lib/product-fixtures';
import { pathsByUrlKey } from '../lib/wizard-paths';
import { WizardStep } from './wizard-step';

// Two pages, one text question each; the server's answer to each evaluation is set per test.
const product = productFixture({
  name: 'Copia simple',
  url_key: 'copia',
  steps: [[1], [2]],
  options: [optionFixture(1, { title: 'Municipio' }), optionFixture(2, { title: 'Finca' })],
});
const other = productFixture({
  product_id: 9,
  name: 'Nota simple',
  url_key: 'nota',
  steps: [[1]],
  options: [optionFixture(1)],
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

/** The server evaluates: every question visible, answers echoed, the outcome `decide` gives for them. */
function evaluateWith(decide: (answers: Record<string, unknown>) => Evaluation['outcome']) {
  server.use(
    handler('get', '/api/config', () => ({ nota_simple_reuse_seconds: 0 })),
    handler('get', '/api/stores/{storeId}/products/{urlKey}', () => other),
    handler('post', '/api/stores/{storeId}/products/{urlKey}/evaluate', async ({ request }) => {
      const { answers } = await request.json();
      const given = Object.fromEntries(
        Object.entries(answers).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      return { visible: [1, 2], errors: [], outcome: decide(answers), answers: given, price };
    }),
  );
}

function renderStep(at = '/tienda/copia/step1') {
  return renderApp(
    <WizardStep storeId={1} product={product} urlKey="copia" paths={pathsByUrlKey('copia')} stepNumber={1} />,
    { at, route: '/tienda/copia/step1', routes: <Route path="*" element={<p>elsewhere</p>} /> },
  );
}

describe('WizardStep', () => {
  it('goes to the next page with a valid answer and keeps it in the draft', async () => {
    evaluateWith(() => ({ type: 'continue' }));
    const { user, location } = renderStep();
    await user.type(await screen.findByRole('textbox', { name: /Municipio/ }), 'Soria');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(location().pathname).toBe('/tienda/copia/step2'));
    expect(readDraft(1, 'copia')).toMatchObject({
      answers: { '1': 'Soria' },
      seen: [1],
      lastPath: '/tienda/copia/step2',
    });
  });

  it('shows the exit page with the server message when the answers rule the procedure out', async () => {
    evaluateWith((answers) =>
      answers['1'] === 'Marte' ? { type: 'exit', message: 'Solo fincas en España.' } : { type: 'continue' },
    );
    const { user, location } = renderStep();
    await user.type(await screen.findByRole('textbox', { name: /Municipio/ }), 'Marte');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'No podemos tramitar tu solicitud' })).toBeInTheDocument();
    expect(screen.getByText('Solo fincas en España.')).toBeInTheDocument();
    expect(location().search).toBe('?exit=1');
    expect(readDraft(1, 'copia').answers).toEqual({ '1': 'Marte' });
  });

  it('follows a redirect to the other product with the answers given and says where it came from', async () => {
    evaluateWith(() => ({ type: 'redirect', url_key: 'nota', step_saved: 1 }));
    const { user, location } = renderStep();
    await user.type(await screen.findByRole('textbox', { name: /Municipio/ }), 'Soria');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(location().pathname).toBe('/tienda/nota/step1'));
    expect(location().state).toEqual({ redirectedFrom: 'Copia simple' });
    expect(readDraft(1, 'nota').answers).toEqual({ '1': 'Soria' });
  });

  it('offers early checkout: its button goes straight to the check-answers page', async () => {
    evaluateWith(() => ({ type: 'early_checkout' }));
    writeDraft(1, 'copia', { answers: { '1': 'Soria' }, seen: [], lastPath: null, lastStep: 1 });
    const { user, location } = renderStep();
    await user.click(await screen.findByRole('button', { name: 'Revisar y añadir al carrito' }));
    await waitFor(() => expect(location().pathname).toBe('/tienda/copia/confirmation'));
    expect(readDraft(1, 'copia')).toMatchObject({ lastPath: '/tienda/copia/confirmation', lastStep: 1 });
  });

  it('has no early checkout button when the outcome is to continue', async () => {
    evaluateWith(() => ({ type: 'continue' }));
    renderStep();
    expect(await screen.findByRole('button', { name: 'Continuar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revisar y añadir al carrito' })).toBeNull();
  });

  it('returns to the check-answers page after a change when nothing else is left to ask', async () => {
    evaluateWith(() => ({ type: 'continue' }));
    writeDraft(1, 'copia', { answers: { '1': 'Soria', '2': '123' }, seen: [1, 2], lastPath: null, lastStep: 2 });
    const { user, location } = renderStep('/tienda/copia/step1?return=confirmation');
    const field = await screen.findByRole('textbox', { name: /Municipio/ });
    expect(screen.getByRole('link', { name: /Volver|Atrás/ })).toHaveAttribute('href', '/tienda/copia/confirmation');
    await user.clear(field);
    await user.type(field, 'Ávila');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(location().pathname).toBe('/tienda/copia/confirmation'));
    expect(readDraft(1, 'copia').answers).toEqual({ '1': 'Ávila', '2': '123' });
  });

  it('asks again on the next page after a change when that page has an unanswered question', async () => {
    evaluateWith(() => ({ type: 'continue' }));
    writeDraft(1, 'copia', { answers: { '1': 'Soria' }, seen: [1, 2], lastPath: null, lastStep: 2 });
    const { user, location } = renderStep('/tienda/copia/step1?return=confirmation');
    await screen.findByRole('textbox', { name: /Municipio/ });
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(location().pathname + location().search).toBe('/tienda/copia/step2?return=confirmation'),
    );
  });
});
