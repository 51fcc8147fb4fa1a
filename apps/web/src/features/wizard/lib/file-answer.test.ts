import { describe, expect, it } from 'vitest';
import type { Product, ProductOption } from '../../../shared/lib/api-contract';
import { parseDraft } from './draft-storage';
import { decodeFileAnswer, encodeFileAnswer } from './file-answer';
import { answerLabel, carryAnswers, toApiAnswers } from './wizard-pages';

const deed = { file_id: 'up_abc123', filename: 'escritura.pdf', size: 2048, content_type: 'application/pdf' };
const fileOption = {
  option_id: 3410,
  type: 'file',
  title: 'Copia de la escritura',
  opt_values: [],
} as unknown as ProductOption;
const textOption = { option_id: 3409, type: 'field', title: 'Comprador', opt_values: [] } as unknown as ProductOption;

describe('file answers in the wizard (kept as the reference JSON, sent as the reference)', () => {
  it('round-trips a reference, and only a reference (extra fields dropped)', () => {
    const kept = encodeFileAnswer({ ...deed, extra: 'x' } as typeof deed);
    expect(decodeFileAnswer(kept)).toEqual(deed);
    expect(kept).not.toContain('extra');
  });

  it.each([['escritura.pdf'], ['{"file_id":'], ['{"file_id":""}'], ['{"name":"x"}'], [''], [undefined]])(
    '"%s" is not a file answer',
    (text) => {
      expect(decodeFileAnswer(text)).toBeNull();
    },
  );

  it('the request body carries the file reference object; other answers stay text', () => {
    expect(toApiAnswers({ '3410': encodeFileAnswer(deed), '3409': 'Ana Ruiz', '3408': '' })).toEqual({
      '3410': deed,
      '3409': 'Ana Ruiz',
    });
  });

  it('the check-answers page shows the file name', () => {
    expect(answerLabel(fileOption, encodeFileAnswer(deed))).toBe('escritura.pdf');
    expect(answerLabel(textOption, 'Ana Ruiz')).toBe('Ana Ruiz');
  });

  it('a redirect carries a document the target also asks for', () => {
    const target = { options: [fileOption] } as unknown as Product;
    expect(decodeFileAnswer(carryAnswers({ '3410': deed, '9999': 'x' }, target)['3410'])).toEqual(deed);
  });

  it('drafts keep the reference (reload, Back, coming back later)', () => {
    const stored = JSON.parse(
      JSON.stringify({
        answers: { '3410': encodeFileAnswer(deed) },
        seen: [3410],
        lastPath: '/tienda/x/step8',
        lastStep: 8,
      }),
    );
    expect(decodeFileAnswer(parseDraft(stored).answers['3410'])).toEqual(deed);
  });
});
