import { checkNewPassword, checkRegistration } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import { problemErrors } from './problem-errors';

describe('problemErrors: the domain account rules as the forms show them', () => {
  it('registration: every refused field inline and in the summary, in form order, in the store language', () => {
    const problems = checkRegistration({ email: 'nope', password: 'Password2024', firstname: '', lastname: 'Pérez' });
    expect(problemErrors(problems, 'register', 'es')).toEqual({
      byField: {
        email: 'Escribe un email válido, como nombre@ejemplo.com',
        firstname: 'Por favor, escribe el dato',
        password: 'Esta contraseña es demasiado común y fácil de adivinar: elige otra',
      },
      summary: [
        { href: '#register-email', text: 'Escribe un email válido, como nombre@ejemplo.com' },
        { href: '#register-firstname', text: 'Por favor, escribe el dato' },
        { href: '#register-password', text: 'Esta contraseña es demasiado común y fácil de adivinar: elige otra' },
      ],
    });
  });

  it('a new password of only spaces, in Portuguese', () => {
    const policy = checkNewPassword(' '.repeat(12));
    if (policy.ok) throw new Error('expected a refusal');
    expect(problemErrors([{ field: 'password', message: policy.message }], 'reset', 'pt').byField).toEqual({
      password: 'A palavra-passe não pode ser só espaços',
    });
  });

  it('nothing to show for a valid registration', () => {
    const problems = checkRegistration({
      email: 'ana@example.com',
      password: 'correct-horse-battery',
      firstname: 'Ana',
      lastname: 'Pérez',
    });
    expect(problemErrors(problems, 'register', 'en')).toEqual({ byField: {}, summary: [] });
  });
});
