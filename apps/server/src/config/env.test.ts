import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig({ NODE_ENV: 'test', ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('server configuration (parsed against one schema of the environment)', () => {
  it('fills in the defaults, typed', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      defaultStoreId: 1,
      maxUploadBytes: 10 * 1024 * 1024,
      uploadsPerHour: 40,
      verifactuEnvironment: 'test',
    });
    expect(config.mail).toMatchObject({ transport: 'mailbox', pollMs: 2000 });
  });

  it('converts numbers and treats an empty variable as unset', () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '8080', DEFAULT_STORE_ID: '16', UPLOADS_PER_HOUR: '' });
    expect(config.port).toBe(8080);
    expect(config.defaultStoreId).toBe(16);
    expect(config.uploadsPerHour).toBe(40);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer between 0 and 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be an integer between 0 and 65535, got "70000"'],
    [
      { MAX_UPLOAD_BYTES: '1.5' },
      `MAX_UPLOAD_BYTES must be an integer between 1024 and ${Number.MAX_SAFE_INTEGER}, got "1.5"`,
    ],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be development, production or test, got "staging"'],
    [{ VERIFACTU_ENV: 'live' }, 'VERIFACTU_ENV must be production or test, got "live"'],
    [{ MAIL_TRANSPORT: 'carrier-pigeon' }, 'MAIL_TRANSPORT must be smtp or mailbox, got "carrier-pigeon"'],
    [{ PUBLIC_URL: 'shop.example' }, 'PUBLIC_URL must start with http:// or https://'],
  ])('refuses %o: %s', (env, message) => {
    expect(refusal(env)).toBe(message);
  });

  it('does not repeat a database URL (it may hold a password) in its message', () => {
    const message = refusal({ DATABASE_URL: 'mysql://root:hunter2@db/shop' });
    expect(message).toBe('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(message).not.toContain('hunter2');
  });

  it('keeps the rules that span variables: secrets in production', () => {
    expect(refusal({ NODE_ENV: 'production' })).toBe('SANDBOX_WEBHOOK_SECRET is required in production');
    expect(refusal({ NODE_ENV: 'production', SANDBOX_WEBHOOK_SECRET: 'short' })).toBe(
      'SANDBOX_WEBHOOK_SECRET must be at least 32 characters in production',
    );
    const sandbox = { NODE_ENV: 'production', SANDBOX_WEBHOOK_SECRET: 's'.repeat(40) };
    expect(refusal(sandbox)).toBe('PAY_LINK_SECRET is required in production');
    expect(refusal({ ...sandbox, PAY_LINK_SECRET: 'short' })).toBe(
      'PAY_LINK_SECRET must be at least 32 characters in production',
    );
    const secrets = { ...sandbox, PAY_LINK_SECRET: 'p'.repeat(40) };
    expect(refusal(secrets)).toBe('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production');
    expect(refusal({ ...secrets, VAPID_PRIVATE_KEY: 'bJaHU3SLg7JudKL1RG9lvKaFuUNu4PKjiB4m6-hc688' })).toBe(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
    );
  });
});
