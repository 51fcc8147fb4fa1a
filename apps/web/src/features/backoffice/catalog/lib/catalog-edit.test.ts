import { describe, expect, it } from 'vitest';
import { locateProblem, normalisePrice, parseJson } from './catalog-edit';

describe('normalisePrice', () => {
  it.each([
    ['25.12', '25.12'],
    [' 25,12 ', '25.12'],
    ['25', '25.00'],
    ['25.1', '25.10'],
    ['999999.99', '999999.99'],
    ['1000000', null],
    ['25.123', null],
    ['-1', null],
    ['abc', null],
    ['', null],
  ])('%j -> %j', (input, expected) => expect(normalisePrice(input)).toBe(expected));
});

describe('parseJson', () => {
  it('gives the value of valid JSON', () => expect(parseJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } }));
  it('gives the offset of a syntax error', () => {
    const parsed = parseJson('{"a": 1,, "b": 2}');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.offset).toBe(8);
  });
});

describe('locateProblem', () => {
  const text =
    '{\n  "options": [\n    { "option_id": 5 },\n    { "option_id": 50 }\n  ],\n  "conditions_to_exit": []\n}';
  it('finds the option of a problem, not a longer id that starts the same', () => {
    expect(locateProblem(text, { option_id: 5 })).toEqual({
      start: text.indexOf('"option_id": 5'),
      end: text.indexOf('"option_id": 5') + 14,
    });
  });
  it('reads the option from a path like options[50].previous_steps', () => {
    expect(locateProblem(text, { path: 'options[50].previous_steps' })?.start).toBe(text.indexOf('"option_id": 50'));
  });
  it('falls back to the first key of the path', () => {
    expect(locateProblem(text, { path: 'conditions_to_exit[0]' })?.start).toBe(text.indexOf('"conditions_to_exit"'));
  });
  it('gives null when nothing matches', () => expect(locateProblem(text, { path: 'question_on_start' })).toBeNull());
});
