import { describe, expect, it } from 'vitest';
import { isUpdateAvailable, parseVersionFile } from './app-version';

describe('the version check', () => {
  const file = { version: '0.1.0', build: '20261124T2300-abc123', built_at: '2026-11-24T23:00:00.000Z' };

  it('reads /version.json, refusing anything else', () => {
    expect(parseVersionFile(file)).toEqual(file);
    for (const junk of [
      null,
      'text',
      42,
      [],
      {},
      { ...file, build: 1 },
      { ...file, version: '' },
      { ...file, build: '' },
    ]) {
      expect(parseVersionFile(junk), JSON.stringify(junk)).toBeNull();
    }
    expect(parseVersionFile({ ...file, build: 'x'.repeat(65) })).toBeNull();
  });

  it('another release on the server is an update; the same release (even rebuilt), no answer or no build is not', () => {
    const loaded = { version: file.version, build: file.build };
    expect(isUpdateAvailable({ version: '0.0.9', build: '20261101T0000-000000' }, file)).toBe(true);
    expect(isUpdateAvailable(loaded, file)).toBe(false);
    expect(isUpdateAvailable({ ...loaded, build: 'a-rebuild' }, file)).toBe(false);
    expect(isUpdateAvailable(loaded, null)).toBe(false);
    expect(isUpdateAvailable({ version: 'dev', build: null }, file)).toBe(false);
  });
});
