import { describe, expect, it } from 'vitest';
import { formatTime } from './dates';

describe('formatTime', () => {
  // The browser (and this process) may well be en-US: the store's language decides, in 24-hour time.
  it.each(['es', 'en', 'pt'] as const)('%s: hours and minutes, 24-hour, whatever the runtime locale', (language) => {
    const text = formatTime('2026-11-24T14:40:00.000Z', language);
    expect(text).toMatch(/^\d{2}:40$/);
    expect(text).not.toMatch(/AM|PM|a\.\s?m\.|p\.\s?m\./i);
  });

  it('returns unparseable input unchanged', () => {
    expect(formatTime('mañana', 'es')).toBe('mañana');
  });
});
