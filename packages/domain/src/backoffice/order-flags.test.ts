import { describe, expect, it } from 'vitest';
import {
  isClaimedFromRegistrars,
  isClientEmailAnswered,
  isIncidentShownToClient,
  isNotaSimpleRefreshable,
  isResponded,
  isUrgent,
  itemFlags,
  linksAsRelated,
  type FlagHistoryEntry,
} from './order-flags.js';

const at = (iso: string) => new Date(iso);

describe('flag "responded" (spec: the history ever passed through status 80)', () => {
  it.each<[string, number, FlagHistoryEntry[], boolean]>([
    ['no history, status 40', 40, [], false],
    ['currently 80', 80, [], true],
    [
      'moved into 80 then on to 110',
      110,
      [
        { oldStatus: 40, newStatus: 80 },
        { oldStatus: 80, newStatus: 110 },
      ],
      true,
    ],
    ['only the move out of 80 is recorded', 110, [{ oldStatus: 80, newStatus: 110 }], true],
    ['passed through 60 and 100 only', 110, [{ newStatus: 60 }, { oldStatus: 60, newStatus: 100 }], false],
    ['entries without statuses (notes)', 40, [{ oldStatus: null, newStatus: null }], false],
    ['103 is not 80', 103, [{ newStatus: 103 }], false],
  ])('%s -> %s', (_, panelStatusId, history, expected) => {
    expect(isResponded({ panelStatusId, history })).toBe(expected);
  });
});

describe('flag "incident shown to client" (spec: status 60, or incident status 103, 76, 143, 52)', () => {
  it.each<[number, number | null, boolean]>([
    [60, null, true],
    [60, 58, true],
    [40, 103, true],
    [40, 76, true],
    [50, 143, true],
    [110, 52, true],
    [40, 58, false],
    [40, 157, false],
    [40, null, false],
    [103, null, false],
    [80, 53, false],
  ])('status %s, incident %s -> %s', (panelStatusId, incidenciaStatusId, expected) => {
    expect(isIncidentShownToClient({ panelStatusId, incidenciaStatusId })).toBe(expected);
  });
});

describe('flag "client e-mail answered" (spec: incident 58 and status 40, latest client e-mail newer than registry)', () => {
  const older = at('2026-03-01T10:00:00Z');
  const newer = at('2026-03-01T10:00:01Z');
  it.each<[string, number, number | null, Date | null, Date | null, boolean]>([
    ['client wrote after the registry', 40, 58, newer, older, true],
    ['client wrote, registry never did', 40, 58, newer, null, true],
    ['registry wrote after the client', 40, 58, older, newer, false],
    ['same instant: not newer', 40, 58, older, older, false],
    ['no client e-mail', 40, 58, null, older, false],
    ['another incident', 40, 57, newer, older, false],
    ['no incident', 40, null, newer, older, false],
    ['status 60, not 40', 60, 58, newer, older, false],
    ['status 50, not 40', 50, 58, newer, null, false],
  ])('%s -> %s', (_, panelStatusId, incidenciaStatusId, latestClientEmailAt, latestRegistryEmailAt, expected) => {
    expect(
      isClientEmailAnswered({ panelStatusId, incidenciaStatusId, latestClientEmailAt, latestRegistryEmailAt }),
    ).toBe(expected);
  });
});

describe('flag "claimed from registrars" (spec: incident types 157-160 sent)', () => {
  it.each<[number[], boolean]>([
    [[], false],
    [[157], true],
    [[158], true],
    [[159], true],
    [[160], true],
    [[156, 161], false],
    [[58, 60, 160], true],
  ])('sent %j -> %s', (sent, expected) => {
    expect(isClaimedFromRegistrars(sent)).toBe(expected);
  });
});

describe('flag "urgent" (spec: option 411 value 3782, product 18508; catalogue urgent answers)', () => {
  it.each<[string, number, Record<string, unknown>, boolean]>([
    ['nota simple, urgent chosen (stored as text)', 15867, { '411': '3782' }, true],
    ['nota simple, urgent chosen (number)', 15867, { '411': 3782 }, true],
    ['nota simple, not urgent', 15867, { '411': '3781' }, false],
    ['nota simple, no answer', 15867, {}, false],
    ['the urgent variant product itself', 18508, {}, true],
    ['3782 under another option is not urgent', 15867, { '410': '3782' }, false],
    ['apostille urgent', 20021, { '6106': '610602' }, true],
    ['notarial apostille urgent', 20022, { '6208': '620802' }, true],
    ['vehicle report within the hour', 20029, { '2103': '210302' }, true],
    ['mercantile nota simple within 2 hours', 20013, { '1204': '120402' }, true],
    ['urgent in a checkbox list', 15867, { '411': [3781, 3782] }, true],
    ['free text that looks like the value', 15867, { '411': '3782abc' }, false],
  ])('%s -> %s', (_, productId, answers, expected) => {
    expect(isUrgent({ productId, answers })).toBe(expected);
  });

  it('takes another list of urgent values', () => {
    expect(isUrgent({ productId: 1, answers: { '7': '9' } }, [{ optionId: 7, value: 9 }])).toBe(true);
  });
});

describe('related orders (spec: property search and nota simple link unless status 110 or 120)', () => {
  it.each<[number, number, number, number, boolean]>([
    [18357, 40, 15867, 40, true],
    [15867, 50, 18357, 80, true],
    [18357, 40, 18508, 60, true],
    [18357, 110, 15867, 40, false],
    [18357, 40, 15867, 120, false],
    [18357, 120, 15867, 110, false],
    [15867, 40, 15867, 40, false],
    [18357, 40, 18357, 40, false],
    [18357, 40, 18414, 40, false],
    [18357, 100, 15867, 103, true],
  ])('%s (status %s) and %s (status %s) -> %s', (p1, s1, p2, s2, expected) => {
    expect(linksAsRelated({ productId: p1, panelStatusId: s1 }, { productId: p2, panelStatusId: s2 })).toBe(expected);
  });
});

describe('nota simple refresh (spec: older than 60 days)', () => {
  const issued = at('2026-01-01T12:00:00Z');
  it.each<[string, number, Date | null, string, boolean]>([
    ['exactly 60 days later', 15867, issued, '2026-03-02T12:00:00Z', false],
    ['60 days and a millisecond', 15867, issued, '2026-03-02T12:00:00.001Z', true],
    ['59 days', 15867, issued, '2026-03-01T12:00:00Z', false],
    ['a year', 15867, issued, '2027-01-01T00:00:00Z', true],
    ['urgent nota simple, 61 days', 18508, issued, '2026-03-03T12:00:00Z', true],
    ['not yet issued', 15867, null, '2027-01-01T00:00:00Z', false],
    ['another product', 18414, issued, '2027-01-01T00:00:00Z', false],
  ])('%s -> %s', (_, productId, issuedAt, now, expected) => {
    expect(isNotaSimpleRefreshable({ productId, issuedAt }, at(now))).toBe(expected);
  });
});

describe('all flags of an item', () => {
  it('combines the rules, with the country by order id prefix', () => {
    const base = {
      productId: 15867,
      panelStatusId: 40,
      incidenciaStatusId: 58,
      history: [{ oldStatus: 80, newStatus: 40 }],
      incidenceTypesSent: [158],
      answers: { '411': '3782' },
      latestClientEmailAt: at('2026-02-02T00:00:00Z'),
      latestRegistryEmailAt: at('2026-02-01T00:00:00Z'),
      issuedAt: at('2025-01-01T00:00:00Z'),
    };
    const now = at('2026-03-01T00:00:00Z');
    expect(itemFlags({ ...base, orderId: 160000001 }, now)).toEqual({
      responded: true,
      incidentShownToClient: false,
      clientEmailAnswered: true,
      claimedFromRegistrars: true,
      urgent: true,
      notaSimpleRefreshable: true,
      country: 'PT',
    });
    expect(itemFlags({ ...base, orderId: 100000001 }, now).country).toBe('ES');
    expect(itemFlags({ ...base, orderId: 170000001 }, now).country).toBeNull();
  });
});
