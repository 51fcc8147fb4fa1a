import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.js';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/ventanilla-mail-config' };
const mail = (env: Record<string, string>) => loadConfig({ ...base, ...env }).mail;

describe('mail configuration (SMTP_URL, SMTP_HOST..., MAIL_FROM, MAIL_FROM_STORES, MAIL_LINKS)', () => {
  it('defaults to the local mailbox, links to PUBLIC_URL, 10 attempts from 30 s', () => {
    expect(mail({})).toMatchObject({
      transport: 'mailbox',
      smtp: null,
      from: 'no-reply@ventanilla.test',
      links: 'public-url',
      maxAttempts: 10,
      retryBaseMs: 30_000,
    });
  });

  it.each([
    [
      { SMTP_URL: 'smtps://u:p@smtp.example.com:465' },
      { transport: 'smtp', smtp: { url: 'smtps://u:p@smtp.example.com:465' } },
    ],
    [
      { SMTP_HOST: 'smtp.example.com' },
      { transport: 'smtp', smtp: { host: 'smtp.example.com', port: 587, secure: false } },
    ],
    [
      { SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465', SMTP_USER: 'me', SMTP_PASS: 'pw' },
      { smtp: { host: 'smtp.example.com', port: 465, secure: true, user: 'me', pass: 'pw' } },
    ],
    [
      { SMTP_URL: 'smtp://x:25', MAIL_TRANSPORT: 'mailbox' },
      { transport: 'mailbox', smtp: null },
    ],
    [
      { MAIL_FROM_STORES: '16=encomendas@balcao.test, 17=orders@ventanilla.test' },
      { fromByStore: { 16: 'encomendas@balcao.test', 17: 'orders@ventanilla.test' } },
    ],
    [{ MAIL_LINKS: 'store-host' }, { links: 'store-host' }],
  ])('%o', (env, expected) => {
    expect(mail(env)).toMatchObject(expected);
  });

  it.each([
    { SMTP_URL: 'http://smtp.example.com' },
    { MAIL_TRANSPORT: 'smtp' },
    { MAIL_TRANSPORT: 'carrier-pigeon' },
    { MAIL_FROM: 'Ventanilla <x@y.z>' },
    { MAIL_FROM_STORES: 'sixteen=a@b.c' },
    { MAIL_LINKS: 'elsewhere' },
    { MAIL_MAX_ATTEMPTS: '0' },
  ])('refuses %o with a readable message', (env) => {
    expect(() => mail(env)).toThrow(ConfigError);
  });
});
