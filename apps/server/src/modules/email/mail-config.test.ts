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

  it.each<Record<string, string>>([
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

describe('inbound mail limits (INBOUND_ATTACHMENT_MAX_BYTES, INBOUND_SMTP_PER_IP_PER_HOUR, ..._PER_SENDER_...)', () => {
  const inbound = (env: Record<string, string>) => loadConfig({ ...base, ...env }).inboundMail;

  it('default to 20 MiB a file, 120 messages an hour per IP and 30 per sender', () => {
    expect(inbound({})).toMatchObject({
      attachmentMaxBytes: 20 * 1024 * 1024,
      smtpPerIpPerHour: 120,
      smtpPerSenderPerHour: 30,
    });
    expect(
      inbound({
        INBOUND_ATTACHMENT_MAX_BYTES: '4096',
        INBOUND_SMTP_PER_IP_PER_HOUR: '5',
        INBOUND_SMTP_PER_SENDER_PER_HOUR: '2',
      }),
    ).toMatchObject({ attachmentMaxBytes: 4096, smtpPerIpPerHour: 5, smtpPerSenderPerHour: 2 });
  });

  it.each<Record<string, string>>([
    { INBOUND_ATTACHMENT_MAX_BYTES: '10' },
    { INBOUND_SMTP_PER_IP_PER_HOUR: '0' },
    { INBOUND_SMTP_PER_SENDER_PER_HOUR: 'lots' },
  ])('refuses %o', (env) => {
    expect(() => inbound(env)).toThrow(ConfigError);
  });
});
