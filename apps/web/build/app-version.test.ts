import { describe, expect, it } from 'vitest';
import { releaseVersion } from './app-version';

describe('the release a build is', () => {
  it.each([
    // package version, RELEASE, commit, release
    ['0.1.0', '2026.11.29', '7875eef', '2026.11.29'],
    ['0.1.0', ' v1.4.0 ', null, 'v1.4.0'],
    ['0.1.0', undefined, '7875eef', '0.1.0+7875eef'],
    ['0.1.0', '', '7875eef-dirty', '0.1.0+7875eef-dirty'],
    ['0.1.0', 'not a name; rm -rf', '7875eef', '0.1.0+7875eef'],
    ['0.1.0', 'x'.repeat(65), null, '0.1.0'],
    ['0.1.0', undefined, null, '0.1.0'],
  ])('%s, RELEASE=%o, commit %o -> %s', (pkg, release, commit, expected) => {
    expect(releaseVersion(pkg, release, commit)).toBe(expected);
  });
});
