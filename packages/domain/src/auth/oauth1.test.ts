import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  baseStringUri,
  isAcceptableOAuthCallback,
  normaliseOAuthParams,
  oauthPercentEncode,
  oauthSignature,
  oauthSigningKey,
  parseFormPairs,
  parseOAuthHeader,
  readOAuthProtocolParams,
  signatureBaseString,
  type OAuthParam,
} from './oauth1.js';

const hmacSha1 = (key: string, text: string) => createHmac('sha1', key).update(text).digest('base64');

describe('RFC 5849 section 1.2 (published vector, also in iberian-algorithms.md)', () => {
  const params: OAuthParam[] = [
    ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
    ['oauth_token', 'nnch734d00sl2jdk'],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', '137131202'],
    ['oauth_nonce', 'chapoH'],
    ['file', 'vacation.jpg'],
    ['size', 'original'],
  ];
  const request = { method: 'get', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original', params };

  it('builds the published base string', () => {
    expect(signatureBaseString(request.method, request.url, params)).toBe(
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3DchapoH%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131202%26oauth_token%3Dnnch734d00sl2jdk%26size%3Doriginal',
    );
  });

  it('signs with key kd94hf93k423kf44&pfkkdhi9sl3r4s00 to the published signature', () => {
    expect(oauthSigningKey('kd94hf93k423kf44', 'pfkkdhi9sl3r4s00')).toBe('kd94hf93k423kf44&pfkkdhi9sl3r4s00');
    expect(
      oauthSignature(hmacSha1, request, { consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00' }),
    ).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
  });

  it('a changed parameter or secret changes the signature', () => {
    const other = { ...request, params: [...params.slice(0, -1), ['size', 'large'] as const] };
    expect(
      oauthSignature(hmacSha1, other, { consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00' }),
    ).not.toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
    expect(oauthSignature(hmacSha1, request, { consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'x' })).not.toBe(
      'MdpQcU8iPSUjWoN/UDMsK2sui9I=',
    );
  });
});

describe('RFC 5849 section 3.4.1 example (published base string)', () => {
  it('collects query, header and form body parameters, decoded, and normalises them', () => {
    const query = parseFormPairs('b5=%3D%253D&a3=a&c%40=&a2=r%20b')!;
    const header = parseOAuthHeader(
      'OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2", oauth_token="kkk9d7dh3k39sjv7", oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131201", oauth_nonce="7d8f3e4a", oauth_signature="djosJKDKJSD8743243%2Fjdk33klY%3D"',
    )!;
    const body = parseFormPairs('c2&a3=2+q')!;
    const params = [...query, ...header, ...body];
    expect(normaliseOAuthParams(params)).toBe(
      'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7',
    );
    expect(signatureBaseString('POST', 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b', params)).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it.each([
    ['HTTP://EXAMPLE.COM:80/r%20v/X?id=123', 'http://example.com/r%20v/X'],
    ['https://www.example.net:8080/?q=1', 'https://www.example.net:8080/'],
    ['https://example.com:443/a', 'https://example.com/a'],
    ['http://example.com:8080/a#frag', 'http://example.com:8080/a'],
    ['https://example.com:80/a', 'https://example.com:80/a'],
    ['http://example.com:443/a', 'http://example.com:443/a'],
    ['http://example.com', 'http://example.com/'],
    ['http://user:pass@Example.com/a', 'http://example.com/a'],
    ['http://[2001:DB8::1]:8080/a', 'http://[2001:db8::1]:8080/a'],
  ])('base string URI of %s is %s (section 3.4.1.2)', (url, expected) => {
    expect(baseStringUri(url)).toBe(expected);
  });

  it.each(['example.com/a', 'x http://example.com/a', ''])('%j is not an absolute URL', (url) => {
    expect(() => baseStringUri(url)).toThrow('not an absolute URL');
  });

  it('sorts parameters of one name by value, whatever their order (section 3.4.1.3.2)', () => {
    const values = ['b', 'c', 'a', '1'];
    for (const order of [values, [...values].reverse()]) {
      expect(normaliseOAuthParams([['z', 'z'], ...order.map((v) => ['a', v] as const), ['0', 'x']])).toBe(
        '0=x&a=1&a=a&a=b&a=c&z=z',
      );
    }
  });

  it('signs with an empty token secret when there is none (section 3.4.2)', () => {
    expect(oauthSigningKey('kd94hf93k423kf44')).toBe('kd94hf93k423kf44&');
  });
});

describe('form pairs and OAuth headers (section 3.5)', () => {
  it.each([
    [
      'a=1&&b=2&',
      [
        ['a', '1'],
        ['b', '2'],
      ],
    ],
    ['', []],
    ['%=1', null],
  ] as const)('parseFormPairs(%j)', (text, expected) => {
    expect(parseFormPairs(text)).toEqual(expected);
  });

  it.each([
    ['  OAuth a="1"', [['a', '1']]],
    [
      'oauth a = "1" ,b="%2F"',
      [
        ['a', '1'],
        ['b', '/'],
      ],
    ],
    ['OAuth ', []],
    ['Bearer OAuth a="1"', null],
    ['OAuth x a="1"', null],
    ['OAuth a="1" x', null],
    ['OAuth a="%"', null],
  ] as const)('parseOAuthHeader(%j)', (header, expected) => {
    expect(parseOAuthHeader(header)).toEqual(expected);
  });
});

describe('percent-encoding (section 3.6)', () => {
  it.each([
    ['abcABC123-._~', 'abcABC123-._~'],
    ['a b', 'a%20b'],
    ["!*'()", '%21%2A%27%28%29'],
    ['=&+%', '%3D%26%2B%25'],
    ['ñ', '%C3%B1'],
    ['€', '%E2%82%AC'],
  ])('%s -> %s', (input, expected) => {
    expect(oauthPercentEncode(input)).toBe(expected);
  });

  it('refuses malformed form components and headers', () => {
    expect(parseFormPairs('a=%E0%A4%A')).toBeNull();
    expect(parseFormPairs('a=%')).toBeNull();
    expect(parseOAuthHeader('Basic abc')).toBeNull();
    expect(parseOAuthHeader('OAuth oauth_nonce=unquoted')).toBeNull();
  });
});

describe('readOAuthProtocolParams', () => {
  const base: OAuthParam[] = [
    ['oauth_consumer_key', 'k'],
    ['oauth_signature', 's'],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', '1000'],
    ['oauth_nonce', 'n1'],
  ];
  const without = (name: string) => base.filter(([n]) => n !== name);

  it('accepts a complete request within the window', () => {
    const read = readOAuthProtocolParams([...base, ['oauth_callback', 'oob']], 1200);
    expect(read).toEqual({
      ok: true,
      value: {
        consumerKey: 'k',
        token: null,
        signature: 's',
        timestamp: 1000,
        nonce: 'n1',
        callback: 'oob',
        verifier: null,
      },
    });
  });

  it('reads the token and verifier, accepts version 1.0, the window edges and repeated non-protocol parameters', () => {
    const params: OAuthParam[] = [
      ...base,
      ['oauth_version', '1.0'],
      ['oauth_token', 't'],
      ['oauth_verifier', 'v'],
      ['file', 'a'],
      ['file', 'b'],
    ];
    for (const now of [1000 + 300, 1000 - 300]) {
      expect(readOAuthProtocolParams(params, now)).toMatchObject({ ok: true, value: { token: 't', verifier: 'v' } });
    }
  });

  it.each([
    ['missing signature method', without('oauth_signature_method'), 1000, 'missing_parameter'],
    ['missing consumer key', without('oauth_consumer_key'), 1000, 'missing_parameter'],
    ['missing nonce', without('oauth_nonce'), 1000, 'missing_parameter'],
    ['missing timestamp', without('oauth_timestamp'), 1000, 'missing_parameter'],
    ['duplicate nonce', [...base, ['oauth_nonce', 'n2']], 1000, 'duplicate_parameter'],
    [
      'PLAINTEXT',
      [...without('oauth_signature_method'), ['oauth_signature_method', 'PLAINTEXT']],
      1000,
      'unsupported_signature_method',
    ],
    ['version 2.0', [...base, ['oauth_version', '2.0']], 1000, 'unsupported_version'],
    ['timestamp in the past', base, 1000 + 301, 'stale_timestamp'],
    ['timestamp in the future', base, 1000 - 301, 'stale_timestamp'],
    ['timestamp not a number', [...without('oauth_timestamp'), ['oauth_timestamp', '1e3']], 1000, 'bad_timestamp'],
    ['huge timestamp', [...without('oauth_timestamp'), ['oauth_timestamp', '9'.repeat(40)]], 1000, 'bad_timestamp'],
    ['empty nonce', [...without('oauth_nonce'), ['oauth_nonce', '']], 1000, 'bad_nonce'],
    ['NUL in nonce', [...without('oauth_nonce'), ['oauth_nonce', 'a\u0000b']], 1000, 'bad_nonce'],
  ] as const)('%s -> %s', (_name, params, now, problem) => {
    expect(readOAuthProtocolParams(params as OAuthParam[], now)).toEqual({ ok: false, problem });
  });
});

describe('isAcceptableOAuthCallback', () => {
  it.each([
    ['oob', true],
    ['https://partner.example/cb?x=1', true],
    ['http://localhost:3000/cb', true],
    ['javascript:alert(1)', false],
    ['/relative', false],
    ['https://user:pass@evil.example/', false],
    [`https://a.example/${'x'.repeat(2001)}`, false],
    [`https://a.example/${'x'.repeat(2000 - 18)}`, true],
    [`https://a.example/${'x'.repeat(2001 - 18)}`, false],
    ['https://partner.example', true],
    ['xhttps://partner.example/cb', false],
    ['https://partner.example/c b', false],
  ])('%s -> %s', (callback, ok) => {
    expect(isAcceptableOAuthCallback(callback)).toBe(ok);
  });
});
