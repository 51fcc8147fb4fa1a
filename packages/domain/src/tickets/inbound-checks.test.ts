import { describe, expect, it } from 'vitest';
import { contactFormProblems, webhookSignatureHex, webhookTimestampOk, WEBHOOK_WINDOW_S } from './inbound-checks.js';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const S = NOW / 1000;

describe('webhookTimestampOk', () => {
  it.each([
    [String(S), true],
    [String(S - WEBHOOK_WINDOW_S), true],
    [String(S + WEBHOOK_WINDOW_S), true],
    [String(S - WEBHOOK_WINDOW_S - 1), false],
    [String(S + WEBHOOK_WINDOW_S + 1), false],
    ['', false],
    [`-${S}`, false],
    [`${S}.5`, false],
    ['1e9', false],
    [` ${S}`, false],
    ['9'.repeat(13), false],
    ['9'.repeat(12), false],
    [`${S}\u0000`, false],
  ])('%j -> %s', (raw, ok) => {
    expect(webhookTimestampOk(raw, NOW)).toBe(ok);
  });
});

describe('webhookSignatureHex', () => {
  it.each([
    ['a'.repeat(64), 'a'.repeat(64)],
    ['ABCDEF'.padEnd(64, '0'), 'abcdef'.padEnd(64, '0')],
    ['a'.repeat(63), null],
    ['a'.repeat(65), null],
    ['g'.repeat(64), null],
    [`${'a'.repeat(63)}\u0000`, null],
    ['', null],
  ])('%j -> %j', (raw, expected) => {
    expect(webhookSignatureHex(raw)).toBe(expected);
  });
});

describe('contactFormProblems', () => {
  const ok = { email: 'ana@example.com', name: 'Ana', subject: 'Hola', message: 'Línea 1\nLínea 2\tcon tab\r\n' };
  it.each([
    [{}, []],
    [{ name: undefined }, []],
    [{ message: 'a\u0000b' }, ['message']],
    [{ subject: 'x\u0007', name: 'y\u001b' }, ['name', 'subject']],
    [{ email: 'a\u007f@b.es' }, ['email']],
    [{ subject: 'x\u000b' }, ['subject']],
  ])('%j -> %j', (change, fields) => {
    expect(contactFormProblems({ ...ok, ...change })).toEqual(fields);
  });
});
