import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing';
import { Combobox } from './combobox';

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
