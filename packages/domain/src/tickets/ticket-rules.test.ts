import { describe, expect, it } from 'vitest';
import {
  isActiveTicket,
  isShopAddress,
  isTicketStatus,
  keptAttachments,
  parseMessageIds,
  parseTicketToken,
  resolveThread,
  subjectWithToken,
  threadingCandidates,
  TICKET_STATUS_TEXT,
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
    [1, 'reply', 3],
    [7, 'reply', 3],
    [1, 'close', 5],
    [3, 'close', 5],
    [4, 'close', 5],
    [6, 'close', 5],
    [7, 'close', 5],
    [5, 'convert_lead', 8],
    [1, 'postponer', 6],
    [3, 'postponer', 6],
    [7, 'postponer', 6],
    [8, 'postponer', null],
    [8, 'wake', null],
    [5, 'wake', null],
  ])('from %i, %s -> %s', (from, action, to) => {
    expect(ticketTransition(from, action)).toEqual(
      to === null ? { ok: false, reason: 'not_allowed' } : { ok: true, to },
    );
  });

  it.each<[unknown, string | null]>([
    [1, 'Inicial'],
    [2, 'Abierto'],
    [3, 'Pendiente'],
    [4, 'Resuelto'],
    [5, 'Cerrado'],
    [6, 'Programado'],
    [7, 'Pte. documentación'],
    [8, 'Lead convertido'],
    [0, null],
    [9, null],
    [2.5, null],
    ['2', null],
    [null, null],
  ])('status %j is %s in the panel', (status, text) => {
    expect(isTicketStatus(status)).toBe(text !== null);
    expect(isTicketStatus(status) ? TICKET_STATUS_TEXT[status] : null).toBe(text);
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
    ['[#T12345678901]', null],
    ['Re: [#T77] su pedido [#T78]', 77],
    ['[T123]', null],
    ['#T123', null],
    [null, null],
  ])('%s -> %s', (subject, id) => {
    expect(parseTicketToken(subject)).toBe(id);
  });
  it('reads no token from no subject', () => expect(parseTicketToken(undefined)).toBeNull());

  it('round-trips and is added once', () => {
    expect(parseTicketToken(ticketToken(42))).toBe(42);
    expect(subjectWithToken('Hola', 42)).toBe('Hola [#T42]');
    expect(subjectWithToken('Re: Hola [#T42]', 42)).toBe('Re: Hola [#T42]');
    expect(subjectWithToken('a\r\nBcc: x@y', 7)).toBe('a Bcc: x@y [#T7]');
    expect(subjectWithToken('a\n\n\nb', 7)).toBe('a b [#T7]');
    expect(subjectWithToken(' Hola ', 7)).toBe('Hola [#T7]');
    expect(subjectWithToken(' Re: Hola [#T42] ', 42)).toBe('Re: Hola [#T42]');
    expect(subjectWithToken(' \r\n', 7)).toBe('[#T7]');
    expect(subjectWithToken('Re: [#T8]', 7)).toBe('Re: [#T8] [#T7]');
  });
});

describe('threading', () => {
  it('parses message ids', () => {
    expect(parseMessageIds('<a@b>  <c@d>')).toEqual(['<a@b>', '<c@d>']);
    expect(parseMessageIds(['<a@b>', '<c@d>'])).toEqual(['<a@b>', '<c@d>']);
    expect(parseMessageIds(undefined)).toEqual([]);
    expect(parseMessageIds('garbage')).toEqual([]);
    expect(parseMessageIds(null)).toEqual([]);
    expect(parseMessageIds('<a b> <> <c@d>')).toEqual(['<c@d>']);
    expect(parseMessageIds(`<${'x'.repeat(250)}> <${'y'.repeat(251)}>`)).toEqual([`<${'x'.repeat(250)}>`]);
    const many = Array.from({ length: 51 }, (_, i) => `<m${i}@shop>`);
    expect(parseMessageIds(many.join(' '))).toEqual(many.slice(1));
  });

  it('looks up In-Reply-To first, then References newest first', () => {
    expect(threadingCandidates({ inReplyTo: ['<c>'], references: ['<a>', '<b>', '<c>'], subject: '' })).toEqual([
      '<c>',
      '<b>',
      '<a>',
    ]);
    expect(threadingCandidates({ inReplyTo: [], references: ['<a>', '<b>', '<a>'], subject: '' })).toEqual([
      '<a>',
      '<b>',
    ]);
  });

  const known = new Map([
    ['<x@shop>', 10],
    ['<y@shop>', 11],
  ]);
  const addresses = new Map([
    [10, new Set(['a@b.c'])],
    [11, new Set(['a@b.c', 'cc@b.c'])],
    [5, new Set(['a@b.c'])],
  ]);
  const token = (ticketId: number) => ({ ticketId, reference: `[#T${ticketId}]` });
  it.each<[string[], { ticketId: number; reference: string } | null, string, ReturnType<typeof resolveThread>]>([
    [['<x@shop>'], null, 'a@b.c', { ticketId: 10, refused: null }],
    [['<x@shop>'], null, 'A@B.c', { ticketId: 10, refused: null }],
    [['<z@shop>', '<y@shop>'], null, 'cc@b.c', { ticketId: 11, refused: null }],
    [['<z@shop>'], token(5), 'a@B.c', { ticketId: 5, refused: null }],
    [['<z@shop>'], token(5), 'other@b.c', { ticketId: null, refused: { reference: '[#T5]', ticketId: 5 } }],
    [[], null, 'a@b.c', { ticketId: null, refused: null }],
    [['<z@shop>'], null, 'a@b.c', { ticketId: null, refused: null }],
    [['<x@shop>'], token(5), 'a@b.c', { ticketId: 10, refused: null }],
    // A known reference from a stranger opens a new ticket that names it; the token is not a way around it.
    [['<x@shop>'], null, 'intruso@evil.test', { ticketId: null, refused: { reference: '<x@shop>', ticketId: 10 } }],
    [
      ['<x@shop>'],
      token(10),
      'intruso@evil.test',
      { ticketId: null, refused: { reference: '<x@shop>', ticketId: 10 } },
    ],
    // The first reference whose ticket has the sender on it wins over one that does not.
    [['<x@shop>', '<y@shop>'], null, 'cc@b.c', { ticketId: 11, refused: null }],
  ])('%j token %j from %s -> %j', (candidates, tok, from, choice) => {
    expect(resolveThread(candidates, known, tok, from, addresses)).toEqual(choice);
  });
  it('a ticket without listed addresses accepts nobody', () => {
    expect(resolveThread(['<x@shop>'], known, null, 'a@b.c', new Map())).toEqual({
      ticketId: null,
      refused: { reference: '<x@shop>', ticketId: 10 },
    });
  });
});

describe('attachments kept from an incoming message', () => {
  it.each<[number[], number[], { tooMany: number; tooLarge: number }]>([
    [[], [], { tooMany: 0, tooLarge: 0 }],
    [[1, 2, 3], [0, 1, 2], { tooMany: 0, tooLarge: 0 }],
    [[1, 2, 3, 4], [0, 1, 2], { tooMany: 1, tooLarge: 0 }],
    [[1, 100, 3], [0, 2], { tooMany: 0, tooLarge: 1 }],
    [[11, 12, 1, 2, 3, 4], [2, 3, 4], { tooMany: 1, tooLarge: 2 }],
    [[10, 10], [0, 1], { tooMany: 0, tooLarge: 0 }],
  ])('sizes %j keep %j, drop %j', (sizes, kept, dropped) => {
    expect(keptAttachments(sizes, { maxFiles: 3, maxBytes: 10 })).toEqual({ kept, dropped });
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
    ['@ventanilla.test', false],
    ['"a@b"@ventanilla.test', true],
    ['x@ventanilla.test.evil', false],
  ])('%s is ours: %s', (email, ours) => {
    expect(isShopAddress(email, ['ventanilla.test'])).toBe(ours);
  });
  it('any of the shop domains, written in any case', () => {
    expect(isShopAddress('a@tienda.test', ['ventanilla.test', 'Tienda.TEST'])).toBe(true);
    expect(isShopAddress('a@tienda.test', [])).toBe(false);
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
