import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_SCORE, passwordScore, passwordUserInputs } from './password-strength.js';

describe('passwordUserInputs', () => {
  it('lists the e-mail, its local part, the names and their pieces, in lower case, with and without accents', () => {
    expect(
      passwordUserInputs({ email: ' Lucia.Perez-Gil@Example.com ', firstname: ' Lucía ', lastname: 'Pérez de la O' }),
    ).toEqual([
      'lucia.perez-gil@example.com',
      'lucia',
      'perez',
      'gil',
      'example',
      'com',
      'lucia.perez-gil',
      'lucía',
      'pérez de la o',
      'pérez',
      'de',
      'la',
      'perez de la o',
    ]); // never "o": one letter is no guess
  });

  it('splits on anything but letters and digits, digits staying in the pieces', () => {
    expect(passwordUserInputs({ email: 'ana_1990+tienda@correo.es' })).toEqual([
      'ana_1990+tienda@correo.es',
      'ana',
      '1990',
      'tienda',
      'correo',
      'es',
      'ana_1990+tienda',
    ]);
  });

  it('an account with nothing known gives no words', () => {
    expect(passwordUserInputs({})).toEqual([]);
    expect(passwordUserInputs({ email: '', firstname: ' ', lastname: 'X' })).toEqual([]);
  });
});

describe('passwordScore', () => {
  it('common passwords are cheap guesses (the dictionaries count)', () => {
    for (const password of ['iloveyou2024', 'password123', 'sunshine99']) {
      expect(passwordScore(password), password).toBeLessThan(PASSWORD_MIN_SCORE);
    }
  });

  it('accents are no secret, capitals without accents still count', () => {
    expect(passwordScore('RedCar77')).toBeGreaterThan(passwordScore('redcar77'));
    expect(passwordScore('RédCar77')).toBe(passwordScore('redcar77'));
  });
});
