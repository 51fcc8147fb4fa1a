import { describe, expect, it } from 'vitest';
import { canCorrectAnswers } from './answer-corrections.js';

describe('canCorrectAnswers: which order lines a customer may complete or correct', () => {
  it.each([
    ['pending', 0, true], // unpaid
    ['complete', 40, true], // paid, nobody works on it yet
    ['complete', 60, true], // incidence: the agent needs data
    ['complete', 50, false], // in process
    ['complete', 80, false],
    ['complete', 110, false], // delivered
    ['complete', 120, false],
    ['closed', 40, false], // refunded or closed: never
    ['canceled', 0, false],
    ['abonado_perseguir', 60, false],
  ])('%s, panel status %i -> %s', (raw, panel, expected) => {
    expect(canCorrectAnswers(raw, panel)).toBe(expected);
  });
});
