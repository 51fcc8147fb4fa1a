import { describe, expect, it } from 'vitest';
import {
  isActiveTicket,
  isShopAddress,
  parseMessageIds,
  parseTicketToken,
  resolveThread,
  subjectWithToken,
  threadingCandidates,
  ticketToken,
  ticketTransition,
  ticketWakes,
  type TicketStatusAction,
} from './ticket-rules.js';
import { parseTicketSearch } from './ticket-search.js';

describe('ticket statuses', () => {
  it.each([
    [1, false],
    [2, true],
    [3, true],
    [4, false],
    [5, false],
    [6, true],
    [7, false],
    [8, false],
  ])('status %i active: %s', (status, active) => {
    expect(isActiveTicket(status)).toBe(active);
  });

  it.each<[number, TicketStatusAction, number | null]>([
    [2, 'reply', 3],
    [5, 'reply', 3],
    [8, 'reply', null],
    [2, 'close', 5],
    [5, 'close', null],
    [8, 'close', null],
    [3, 'convert_lead', 8],
    [8, 'convert_lead', null],
    [2, 'postponer', 6],
    [6, 'postponer', 6],
    [5, 'postponer', null],
    [4, 'postponer', null],
    [5, 'customer_reply', 2],
    [8, 'customer_reply', 2],
    [3, 'customer_reply', 2],
    [6, 'wake', 2],
    [2, 'wake', null],
  ])('from %i, %s -> %s', (from, action, to) => {
    const result = ticketTransition(from, action);
    expect(result.ok ? result.to : null).toBe(to);
  });
});

describe('ticket token', () => {
  it.each<[string | null, number | null]>([
    ['Re: su pedido [#T123]', 123],
    ['[#T1] x', 1],
    ['[#T0]', null],
    ['[#T0123]', null],
    ['[#T99999999999]', null],
    ['[#T2147483648]', null],
    ['[#T2147483647]', 2147483647],
    ['[T123]', null],
    ['#T123', null],
    [null, null],
  ])('%s -> %s', (subject, id) => {
    expect(parseTicketToken(subject)).toBe(id);
  });

  it('round-trips and is added once', () => {
    expect(parseTicketToken(ticketToken(42))).toBe(42);
    expect(subjectWithToken('Hola', 42)).toBe('Hola [#T42]');
    expect(subjectWithToken('Re: Hola [#T42]', 42)).toBe('Re: Hola [#T42]');
    expect(subjectWithToken('a\r\nBcc: x@y', 7)).toBe('a Bcc: x@y [#T7]');
  });
});

describe('threading', () => {
  it('parses message ids', () => {
    expect(parseMessageIds('<a@b>  <c@d>')).toEqual(['<a@b>', '<c@d>']);
    expect(parseMessageIds(['<a@b>', '<c@d>'])).toEqual(['<a@b>', '<c@d>']);
    expect(parseMessageIds(undefined)).toEqual([]);
    expect(parseMessageIds('garbage')).toEqual([]);
  });

  it('looks up In-Reply-To first, then References newest first', () => {
    expect(threadingCandidates({ inReplyTo: ['<c>'], references: ['<a>', '<b>', '<c>'], subject: '' })).toEqual([
      '<c>',
      '<b>',
      '<a>',
    ]);
  });

  const known = new Map([
    ['<x@shop>', 10],
    ['<y@shop>', 11],
  ]);
  it.each<[string[], { ticketId: number; email: string } | null, string, number | null]>([
    [['<x@shop>'], null, 'a@b.c', 10],
    [['<z@shop>', '<y@shop>'], null, 'a@b.c', 11],
    [['<z@shop>'], { ticketId: 5, email: 'A@b.c' }, 'a@B.c', 5],
    [['<z@shop>'], { ticketId: 5, email: 'other@b.c' }, 'a@b.c', null],
    [[], null, 'a@b.c', null],
    [['<x@shop>'], { ticketId: 5, email: 'a@b.c' }, 'a@b.c', 10],
  ])('%j token %j from %s -> %s', (candidates, token, from, ticket) => {
    expect(resolveThread(candidates, known, token, from)).toBe(ticket);
  });
});

describe('postponement and addresses', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  it.each<[number, Date | null, boolean]>([
    [6, new Date('2026-11-24T10:00:00Z'), true],
    [6, new Date('2026-11-24T10:00:01Z'), false],
    [6, null, false],
    [2, new Date('2026-11-01T00:00:00Z'), false],
  ])('status %i due %s wakes: %s', (status, due, wakes) => {
    expect(ticketWakes(status, due, now)).toBe(wakes);
  });

  it.each<[string, boolean]>([
    ['soporte@ventanilla.test', true],
    ['ANY@Ventanilla.Test', true],
    ['x@evil.test', false],
    ['x@sub.ventanilla.test', false],
    ['ventanilla.test', false],
  ])('%s is ours: %s', (email, ours) => {
    expect(isShopAddress(email, ['ventanilla.test'])).toBe(ours);
  });
});

describe('ticket list query', () => {
  it.each<[Record<string, string | string[]>, unknown]>([
    [{}, { email: null, exactEmail: null, status: [], page: 1, size: 20 }],
    [
      { email: 'Garcia', status: '2,3', page: '2', size: '5' },
      { email: 'garcia', exactEmail: null, status: [2, 3], page: 2, size: 5 },
    ],
    [
      { email: '', exact_email: '', status: '' },
      { email: null, exactEmail: null, status: [], page: 1, size: 20 },
    ],
    [
      { exact_email: ' Ana@Example.com ' },
      { email: null, exactEmail: 'ana@example.com', status: [], page: 1, size: 20 },
    ],
  ])('%j is accepted', (query, search) => {
    expect(parseTicketSearch(query)).toEqual({ ok: true, search });
  });

  it.each<[Record<string, string | string[]>, string, string]>([
    [{ per_page: '5' }, 'per_page', 'unknown_param'],
    [{ status: ['2', '3'] }, 'status', 'repeated_param'],
    [{ status: '9' }, 'status', 'unknown_status'],
    [{ status: '2,x' }, 'status', 'unknown_status'],
    [{ email: 'a\u0000b@c' }, 'email', 'invalid_characters'],
    [{ email: 'ab' }, 'email', 'too_short'],
    [{ exact_email: 'ana.example.com' }, 'exact_email', 'bad_email'],
    [{ exact_email: 'a b@c.es' }, 'exact_email', 'bad_email'],
    [{ exact_email: 'a\u0000@c.es' }, 'exact_email', 'invalid_characters'],
    [{ exact_email: `${'a'.repeat(250)}@c.es` }, 'exact_email', 'too_long'],
    [{ exact_email: ['a@c.es', 'b@c.es'] }, 'exact_email', 'repeated_param'],
    [{ page: '0' }, 'page', 'out_of_range'],
    [{ page: '99999999999999999999' }, 'page', 'out_of_range'],
    [{ size: '101' }, 'size', 'out_of_range'],
    [{ size: '-1' }, 'size', 'not_an_integer'],
    [{ page: '1e3' }, 'page', 'not_an_integer'],
  ])('%j is refused: %s %s', (query, param, code) => {
    expect(parseTicketSearch(query)).toEqual({ ok: false, errors: [{ param, code }] });
  });
});
