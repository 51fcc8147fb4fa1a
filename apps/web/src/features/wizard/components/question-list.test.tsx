import { moneyString } from '@ventanilla/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../shared/testing';
import { optionFixture, productFixture } from '../lib/product-fixtures';
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
        context={{ options: [name, kind], answers: {}, pricing: productFixture() }}
      />,
    );
    expect(screen.getByRole('textbox', { name: /Nombre/ })).toHaveValue('Ana');
    expect(screen.getByText('Elige el tipo de finca.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'x');
    expect(onChange).toHaveBeenLastCalledWith(1, 'Anax', false);
    await user.click(screen.getByRole('radio', { name: /Rústica/ }));
    expect(onChange).toHaveBeenLastCalledWith(2, '22', true);
  });

  it('an embedded question renders inside the block of the one before it, never as the heading', () => {
    const note = optionFixture(3, { title: 'Finca registral', embedded_to_previous: 1 });
    const revealed = optionFixture(4, { title: 'Tomo', embedded_hidden: 1 });
    renderApp(
      <QuestionList
        questions={[kind, note, revealed, name]}
        values={{}}
        errors={new Map()}
        onChange={() => {}}
        asHeading
        context={{ options: [kind, note, revealed, name], answers: {}, pricing: productFixture() }}
      />,
    );
    const block = screen.getByRole('group', { name: /Tipo/ }).closest('.question-block');
    expect(block).not.toBeNull();
    expect(block).toContainElement(screen.getByRole('textbox', { name: /Finca registral/ }));
    expect(block).toContainElement(screen.getByRole('textbox', { name: /Tomo/ }));
    expect(screen.getByRole('textbox', { name: /Tomo/ }).closest('.question-block__embedded--revealed')).not.toBeNull();
    expect(block).not.toContainElement(screen.getByRole('textbox', { name: /Nombre/ }));
    // Only block leaders can be headings: the embedded ones are plain labels.
    expect(screen.queryByRole('heading', { name: /Finca registral|Tomo/ })).toBeNull();
  });
});
