import { describe, expect, it } from 'vitest';
import { insertText } from './insert-text';

describe('insertText', () => {
  it.each([
    ['empty box', '', 'Hola', 0, 0, 'Hola', 4],
    ['no caret known: at the end, on its own line', 'Texto', 'Hola', null, null, 'Texto\nHola', 10],
    ['at the start of text', 'Texto', 'Hola', 0, 0, 'Hola\nTexto', 4],
    ['mid-line: a line of its own', 'ab', 'X', 1, 1, 'a\nX\nb', 3],
    ['after a line break', 'a\n', 'X', 2, 2, 'a\nX', 3],
    ['replaces the selection', 'a SEL b', 'X', 2, 5, 'a \nX\n b', 4],
    ['out-of-range caret', 'ab', 'X', 99, 120, 'ab\nX', 4],
    ['reversed selection', 'abc', 'X', 2, 1, 'ab\nX\nc', 4],
  ])('%s', (_name, value, text, start, end, expected, caret) => {
    expect(insertText(value, text, start, end)).toEqual({ value: expected, caret });
  });
});
