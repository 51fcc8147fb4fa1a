import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { handler, renderApp, server } from '../../../shared/testing';
import { encodeFileAnswer } from '../lib/file-answer';
import { optionFixture } from '../lib/product-fixtures';
import { FileQuestion } from './file-question';

const option = optionFixture(4, { type: 'file', title: 'Escritura' });
const deed = { file_id: 'f-1', filename: 'escritura.pdf', size: 2048, content_type: 'application/pdf' };

/** The question as the wizard holds it, with a document already given; the answer is shown for the test to read. */
function Question() {
  const [value, setValue] = useState(encodeFileAnswer(deed));
  return (
    <>
      <FileQuestion
        option={option}
        id="option-4"
        value={value}
        error={undefined}
        optional={false}
        hint={undefined}
        asHeading={false}
        onChange={setValue}
      />
      <pre data-testid="answer">{value}</pre>
    </>
  );
}

describe('FileQuestion', () => {
  it('shows the document given by name, and "Quitar" takes it away and offers the file input again', async () => {
    const deleted: string[] = [];
    server.use(
      handler('get', '/api/uploads/limits', () => ({ max_bytes: 10 * 1024 * 1024, content_types: [] })),
      handler('delete', '/api/uploads/{fileId}', ({ params }) => {
        deleted.push(String(params.fileId));
        return undefined;
      }),
    );
    const { user } = renderApp(<Question />);
    expect(screen.getByRole('link', { name: 'escritura.pdf' })).toHaveAttribute('href', '/api/uploads/f-1');
    expect(screen.getByRole('button', { name: /Cambiar por otro.*escritura\.pdf/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Quitar.*escritura\.pdf/ }));
    expect(screen.getByText('Documento quitado')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('answer')).toBeEmptyDOMElement();
    expect(screen.queryByRole('link', { name: 'escritura.pdf' })).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(/Escritura/)).toHaveFocus());
    await waitFor(() => expect(deleted).toEqual(['f-1']));
  });
});
