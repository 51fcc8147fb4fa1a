import { moneyString } from '@ventanilla/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../shared/testing';
import { optionFixture } from '../lib/product-fixtures';
import { QuestionList } from './question-list';

const name = optionFixture(1, { title: 'Nombre' });
const kind = optionFixture(2, {
  title: 'Tipo',
  type: 'radio',
  opt_values: [
    { id: 21, name: 'Urbana', price: moneyString('0.00') },
    { id: 22, name: 'Rústica', price: moneyString('0.00') },
  ],
});

describe('QuestionList', () => {
  it('renders each question with its answer and error, and tells typed changes from choices', async () => {
    const onChange = vi.fn();
    const { user } = renderApp(
      <QuestionList
        questions={[name, kind]}
        values={{ '1': 'Ana' }}
        errors={new Map([[2, 'Elige el tipo de finca.']])}
        onChange={onChange}
        context={{ options: [name, kind], answers: {} }}
      />,
    );
    expect(screen.getByRole('textbox', { name: /Nombre/ })).toHaveValue('Ana');
    expect(screen.getByText('Elige el tipo de finca.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'x');
    expect(onChange).toHaveBeenLastCalledWith(1, 'Anax', false);
    await user.click(screen.getByRole('radio', { name: /Rústica/ }));
    expect(onChange).toHaveBeenLastCalledWith(2, '22', true);
  });
});
