import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import { CustomerPaymentSection } from './customer-payment';

const payment = {
  preferred_payment: 'cc',
  saved_card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  bank_account: 'ES91 •••• 1332',
  updated_at: '2026-11-20T10:00:00Z',
};
const noHistory = handler('get', '/api/backoffice/customers/{customerId}/history', () => ({ items: [] }));
const session = () => testSession({ user: testUser('agent') });

describe('CustomerPaymentSection', () => {
  it('shows the method, the masked account and card; no field takes a card number', async () => {
    server.use(
      handler('get', '/api/backoffice/customers/{customerId}/payment', () => payment),
      noHistory,
    );
    renderApp(<CustomerPaymentSection id={5} />, { session: session() });

    const section = await screen.findByRole('region', { name: 'Datos de pago' });
    expect(within(section).getByLabelText('Método de pago preferido')).toHaveValue('cc');
    expect(section).toHaveTextContent('ES91 •••• 1332');
    expect(section).toHaveTextContent('visa •••• 4242');
    // The only text field is the IBAN: a card can be forgotten, never typed.
    expect(
      within(section)
        .getAllByRole('textbox')
        .map((box) => box.id),
    ).toEqual(['customer-payment-iban']);
    expect(within(section).getByRole('checkbox', { name: 'Olvidar la tarjeta guardada' })).not.toBeChecked();
    expect(await within(section).findByText('Nadie del equipo ha cambiado estos datos.')).toBeInTheDocument();
  });

  it('still says it was saved once the saved data, newer, comes back (a new form with fresh fields)', async () => {
    let current = payment;
    server.use(
      handler('get', '/api/backoffice/customers/{customerId}/payment', () => current),
      handler('put', '/api/backoffice/customers/{customerId}/payment', () => {
        current = {
          ...payment,
          preferred_payment: 'bank',
          bank_account: 'ES12 •••• 9999',
          updated_at: '2026-11-29T10:00:00Z',
        };
        return current;
      }),
      noHistory,
    );
    const { user } = renderApp(<CustomerPaymentSection id={5} />, { session: session() });
    await user.selectOptions(await screen.findByLabelText('Método de pago preferido'), 'bank');
    await user.click(screen.getByRole('button', { name: 'Guardar datos de pago' }));
    expect(await screen.findByText('Datos de pago guardados.')).toBeInTheDocument();
    // The refetched data (another updated_at) makes a new form: the message stays.
    expect(await screen.findByText('ES12 •••• 9999')).toBeInTheDocument();
    expect(screen.getByText('Datos de pago guardados.')).toBeInTheDocument();
  });

  it('sends the method and the new IBAN, or forgetting the card and the account', async () => {
    const sent: unknown[] = [];
    server.use(
      handler('get', '/api/backoffice/customers/{customerId}/payment', () => payment),
      handler('put', '/api/backoffice/customers/{customerId}/payment', async ({ request, params }) => {
        expect(params.customerId).toBe('5');
        sent.push(await request.json());
        return payment;
      }),
      noHistory,
    );
    const { user } = renderApp(<CustomerPaymentSection id={5} />, { session: session() });

    const method = await screen.findByLabelText('Método de pago preferido');
    await user.selectOptions(method, 'bank');
    await user.type(screen.getByLabelText(/Nueva cuenta bancaria \(IBAN\)/), 'ES9121000418450200051332');
    await user.click(screen.getByRole('button', { name: 'Guardar datos de pago' }));
    expect(await screen.findByText('Datos de pago guardados.')).toBeInTheDocument();
    expect(sent[0]).toEqual({ preferred_payment: 'bank', iban: 'ES9121000418450200051332' });

    await user.click(screen.getByRole('checkbox', { name: 'Quitar la cuenta bancaria' }));
    expect(screen.getByLabelText(/Nueva cuenta bancaria \(IBAN\)/)).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Olvidar la tarjeta guardada' }));
    await user.click(screen.getByRole('button', { name: 'Guardar datos de pago' }));
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toEqual({ preferred_payment: 'bank', iban: null, remove_card: true });
  });

  it("a refused IBAN is said at its field and in the summary; the history lists staff's changes", async () => {
    server.use(
      handler('get', '/api/backoffice/customers/{customerId}/payment', () => ({
        ...payment,
        saved_card: null,
        bank_account: null,
      })),
      handler('put', '/api/backoffice/customers/{customerId}/payment', () =>
        apiError(400, {
          code: 'VALIDATION_ERROR',
          message: 'Revisa los datos',
          fields: [{ field: 'iban', message: 'IBAN no válido' }],
        }),
      ),
      handler('get', '/api/backoffice/customers/{customerId}/history', () => ({
        items: [
          {
            id: 1,
            accion: 'cambio_cuenta',
            admin_user_id: 2,
            admin_name: 'Andrés Agente',
            created_at: '2026-11-20T10:00:00Z',
            details: { old: null, new: 'ES91 •••• 1332' },
          },
        ],
      })),
    );
    const { user } = renderApp(<CustomerPaymentSection id={5} />, { session: session() });

    const section = await screen.findByRole('region', { name: 'Datos de pago' });
    expect(within(section).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(within(section).getByLabelText(/Nueva cuenta bancaria \(IBAN\)/), '4111 1111 1111 1111');
    await user.click(within(section).getByRole('button', { name: 'Guardar datos de pago' }));

    const summary = await within(section).findByRole('alert');
    // Under the section's h3: the summary's heading is an h4, like the history's.
    expect(within(summary).getByRole('heading', { level: 4 })).toHaveTextContent('Hay un problema');
    expect(within(summary).getByRole('link', { name: 'IBAN no válido' })).toHaveAttribute(
      'href',
      '#customer-payment-iban',
    );
    expect(within(section).getByLabelText(/Nueva cuenta bancaria \(IBAN\)/)).toHaveAttribute('aria-invalid', 'true');
    const history = await within(section).findByRole('table');
    expect(history).toHaveTextContent('Andrés Agente');
    expect(history).toHaveTextContent('ES91 •••• 1332');
  });
});
