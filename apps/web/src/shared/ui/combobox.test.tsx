import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing';
import { Combobox } from './combobox';
import { foldText, type ComboboxOption } from './use-combobox-state';

function renderCombobox(hint: string, disabledReason?: string) {
  return renderApp(
    <Combobox
      id="municipio"
      label="Municipio"
      hint={hint}
      selected={null}
      text=""
      onTextChange={() => undefined}
      onSelect={() => undefined}
      options={[]}
      disabledReason={disabledReason}
    />,
  );
}

describe('Combobox hint', () => {
  it('a hint followed by the reason it cannot be used yet is a sentence of its own', () => {
    renderCombobox('Por ejemplo, Alcalá de Henares', 'Elige antes la provincia.');
    expect(screen.getByRole('combobox', { name: 'Municipio' })).toHaveAccessibleDescription(
      /^Por ejemplo, Alcalá de Henares\. Elige antes la provincia\./,
    );
  });

  it('a hint that already ends a sentence gets no second full stop', () => {
    renderCombobox('¿Dónde está la finca?', 'Elige antes la provincia.');
    expect(screen.getByRole('combobox')).toHaveAccessibleDescription(/^¿Dónde está la finca\? Elige antes/);
  });

  it('alone, the hint stays as written', () => {
    renderCombobox('Por ejemplo, Alcalá de Henares');
    expect(screen.getByRole('combobox')).toHaveAccessibleDescription(/^Por ejemplo, Alcalá de Henares(?!\.)/);
  });
});

const towns: ComboboxOption[] = [
  { value: '05019', label: 'Ávila' },
  { value: '28005', label: 'Alcalá de Henares', description: 'Madrid' },
];

/** A combobox whose parent searches the towns by the text typed, as the place questions do. */
function Towns() {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<ComboboxOption | null>(null);
  const options = text.trim() === '' ? [] : towns.filter((o) => foldText(o.label).startsWith(foldText(text)));
  return (
    <>
      <Combobox
        id="municipio"
        label="Municipio"
        selected={selected}
        text={text}
        onTextChange={setText}
        onSelect={setSelected}
        options={options}
      />
      <p data-testid="chosen">{selected?.value ?? 'ninguno'}</p>
    </>
  );
}

describe('Combobox choosing', () => {
  it('lists the options for the text, moves with the arrows and chooses with Enter, and says so', async () => {
    const { user } = renderApp(<Towns />);
    const input = screen.getByRole('combobox', { name: 'Municipio' });
    await user.type(input, 'a');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', 'municipio-option-1');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Alcalá de Henares');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('chosen')).toHaveTextContent('28005');
    expect(screen.getByRole('status')).toHaveTextContent('Elegido: Alcalá de Henares.');
  });

  it('Escape closes the list, a second Escape clears the text and the choice', async () => {
    const { user } = renderApp(<Towns />);
    const input = screen.getByRole('combobox', { name: 'Municipio' });
    await user.type(input, 'avila');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('avila');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it("leaving the input with one option's label, accents aside, chooses it", async () => {
    const { user } = renderApp(<Towns />);
    await user.type(screen.getByRole('combobox', { name: 'Municipio' }), 'avila');
    await user.tab();
    expect(screen.getByTestId('chosen')).toHaveTextContent('05019');
    expect(screen.getByRole('combobox', { name: 'Municipio' })).toHaveValue('Ávila');
  });

  it('announces how many options match once the search settles, and when none do', async () => {
    const { user } = renderApp(<Towns />);
    await user.type(screen.getByRole('combobox', { name: 'Municipio' }), 'a');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 resultados'));
    await user.type(screen.getByRole('combobox', { name: 'Municipio' }), 'x');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No hay resultados para «ax».'));
  });
});
