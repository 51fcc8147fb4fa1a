import { describe, expect, it } from 'vitest';
import {
  acceptAllConsent,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_VERSION,
  consentAllows,
  makeConsent,
  parseConsent,
  rejectAllConsent,
  serializeConsent,
  type ConsentChoice,
  type ConsentLevel,
} from './consent.js';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();
const stored = (overrides: Record<string, unknown>) =>
  JSON.stringify({
    version: CONSENT_VERSION,
    date: daysAgo(1),
    levels: { functionality: true, tracking: false, targeting: false },
    ...overrides,
  });

describe('consentAllows', () => {
  const all = acceptAllConsent(NOW);
  const none = rejectAllConsent(NOW);
  const onlyFunctionality = makeConsent(['functionality'], NOW);
  it.each<[string, ConsentChoice | null, ConsentLevel, boolean]>([
    ['no choice, strictly necessary', null, 'strictly-necessary', true],
    ['no choice, functionality', null, 'functionality', false],
    ['no choice, tracking', null, 'tracking', false],
    ['no choice, targeting', null, 'targeting', false],
    ['reject all, strictly necessary', none, 'strictly-necessary', true],
    ['reject all, functionality', none, 'functionality', false],
    ['reject all, tracking', none, 'tracking', false],
    ['reject all, targeting', none, 'targeting', false],
    ['accept all, functionality', all, 'functionality', true],
    ['accept all, tracking', all, 'tracking', true],
    ['accept all, targeting', all, 'targeting', true],
    ['functionality only, functionality', onlyFunctionality, 'functionality', true],
    ['functionality only, tracking', onlyFunctionality, 'tracking', false],
    ['functionality only, targeting', onlyFunctionality, 'targeting', false],
  ])('%s', (_name, choice, level, expected) => {
    expect(consentAllows(choice, level)).toBe(expected);
  });
});

describe('makeConsent', () => {
  it('records the version and the date, and ignores anything that is not an optional level', () => {
    const choice = makeConsent(['tracking', 'strictly-necessary' as never, 'bogus' as never], NOW);
    expect(choice).toEqual({
      version: CONSENT_VERSION,
      date: NOW.toISOString(),
      levels: { functionality: false, tracking: true, targeting: false },
    });
  });
});

describe('parseConsent', () => {
  it('reads back what was stored', () => {
    const choice = makeConsent(['functionality', 'targeting'], new Date(daysAgo(3)));
    expect(parseConsent(serializeConsent(choice), NOW)).toEqual(choice);
  });

  it.each<[string, string | null]>([
    ['nothing stored', null],
    ['not JSON', '{nope'],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['another version', stored({ version: CONSENT_VERSION + 1 })],
    ['an older version', stored({ version: 0 })],
    ['no date', stored({ date: undefined })],
    ['an unparsable date', stored({ date: 'yesterday' })],
    ['a date without time', stored({ date: '2026-11-20' })],
    ['a date in the future', stored({ date: new Date(NOW.getTime() + 3_600_000).toISOString() })],
    ['older than the maximum age', stored({ date: daysAgo(CONSENT_MAX_AGE_DAYS + 1) })],
    ['no levels', stored({ levels: undefined })],
    ['a level missing', stored({ levels: { functionality: true, tracking: false } })],
    ['a level not boolean', stored({ levels: { functionality: 'yes', tracking: false, targeting: false } })],
    ['huge input', 'x'.repeat(5000)],
  ])('no choice when %s', (_name, raw) => {
    expect(parseConsent(raw, NOW)).toBeNull();
  });

  it('keeps a choice just inside the maximum age and drops unknown extra levels', () => {
    const raw = stored({
      date: daysAgo(CONSENT_MAX_AGE_DAYS - 1),
      levels: { functionality: false, tracking: true, targeting: false, extra: true },
    });
    expect(parseConsent(raw, NOW)?.levels).toEqual({ functionality: false, tracking: true, targeting: false });
  });
});
