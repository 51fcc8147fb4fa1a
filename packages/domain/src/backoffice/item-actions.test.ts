import { describe, expect, it } from 'vitest';
import { DOMAIN_MESSAGE_KEYS, translateDomainMessage } from '../i18n/domain-messages.js';
import {
  agentDisplayName,
  checkDeadline,
  checkDelegate,
  checkFileDelete,
  checkFinishResult,
  checkLead,
  checkLeadResend,
  LEAD_RESEND_MIN_HOURS,
  checkNoteDelete,
  checkNoteText,
  checkPostpone,
  checkPriority,
  checkProviderId,
  checkReason,
  checkReference,
  checkStatusChange,
  isCurrentVersion,
  isNotaryWork,
  itemActionMessage,
  mayWorkOnItem,
  nextVersion,
  parseInstant,
  type BackofficeRole,
  type ItemActionRefusal,
  STATE_REFUSALS,
} from './item-actions.js';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const refused = (reason: ItemActionRefusal) => ({ ok: false, reason });

describe('"Sistema"', () => {
  it.each([
    [1, 'Ana Admin', 'es', 'Sistema'],
    [1, 'Ana Admin', 'en', 'System'],
    [1, 'Ana Admin', 'pt', 'Sistema'],
    [null, null, 'es', 'Sistema'],
    [null, 'Pagos', 'es', 'Sistema'],
    [7, null, 'es', 'Sistema'],
    [7, 'Beatriz Agente', 'es', 'Beatriz Agente'],
  ] as const)('user %s (%s) in %s is %s', (id, name, language, shown) => {
    expect(agentDisplayName(id, name, language)).toBe(shown);
  });
});

describe('notary work', () => {
  it.each([
    [98, true],
    [1000, true],
    [1004, true],
    [40, false],
    [110, false],
    [0, false],
  ])('status %s is notary work: %s', (status, expected) => {
    expect(isNotaryWork(status)).toBe(expected);
    expect(mayWorkOnItem('notary', status)).toBe(expected);
    expect(mayWorkOnItem('agent', status)).toBe(true);
    expect(mayWorkOnItem('admin', status)).toBe(true);
  });
});

describe('status change', () => {
  it.each<[BackofficeRole, number, number, object]>([
    ['agent', 40, 50, { ok: true, value: 50 }],
    ['agent', 110, 40, { ok: true, value: 40 }],
    ['admin', 120, 40, { ok: true, value: 40 }],
    ['agent', 40, 40, refused('same_status')],
    ['agent', 40, 0, refused('payment_status')],
    ['agent', 0, 40, refused('unpaid')],
    ['agent', 40, 55, refused('unknown_status')],
    ['agent', 40, 1e300, refused('unknown_status')],
    ['agent', 40, Number.NaN, refused('unknown_status')],
    ['notary', 98, 1000, { ok: true, value: 1000 }],
    ['notary', 1000, 1001, { ok: true, value: 1001 }],
    ['notary', 98, 110, refused('not_notary_status')],
    ['notary', 98, 40, refused('not_notary_status')],
  ])('%s: %s -> %s', (role, from, to, expected) => {
    expect(checkStatusChange({ role, from, to })).toEqual(expected);
  });
});

describe('finish result', () => {
  it.each<[BackofficeRole, number, number, object]>([
    ['agent', 40, 110, { ok: true, value: 110 }],
    ['agent', 40, 60, { ok: true, value: 60 }],
    ['agent', 50, 50, { ok: true, value: 50 }],
    ['agent', 40, 40, refused('not_a_result')],
    ['agent', 40, 80, refused('not_a_result')],
    ['agent', 40, 20, refused('not_a_result')],
    ['agent', 0, 0, refused('payment_status')],
    ['agent', 0, 110, refused('unpaid')],
    ['agent', 40, 7, refused('unknown_status')],
    ['notary', 1000, 1001, { ok: true, value: 1001 }],
    ['notary', 1001, 1001, { ok: true, value: 1001 }],
    ['notary', 1000, 110, refused('not_notary_status')],
    ['notary', 110, 110, refused('not_notary_status')],
    ['agent', 55, 55, refused('unknown_status')],
    ['agent', 40, 0, refused('payment_status')],
    ['agent', 40, 1.5, refused('unknown_status')],
  ])('%s: %s -> %s', (role, from, to, expected) => {
    expect(checkFinishResult({ role, from, to })).toEqual(expected);
  });
});

describe('leads', () => {
  it.each([
    [0, { ok: true, value: true }],
    [40, refused('not_a_lead')],
    [120, refused('not_a_lead')],
  ])('status %s', (status, expected) => expect(checkLead(status)).toEqual(expected));

  const now = new Date('2026-11-24T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  it.each<[number, Date | null, object]>([
    [0, null, { ok: true, value: true }],
    [0, hoursAgo(LEAD_RESEND_MIN_HOURS), { ok: true, value: true }],
    [0, hoursAgo(LEAD_RESEND_MIN_HOURS + 1), { ok: true, value: true }],
    [0, new Date(hoursAgo(LEAD_RESEND_MIN_HOURS).getTime() + 1), refused('lead_resent_recently')],
    [0, hoursAgo(0), refused('lead_resent_recently')],
    [40, null, refused('not_a_lead')],
    [40, hoursAgo(1), refused('not_a_lead')],
  ])('resend: status %s, last sent %s', (status, last, expected) =>
    expect(checkLeadResend(status, last, now)).toEqual(expected),
  );
  it('a reminder waits 12 hours', () => expect(LEAD_RESEND_MIN_HOURS).toBe(12));
});

describe('priority', () => {
  it.each<[unknown, object]>([
    [0, { ok: true, value: 0 }],
    [10, { ok: true, value: 10 }],
    [5, { ok: true, value: 5 }],
    [-1, refused('out_of_range')],
    [11, refused('out_of_range')],
    [1.5, refused('not_an_integer')],
    [1e300, refused('not_an_integer')],
    [Number.POSITIVE_INFINITY, refused('not_an_integer')],
    ['5', refused('not_an_integer')],
    [null, refused('not_an_integer')],
  ])('%s', (value, expected) => expect(checkPriority(value)).toEqual(expected));
});

describe('instants', () => {
  it.each<[string, string | null]>([
    ['2026-12-01T09:30:00Z', '2026-12-01T09:30:00.000Z'],
    ['2026-12-01T09:30:00.123Z', '2026-12-01T09:30:00.123Z'],
    ['2026-12-01T10:30+01:00', '2026-12-01T09:30:00.000Z'],
    ['2028-02-29T00:00:00Z', '2028-02-29T00:00:00.000Z'],
    ['2027-02-29T00:00:00Z', null],
    ['2026-13-01T00:00:00Z', null],
    ['2026-12-01T24:00:00Z', null],
    ['2026-12-01T09:30:00', null],
    ['2026-12-01', null],
    ['1999-12-31T23:59:59Z', null],
    ['99999-12-01T00:00:00Z', null],
    ['2026-12-01T09:30:00Z\u0000', null],
    ['2026-12-01T09:30:00+15:00', null],
    ['2026-12-01T09:30:00+14:00', '2026-11-30T19:30:00.000Z'],
    ['2026-12-01T09:30:00-03:30', '2026-12-01T13:00:00.000Z'],
    ['2026-12-01T09:30:00+01:60', null],
    ['2026-12-01T09:30:00.5Z', '2026-12-01T09:30:00.500Z'],
    ['2000-01-01T00:00:00Z', '2000-01-01T00:00:00.000Z'],
    ['2999-12-31T23:59:59Z', '2999-12-31T23:59:59.000Z'],
    ['3000-01-01T00:00:00Z', null],
    ['2026-00-10T00:00:00Z', null],
    ['2026-12-00T00:00:00Z', null],
    ['2026-12-31T00:00:00Z', '2026-12-31T00:00:00.000Z'],
    ['2026-12-32T00:00:00Z', null],
    ['2026-04-31T00:00:00Z', null],
    ['2026-12-01T09:60:00Z', null],
    ['2026-12-01T09:30:60Z', null],
    [' 2026-12-01T09:30:00Z', null],
    ['', null],
  ])('%j', (raw, expected) => expect(parseInstant(raw)?.toISOString() ?? null).toBe(expected));
});

describe('postpone and deadline', () => {
  it.each<[string | null, object]>([
    ['2026-11-25T10:00:00Z', { ok: true, value: new Date('2026-11-25T10:00:00Z') }],
    [null, { ok: true, value: null }],
    ['', { ok: true, value: null }],
    ['2026-11-24T10:00:00Z', refused('in_past')],
    ['2026-11-23T10:00:00Z', refused('in_past')],
    ['2028-11-24T10:00:00Z', refused('too_far')],
    ['mañana', refused('bad_date')],
    ['2027-11-25T10:00:00Z', { ok: true, value: new Date('2027-11-25T10:00:00Z') }],
    ['2027-11-25T10:00:00.001Z', refused('too_far')],
  ])('postpone %j', (raw, expected) => expect(checkPostpone(raw, NOW)).toEqual(expected));

  it('a deadline may be further away than a postponement, but not in the past', () => {
    expect(checkDeadline('2028-01-01T00:00:00Z', NOW).ok).toBe(true);
    expect(checkPostpone('2028-01-01T00:00:00Z', NOW)).toEqual(refused('too_far'));
    expect(checkDeadline('2026-11-24T09:59:59Z', NOW)).toEqual(refused('in_past'));
    expect(checkDeadline(null, NOW)).toEqual({ ok: true, value: null });
    expect(checkDeadline('2028-11-25T10:00:00Z', NOW).ok).toBe(true);
    expect(checkDeadline('2028-11-25T10:00:00.001Z', NOW)).toEqual(refused('too_far'));
  });
});

describe('texts', () => {
  it.each<[string | null, object]>([
    ['  EXP-2026/15  ', { ok: true, value: 'EXP-2026/15' }],
    ['', { ok: true, value: null }],
    [null, { ok: true, value: null }],
    ['a\u0000b', refused('invalid_characters')],
    ['a\nb', refused('invalid_characters')],
    ['\ud800x', refused('invalid_characters')],
    ['x'.repeat(101), refused('too_long')],
    ['ñ'.repeat(100), { ok: true, value: 'ñ'.repeat(100) }],
    ['😀'.repeat(100), { ok: true, value: '😀'.repeat(100) }],
    ['a\tb', refused('invalid_characters')],
    ['a\u007fb', refused('invalid_characters')],
    ['a\u009fb', refused('invalid_characters')],
    ['x\udc00', refused('invalid_characters')],
    ['a\u00a0b', { ok: true, value: 'a\u00a0b' }],
    ['   ', { ok: true, value: null }],
  ])('reference %j', (raw, expected) => expect(checkReference(raw)).toEqual(expected));

  it.each<[string | null, object]>([
    ['registradores.es', { ok: true, value: 'registradores.es' }],
    [null, { ok: true, value: null }],
    ['-x', refused('bad_provider')],
    ['a b', refused('bad_provider')],
    ['a'.repeat(65), refused('too_long')],
    ['  ', { ok: true, value: null }],
    [' Catastro_2.es-x ', { ok: true, value: 'Catastro_2.es-x' }],
    ['9' + 'a'.repeat(63), { ok: true, value: '9' + 'a'.repeat(63) }],
    ['_x', refused('bad_provider')],
    ['x/y', refused('bad_provider')],
  ])('provider %j', (raw, expected) => expect(checkProviderId(raw)).toEqual(expected));

  it.each<[string, object]>([
    ['El cliente ha pedido la cancelación', { ok: true, value: 'El cliente ha pedido la cancelación' }],
    ['Duplicado\ncon el pedido 100000002', { ok: true, value: 'Duplicado\ncon el pedido 100000002' }],
    ['   ', refused('required')],
    ['corto', refused('too_short')],
    ['x'.repeat(501), refused('too_long')],
    ['motivo con \u0000 nul', refused('invalid_characters')],
    ['Columnas:\tuna\r\ndos', { ok: true, value: 'Columnas:\tuna\r\ndos' }],
    ['motivo con \u000b tab', refused('invalid_characters')],
    ['motivo con \u001f', refused('invalid_characters')],
    ['nueve car', refused('too_short')],
    ['diez carac', { ok: true, value: 'diez carac' }],
    ['😀'.repeat(9), refused('too_short')],
    ['x'.repeat(500), { ok: true, value: 'x'.repeat(500) }],
  ])('reason %j', (raw, expected) => expect(checkReason(raw)).toEqual(expected));

  it('notes: trimmed, not blank, at most 5000 characters', () => {
    expect(checkNoteText('  hola ')).toEqual({ ok: true, value: 'hola' });
    expect(checkNoteText(' ')).toEqual(refused('required'));
    expect(checkNoteText('x'.repeat(5001))).toEqual(refused('too_long'));
    expect(checkNoteText('x'.repeat(5000)).ok).toBe(true);
    expect(checkNoteText('a')).toEqual({ ok: true, value: 'a' });
    expect(checkNoteText('línea 1\nlínea 2')).toEqual({ ok: true, value: 'línea 1\nlínea 2' });
  });
});

describe('who', () => {
  it.each<[{ role: string } | null, number, object]>([
    [{ role: 'agent' }, 40, { ok: true, value: 'agent' }],
    [{ role: 'admin' }, 40, { ok: true, value: 'admin' }],
    [{ role: 'notary' }, 98, { ok: true, value: 'notary' }],
    [{ role: 'notary' }, 40, refused('not_notary_status')],
    [{ role: 'customer' }, 40, refused('not_staff')],
    [null, 40, { ok: true, value: null }],
  ])('delegate to %j (status %s)', (target, status, expected) => {
    expect(checkDelegate(target, status)).toEqual(expected);
  });

  it.each<[BackofficeRole, number, number, boolean]>([
    ['agent', 5, 5, true],
    ['agent', 5, 6, false],
    ['notary', 5, 6, false],
    ['admin', 5, 6, true],
  ])('%s %s deletes a note of %s: %s', (role, id, author, allowed) => {
    expect(checkNoteDelete({ id, role }, author)).toEqual(allowed ? { ok: true, value: true } : refused('not_author'));
  });

  it("files: the staff's may be deleted, the customer's answers may not", () => {
    expect(checkFileDelete({ uploadedByCustomer: false })).toEqual({ ok: true, value: true });
    expect(checkFileDelete({ uploadedByCustomer: true })).toEqual(refused('customer_file'));
  });
});

describe('versions', () => {
  const current = new Date('2026-11-24T10:00:00.123Z');
  it.each<[string, boolean]>([
    ['2026-11-24T10:00:00.123Z', true],
    ['2026-11-24T11:00:00.123+01:00', true],
    ['2026-11-24T10:00:00.124Z', false],
    ['2026-11-24T10:00:00Z', false],
    ['', false],
    ['not a date', false],
    ['2026-11-24T10:00:00.123Z\u0000', false],
    ['2026-11-24T10:00:00.123Z' + ' '.repeat(20), false],
  ])('%j is current: %s', (sent, expected) => expect(isCurrentVersion(current, sent)).toBe(expected));

  it('each write moves the version forward, even under a frozen clock', () => {
    expect(nextVersion(current, new Date('2026-11-24T12:00:00Z')).toISOString()).toBe('2026-11-24T12:00:00.000Z');
    expect(nextVersion(current, current).toISOString()).toBe('2026-11-24T10:00:00.124Z');
    expect(nextVersion(current, new Date('2020-01-01T00:00:00Z')).toISOString()).toBe('2026-11-24T10:00:00.124Z');
  });
});

describe('messages', () => {
  it('every refusal has a text in es, en and pt, limits filled in', () => {
    const keys = DOMAIN_MESSAGE_KEYS.filter((k) => k.startsWith('item_action.'));
    expect(keys.length).toBe(21);
    for (const key of keys) {
      const reason = key.slice('item_action.'.length) as ItemActionRefusal;
      for (const language of ['es', 'en', 'pt'] as const) {
        const text = translateDomainMessage(language, itemActionMessage(reason, { min: 0, max: 10 }));
        expect(text).not.toMatch(/[{}]/);
      }
    }
    expect(translateDomainMessage('es', itemActionMessage('too_short'))).toBe('Escribe al menos 10 caracteres');
  });
  it.each<[ItemActionRefusal, Record<string, number>, object]>([
    ['too_short', {}, { min: 10 }],
    ['too_long', { max: 100 }, { max: 100 }],
    ['bad_date', {}, {}],
  ])('%s with %j', (reason, params, filled) => {
    expect(itemActionMessage(reason, params)).toEqual({ key: `item_action.${reason}`, params: filled });
  });
});

describe('which refusals are about the item or the caller, not the input', () => {
  it.each<[ItemActionRefusal, boolean]>([
    ['same_status', true],
    ['unpaid', true],
    ['not_a_lead', true],
    ['lead_resent_recently', true],
    ['customer_file', true],
    ['not_author', true],
    ['not_notary_status', true],
    ['unknown_status', false],
    ['payment_status', false],
    ['too_long', false],
    ['bad_date', false],
  ])('%s: %s', (reason, state) => {
    expect(STATE_REFUSALS.includes(reason)).toBe(state);
  });
});
