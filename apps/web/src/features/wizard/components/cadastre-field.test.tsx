import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ProductOption } from '../../../shared/lib/api-contract';
import { apiError, handler, renderApp, server } from '../../../shared/testing';
import type { CadastreAnswer } from '../api/cadastre-lookup';
import { optionFixture } from '../lib/product-fixtures';
import { CadastreField } from './cadastre-field';

const reference = optionFixture(1, { title: 'Referencia catastral', validator: 'refcat' });
const address = optionFixture(3, { title: 'Dirección de la finca' });
const options: ProductOption[] = [reference, address];

const record: CadastreAnswer = {
  refcat: '0847106VK4704F0002PR',
  province_code: '28',
  province: 'Madrid',
  municipality_code: '28079',
  municipality: 'Madrid',
  address: 'Calle Alcala 45',
  address_parts: {
    street_type: 'CL',
    street: 'ALCALA',
    number: '45',
    staircase: null,
    floor: null,
    door: null,
    postal_code: '28014',
  },
  class: 'urban',
  use: 'Residencial',
  surface_m2: 90,
  year_built: 1950,
  source: 'offline',
  units: [],
};

/** The question as the wizard holds it: its own answer in state, the others filled through `onFill`. */
function Question({ onFill }: { onFill: (answers: Record<string, string>) => void }) {
  const [value, setValue] = useState('');
  return (
    <CadastreField
      option={reference}
      id="option-1"
      value={value}
      error={undefined}
      optional={false}
      hint={undefined}
      asHeading={false}
      onChange={setValue}
      options={options}
      answers={{}}
      onFill={onFill}
      visible={new Set([1, 3])}
    />
  );
}

function renderQuestion() {
  const onFill = vi.fn();
  return { ...renderApp(<Question onFill={onFill} />), onFill };
}

describe('CadastreField', () => {
  it("looks the reference up and fills the property's address from the Catastro", async () => {
    let asked: string | null = null;
    server.use(
      handler('get', '/api/lookups/cadastre', ({ request }) => {
        asked = new URL(request.url).searchParams.get('refcat');
        return record;
      }),
    );
    const { user, onFill } = renderQuestion();
    await user.type(screen.getByRole('textbox', { name: /Referencia catastral/ }), '0847106VK4704F0002PR');
    await user.click(screen.getByRole('button', { name: /Buscar/ }));
    expect(await screen.findByText(/Referencia 0847106VK4704F0002PR: Calle Alcala 45, Madrid\./)).toBeInTheDocument();
    expect(asked).toBe('0847106VK4704F0002PR');
    expect(onFill).toHaveBeenCalledWith({ '3': 'Calle Alcala 45, 28014' });
  });

  it('says a malformed reference is not valid without asking the Catastro', async () => {
    const { user, onFill } = renderQuestion();
    await user.type(screen.getByRole('textbox', { name: /Referencia catastral/ }), '0847-XX');
    await user.click(screen.getByRole('button', { name: /Buscar/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('La referencia catastral no es válida');
    expect(onFill).not.toHaveBeenCalled();
  });

  it('says "Registro no encontrado" when the Catastro has no such reference', async () => {
    server.use(
      handler('get', '/api/lookups/cadastre', () => apiError(404, { code: 'NOT_FOUND', message: 'No existe.' })),
    );
    const { user } = renderQuestion();
    await user.type(screen.getByRole('textbox', { name: /Referencia catastral/ }), '0847106VK4704F0002PR');
    await user.click(screen.getByRole('button', { name: /Buscar/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registro no encontrado');
  });
});
