import { describe, expect, it } from 'vitest';
import { validateDescricaoPredial } from './descricao-predial.js';

describe('número da descrição predial', () => {
  it.each([
    ['1234', '1234'],
    ['1234/20050315', '1234/20050315'],
    [' 56 / 19991231 ', '56/19991231'],
    ['7/20240229', '7/20240229'],
  ])('%j is accepted as %j', (value, normalised) => {
    expect(validateDescricaoPredial(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['', 'empty'],
    ['abc', 'format'],
    ['12a4', 'format'],
    ['0', 'format'],
    ['1234/2005', 'format'],
    ['1234/20050231', 'format'],
    ['1234/20230229', 'format'],
    ['1234-20050315', 'format'],
    ['1234567', 'format'],
    ['Rua das Flores 1', 'format'],
  ])('%j is refused (%s)', (value, reason) => {
    expect(validateDescricaoPredial(value)).toEqual({ ok: false, reason });
  });
});
