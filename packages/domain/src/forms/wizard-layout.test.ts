import { describe, expect, it } from 'vitest';
import {
  askedOnPages,
  carryAnswers,
  confirmPageOptions,
  exitAnswerPage,
  firstPageOf,
  lastPageIndex,
  nextPageIndex,
  pageOfOption,
  pageOfStepSaved,
  previousPageIndex,
  questionsToAsk,
  reevaluationTriggers,
  visibleOptionsOn,
  wizardPages,
  type FormLayout,
} from './wizard-layout.js';

interface Q {
  option_id: number;
  index: number;
  is_require: boolean;
  previous_steps: Array<{ option_id: number; value: string }>;
  autounset_option_values?: Array<{ option_id: number; value: string }>;
  opt_values: Array<{ id: number }>;
  priced?: boolean;
}

function q(option_id: number, extra: Partial<Q> = {}): Q {
  return { option_id, index: option_id, is_require: true, previous_steps: [], opt_values: [], ...extra };
}

/** Five questions on four pages; 9 is a start question candidate; 3 optional; 1 and 5 choices. */
function layout(extra: Partial<FormLayout<Q>> = {}): FormLayout<Q> {
  return {
    steps: [[1], [2, 3], [4], [5]],
    options: [
      q(1, { opt_values: [{ id: 11 }, { id: 12 }] }),
      q(2),
      q(3, { is_require: false }),
      q(4),
      q(5, { opt_values: [{ id: 51 }] }),
      q(9),
    ],
    ...extra,
  };
}

const ALL = new Set([1, 2, 3, 4, 5]);

describe('wizardPages: the question on start first, then the steps without the confirm-page questions', () => {
  it.each([
    ['the steps as they are', layout(), [[1], [2, 3], [4], [5]]],
    [
      'a question on start gets a page of its own',
      layout({ question_on_start: 9, steps: [[1], [2, 3], [4], [5, 9]] }),
      [[9], [1], [2, 3], [4], [5]],
    ],
    ['an unknown question on start is ignored', layout({ question_on_start: 999 }), [[1], [2, 3], [4], [5]]],
    [
      'questions on confirm leave their page (emptied, then skipped)',
      layout({ questions_on_confirm: [5] }),
      [[1], [2, 3], [4], []],
    ],
    [
      'without steps: one page per option in form order',
      layout({ steps: [], options: [q(3), q(1), q(2)] }),
      [[1], [2], [3]],
    ],
  ] as const)('%s', (_, l, pages) => {
    expect(wizardPages(l)).toEqual(pages);
  });
});

describe('moving between pages skips pages with nothing visible', () => {
  const without4 = new Set([1, 2, 3, 5]);
  it.each([
    ['next from the first page', nextPageIndex(layout(), 0, ALL), 1],
    ['next skips a hidden page', nextPageIndex(layout(), 1, without4), 3],
    ['null after the last page (check answers next)', nextPageIndex(layout(), 3, ALL), null],
    ['an emptied last page counts as over', nextPageIndex(layout({ questions_on_confirm: [5] }), 2, ALL), null],
    ['after a change, only pages with unseen questions', nextPageIndex(layout(), 0, ALL, new Set([4])), 2],
    ['after a change with nothing unseen: over', nextPageIndex(layout(), 0, ALL, new Set()), null],
    ['back skips a hidden page', previousPageIndex(layout(), 3, without4), 1],
    ['no page before the first', previousPageIndex(layout(), 0, ALL), null],
    ['the last page with something to ask', lastPageIndex(layout(), new Set([1, 2])), 1],
  ] as const)('%s', (_, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('pages of options, errors and exits', () => {
  it.each([
    ['an option on page 2', pageOfOption(layout(), 3), 1],
    ['an option on no page', pageOfOption(layout(), 9), null],
    ['the earliest page of several options', firstPageOf(layout(), [{ option_id: 5 }, { option_id: 2 }]), 1],
    ['none on a page', firstPageOf(layout(), [{ option_id: 9 }]), null],
    [
      'an exit goes back to the earliest page of its rule',
      exitAnswerPage(layout(), { options: [{ option_id: 4 }, { option_id: 1 }] }),
      0,
    ],
    ['no rule: nowhere', exitAnswerPage(layout(), undefined), null],
  ] as const)('%s', (_, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('visibleOptionsOn: the visible options of a page, in its order', () => {
    expect(visibleOptionsOn(layout(), 1, new Set([3])).map((o) => o.option_id)).toEqual([3]);
    expect(visibleOptionsOn(layout(), 7, ALL)).toEqual([]);
  });
});

describe('pageOfStepSaved: where a redirect resumes', () => {
  const target = layout({ steps: [[1], [4], [5]] });
  it.each([
    ['step_saved 1 is the first page', target, 1, 0],
    ['step_saved 3 is the third page', target, 3, 2],
    ['past the end: the last page', target, 9, 2],
    ['missing: the first page', target, undefined, 0],
    ['after a question on start, shifted by one', { ...target, question_on_start: 5, steps: [[1], [4]] }, 2, 2],
  ] as const)('%s', (_, l, stepSaved, page) => {
    expect(pageOfStepSaved(l, stepSaved)).toBe(page);
  });
});

describe('the check-answers page', () => {
  it.each([
    ['questions on confirm', layout({ questions_on_confirm: [5] }), { type: 'continue' }, [5]],
    [
      'early checkout adds its confirmation options',
      layout(),
      { type: 'early_checkout', confirmation_options: [5, 77] },
      [5],
    ],
    ['confirmation options only under early checkout', layout(), { type: 'continue', confirmation_options: [5] }, []],
    ['no outcome yet', layout({ questions_on_confirm: [4, 4] }), undefined, [4]],
  ] as const)('%s', (_, l, outcome, expected) => {
    expect(confirmPageOptions(l, outcome)).toEqual(expected);
  });

  it('askedOnPages: the visible questions minus those of the check-answers page', () => {
    expect([...askedOnPages([1, 2, 5], [5])]).toEqual([1, 2]);
  });

  it.each([
    ['never seen', [1, 2, 3, 4, 5], [1, 2, 3, 4], { '1': '11', '2': 'Ana', '4': 'b' }, [5]],
    ['required and emptied', [1, 2, 3, 4, 5], [1, 2, 3, 4, 5], { '1': '11', '2': 'Ana', '4': '', '5': [51] }, [4]],
    ['an empty list counts as no answer', [5], [5], { '5': [] }, [5]],
    ['optional and empty: not asked again', [3], [3], {}, []],
  ] as const)('questionsToAsk: %s', (_, visible, seen, answers, expected) => {
    expect([...questionsToAsk(layout(), visible, seen, answers)].sort()).toEqual(expected);
  });
});

describe('carryAnswers: a redirect carries the answers its target asks, with values it knows', () => {
  const target = {
    options: [
      { option_id: 1, opt_values: [{ id: 11 }, { id: 13 }] },
      { option_id: 4, opt_values: [] },
    ],
  };
  it.each([
    ['a known choice and a text', { '1': '11', '4': 'Madrid' }, { '1': '11', '4': 'Madrid' }],
    ['options the target lacks are left', { '2': 'Ana', '99': 'x' }, {}],
    ['a value the target lacks is left', { '1': '12' }, {}],
    ['a list of known values, as a list', { '1': [11, 13] }, { '1': [11, 13] }],
    ['a comma list with one unknown value is left', { '1': '11,12' }, {}],
    ['empty answers are left', { '1': [], '4': '' }, {}],
    ['a document reference is kept as it is', { '4': { file_id: 'f1' } }, { '4': { file_id: 'f1' } }],
  ] as const)('%s', (_, answers, expected) => {
    expect(carryAnswers<unknown>(answers, target)).toEqual(expected);
  });
});

describe('reevaluationTriggers: answers that change price, visibility or early checkout', () => {
  it('priced options, options conditions read, and early checkout options', () => {
    const l = {
      ...layout({
        options: [
          q(1, { priced: true }),
          q(2, { previous_steps: [{ option_id: 3, value: 'x' }] }),
          q(4, { autounset_option_values: [{ option_id: 5, value: 'y' }] }),
          q(6),
        ],
      }),
      conditions_to_earlycheckout: { options: [{ option_id: 7 }] },
    };
    expect([...reevaluationTriggers(l, (o) => o.priced === true)].sort()).toEqual([1, 3, 5, 7]);
  });
});
