import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DATA_CATEGORIES,
  accountDeletionBlocker,
  categoriesWith,
  deletedAccountEmail,
  ERASURE_RULES,
  identityDocumentAction,
  maskEmail,
} from './account-data.js';
import { checkEmailChange } from './email-change.js';
import { checkPushEndpoint, mayRetryPushSubscribe, notificationForStatusChange } from './push.js';

describe('erasure rules', () => {
  it.each([
    ['invoices', 'retain'],
    ['payments', 'retain'],
    ['order_answers', 'retain'],
    ['orders', 'anonymise'],
    ['profile', 'anonymise'],
    ['tickets', 'anonymise'],
    ['sessions', 'erase'],
    ['tokens', 'erase'],
    ['identity_documents', 'erase'],
    ['saved_items', 'erase'],
    ['push_subscriptions', 'erase'],
  ] as const)('%s is %s', (category, action) => {
    expect(ERASURE_RULES[category].action).toBe(action);
  });
  it('every category has a rule and a reason; the three lists split them all', () => {
    for (const c of ACCOUNT_DATA_CATEGORIES) expect(ERASURE_RULES[c].reason.length).toBeGreaterThan(3);
    const all = [...categoriesWith('erase'), ...categoriesWith('anonymise'), ...categoriesWith('retain')];
    expect(all.sort()).toEqual([...ACCOUNT_DATA_CATEGORIES].sort());
  });
});

describe('identity document retention', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  it.each([
    ['open order, account deleted', { orderOpen: true, finishedAt: null, accountDeleted: true }, 'keep'],
    ['open order', { orderOpen: true, finishedAt: null, accountDeleted: false }, 'keep'],
    ['finished, account deleted', { orderOpen: false, finishedAt: daysAgo(1), accountDeleted: true }, 'erase'],
    ['finished 29 days ago', { orderOpen: false, finishedAt: daysAgo(29), accountDeleted: false }, 'keep'],
    ['finished 30 days ago', { orderOpen: false, finishedAt: daysAgo(30), accountDeleted: false }, 'erase'],
    ['never finished, not open (unpaid)', { orderOpen: false, finishedAt: null, accountDeleted: false }, 'keep'],
  ] as const)('%s -> %s', (_name, input, expected) => {
    expect(identityDocumentAction({ ...input, now })).toBe(expected);
  });
});

describe('deletion blocker', () => {
  it.each([
    [[], null],
    [[{ paid: true, lineStatuses: ['ready'] }], null],
    [[{ paid: false, lineStatuses: ['processing'] }], null],
    [[{ paid: true, lineStatuses: ['ready', 'processing'] }], 'open_orders'],
    [[{ paid: true, lineStatuses: ['incidence'] }], 'open_orders'],
    [[{ paid: true, lineStatuses: ['returned'] }], null],
  ] as const)('%j -> %s', (orders, expected) => {
    expect(accountDeletionBlocker(orders)).toBe(expected);
  });
  it('frees the address with a unique undeliverable one', () => {
    expect(deletedAccountEmail(42)).toBe('deleted-42@deleted.invalid');
  });
  it.each([
    ['ana.garcia@example.com', 'a***@e***.com'],
    ['x@y', 'x***@y***'],
    ['broken', '***'],
  ])('masks %s as %s', (email, masked) => expect(maskEmail(email)).toBe(masked));
});

describe('e-mail change', () => {
  const base = { new_email: 'nuevo@example.com', current_password: 'secret', current_email: 'old@example.com' };
  it.each([
    ['valid', {}, []],
    ['empty', { new_email: '' }, ['new_email:validation.required_text']],
    ['invalid', { new_email: 'nope' }, ['new_email:account.email_invalid']],
    ['same, other case', { new_email: ' OLD@example.com ' }, ['new_email:email.same_as_current']],
    ['no password', { current_password: '' }, ['current_password:validation.required_text']],
  ])('%s', (_n, change, expected) => {
    expect(checkEmailChange({ ...base, ...change }).map((p) => `${p.field}:${p.message.key}`)).toEqual(expected);
  });
});

describe('push', () => {
  it.each([
    [0, true],
    [3, true],
    [4, false],
    [5, false],
    [-1, false],
    [1.5, false],
  ])('after %d failed attempts, retry: %s', (n, ok) => expect(mayRetryPushSubscribe(n)).toBe(ok));

  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', false, true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', true, true],
    ['https://web.push.apple.com/QO', true, true],
    ['http://fcm.googleapis.com/fcm/send/abc', true, false],
    ['https://fcm.googleapis.com:8443/x', true, false],
    ['https://127.0.0.1/x', true, false],
    ['http://127.0.0.1:4567/push/1', false, true],
    ['http://127.0.0.1:4567/push/1', true, false],
    ['http://localhost:4567/push/1', false, true],
    ['http://10.0.0.5/x', false, false],
    ['https://10.0.0.5/x', true, false],
    ['https://169.254.169.254/latest', true, false],
    ['https://[::1]/x', true, false],
    ['https://metadata/x', true, false],
    ['https://db.internal/x', true, false],
    ['https://printer.local/x', true, false],
    ['https://user:pw@fcm.googleapis.com/x', true, false],
    ['https://2130706433/x', true, false],
    // Trailing dots: the same host to DNS, so the same refusal.
    ['https://localhost./x', true, false],
    ['https://localhost./x', false, false],
    ['https://metadata./x', true, false],
    ['https://db.internal./x', true, false],
    ['https://fcm.googleapis.com./x', true, false],
    ['https://.fcm.googleapis.com/x', true, false],
    ['https://fcm..googleapis.com/x', true, false],
    // Cloud metadata over plain http, encoded and numeric spellings of loopback, IPv6 loopback in development too.
    ['http://169.254.169.254/latest/meta-data', true, false],
    ['http://169.254.169.254/latest/meta-data', false, false],
    ['https://%31%32%37.0.0.1/x', true, false],
    ['https://fcm.googleapis.com%2f@127.0.0.1/x', true, false],
    ['https://0x7f000001/x', true, false],
    ['https://0177.0.0.1/x', true, false],
    ['https://127.1/x', true, false],
    ['http://0.0.0.0:4567/x', false, false],
    ['http://[::1]:4567/x', false, false],
    ['https://[0:0:0:0:0:0:0:1]/x', true, false],
    ['https://[::ffff:169.254.169.254]/x', true, false],
    ['https://LOCALHOST/x', true, false],
    ['https://foo.localhost/x', true, false],
    ['file:///etc/passwd', false, false],
    ['javascript:alert(1)', false, false],
    ['https://fcm.googleapis.com/\u0000x', true, false],
    ['', true, false],
    [`https://fcm.googleapis.com/${'a'.repeat(1000)}`, true, false],
  ])('%s (production %s) -> %s', (endpoint, production, ok) => {
    expect(checkPushEndpoint(endpoint, production)).toBe(ok);
  });

  it.each([
    ['paid, worked -> incidence', 'complete', null, 40, 60, { kind: 'incident', status: 'incidence' }],
    ['worked -> ready', 'complete', null, 40, 110, { kind: 'order_status', status: 'ready' }],
    ['ready -> closed: same status', 'complete', null, 110, 120, null],
    ['internal move', 'complete', null, 40, 80, null],
    ['incidence -> worked again', 'complete', null, 60, 40, { kind: 'order_status', status: 'processing' }],
    [
      'explicit client status, incident still needs the customer',
      'complete',
      2,
      40,
      60,
      { kind: 'incident', status: 'processing' },
    ],
    ['explicit client status, ready: nothing changes for the customer', 'complete', 2, 40, 110, null],
  ] as const)('%s', (_n, rawStatus, clientStatusId, oldPanelStatus, newPanelStatus, expected) => {
    expect(notificationForStatusChange({ rawStatus, clientStatusId, oldPanelStatus, newPanelStatus })).toEqual(
      expected,
    );
  });
});
