import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './content-encoding.js';

describe('chooseEncoding: the copy an Accept-Encoding header allows', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip'], 'br'],
    ['gzip, deflate', ['br', 'gzip'], 'gzip'],
    ['br', ['gzip'], null],
    ['gzip', ['gzip'], 'gzip'],
    ['br;q=0, gzip', ['br', 'gzip'], 'gzip'],
    ['br;q=0.0, gzip;q=0', ['br', 'gzip'], null],
    ['gzip;q=0.5, br;q=0.1', ['br', 'gzip'], 'br'],
    ['*', ['br', 'gzip'], 'br'],
    ['*;q=0', ['br', 'gzip'], null],
    ['identity', ['br', 'gzip'], null],
    ['BR, GZIP', ['br', 'gzip'], 'br'],
    ['x-gzip', ['gzip'], 'gzip'],
    ['br;q=nonsense, gzip', ['br', 'gzip'], 'gzip'],
    ['', ['br', 'gzip'], null],
    [undefined, ['br', 'gzip'], null],
    ['gzip, br', [], null],
  ] as const)('%j with copies %j -> %s', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});
