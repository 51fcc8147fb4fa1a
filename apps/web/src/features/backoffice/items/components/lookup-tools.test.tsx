import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../../../shared/lib/api-contract';
import { apiError, handler, renderApp, server } from '../../../../shared/testing';
import { LookupTools } from './lookup-tools';

// The lookups of the customer's page (and the order's): the cadastral reference and the company reports by CIF, as
// controls with their results (docs/backoffice.md). The customer's page passes its billing CIF.

type Cadastre = ApiResponse<'/api/lookups/cadastre', 'get'>;
type Report = ApiResponse<'/api/lookups/company-report', 'get'>;

const PARCEL = {
  refcat: '0847106VK4704F0002PR',
  province: 'Madrid',
  municipality: 'Madrid',
  address: 'Calle Alcalá 45',
  use: 'Residencial',
  surface_m2: 84,
} as unknown as Cadastre;

const report = (kind: 'economic' | 'solvency', cif: string, sandbox: boolean) =>
  ({
    kind,
    sandbox,
    source: sandbox ? 'SANDBOX / datos ficticios' : 'Informa',
    as_of: '2025-11-24',
    company: { cif, name: 'Ejemplo SL', status: 'active' },
    years: [
      { year: 2024, turnover: 1200000 },
      { year: 2023, turnover: 900000 },
    ],
    rating: null,
    incidents: [],
  }) as unknown as Report;

/** The results of one lookup: the summary list in the live region after the control. */
const results = (index: number) => document.querySelectorAll<HTMLElement>('[aria-live="polite"]')[index]!;

describe("LookupTools (the customer's page)", () => {
  it('looks up the cadastral reference typed, trimmed, and shows the parcel', async () => {
    const asked: string[] = [];
    server.use(
      handler('get', '/api/lookups/cadastre', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('refcat') ?? '');
        return PARCEL;
      }),
    );
    const { user } = renderApp(<LookupTools idPrefix="customer" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Consultas' })).toBeVisible();
    await user.type(screen.getByLabelText('Referencia catastral'), '  0847106VK4704F0002PR ');
    await user.click(screen.getByRole('button', { name: 'Consultar el Catastro' }));
    await within(results(0)).findByText('Calle Alcalá 45, Madrid (Madrid)');
    expect(asked).toEqual(['0847106VK4704F0002PR']);
    expect(within(results(0)).getByText('Residencial')).toBeVisible();
    expect(within(results(0)).getByText('84')).toBeVisible();
    // The ids carry the page's prefix: the field is the customer's.
    expect(screen.getByLabelText('Referencia catastral')).toHaveAttribute('id', 'customer-refcat');
  });

  it("says the server's refusal of a reference, in the live region", async () => {
    server.use(
      handler('get', '/api/lookups/cadastre', () =>
        apiError(400, { code: 'BAD_REQUEST', message: 'La referencia catastral no es válida.' }),
      ),
    );
    const { user } = renderApp(<LookupTools idPrefix="customer" />);
    await user.type(screen.getByLabelText('Referencia catastral'), 'XX');
    await user.click(screen.getByRole('button', { name: 'Consultar el Catastro' }));
    expect(await within(results(0)).findByText('La referencia catastral no es válida.')).toBeVisible();
  });

  it("starts from the customer's CIF and asks for the report of the button pressed", async () => {
    const asked: Array<{ cif: string | null; kind: string | null }> = [];
    server.use(
      handler('get', '/api/lookups/company-report', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const kind = query.get('kind') as 'economic' | 'solvency';
        asked.push({ cif: query.get('cif'), kind });
        return report(kind, query.get('cif') ?? '', kind === 'solvency');
      }),
    );
    const { user } = renderApp(<LookupTools idPrefix="customer" cif="B86670460" />);
    expect(screen.getByLabelText('CIF de la empresa')).toHaveValue('B86670460');

    await user.click(screen.getByRole('button', { name: 'Informe económico' }));
    await within(results(1)).findByText('Ejemplo SL (B86670460)');
    expect(within(results(1)).getByText('Facturación 2024')).toBeVisible();
    expect(within(results(1)).getByText('Facturación 2023')).toBeVisible();
    // Real data: no sandbox line.
    expect(within(results(1)).queryByText('Datos ficticios (sandbox)')).toBeNull();

    // Another CIF, the other report: the made-up data of the sandbox say so.
    await user.clear(screen.getByLabelText('CIF de la empresa'));
    await user.type(screen.getByLabelText('CIF de la empresa'), ' A28000000 ');
    await user.click(screen.getByRole('button', { name: 'Informe de solvencia' }));
    await within(results(1)).findByText('Ejemplo SL (A28000000)');
    expect(within(results(1)).getByText('Datos ficticios (sandbox)')).toBeVisible();
    await waitFor(() =>
      expect(asked).toEqual([
        { cif: 'B86670460', kind: 'economic' },
        { cif: 'A28000000', kind: 'solvency' },
      ]),
    );
  });
});
