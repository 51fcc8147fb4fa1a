import { describe, expect, it } from 'vitest';
import { ipMatches, isIpv4, isIpv6, normaliseIpOrRange } from './ip-address.js';

describe('isIpv4', () => {
  it.each([
    ['192.0.2.1', true],
    ['0.0.0.0', true],
    ['255.255.255.255', true],
    ['255.255.255.256', false],
    ['192.0.2', false],
    ['192.0.2.1.5', false],
    ['192.0.2.01', false],
    ['192.0.2.-1', false],
  ])('%j is %s', (value, expected) => {
    expect(isIpv4(value)).toBe(expected);
  });
});

describe('isIpv6', () => {
  it.each([
    ['2001:db8:0:0:0:0:0:1', true],
    ['2001:db8::1', true],
    ['::', true],
    ['1:2:3:4:5:6::7', true],
    ['1:2:3:4:5:6:7::8', false],
    ['1:2:3:4:5:6:7', false],
    ['1::2::3', false],
    ['1::12345', false],
    ['12345::1', false],
    ['1::g', false],
    ['g1::1', false],
    ['fe80::1%eth0', false],
    ['::ffff:192.0.2.1', true],
    ['1:2:3:4:5:6:192.0.2.1', true],
    ['1:2:3:4:5:6:7:192.0.2.1', false],
    ['::192.0.2.256', false],
    ['1.2:1:1:1:1:1:192.0.2.1', false],
    ['', false],
  ])('%j is %s', (value, expected) => {
    expect(isIpv6(value)).toBe(expected);
  });
});

describe('normaliseIpOrRange', () => {
  it.each([
    [' 192.0.2.1 ', '192.0.2.1'],
    ['10.0.0.0/32', '10.0.0.0/32'],
    ['10.0.0.0/0', '10.0.0.0/0'],
    ['10.0.0.0/032', null],
    ['10.0.0.0/24x', null],
    ['10.0.0.0/a24', null],
    ['10.0.0.0/', null],
    ['10.0.0.0/24/8', null],
    ['::/128', '::/128'],
    ['::/129', null],
    ['2001:DB8::/48', '2001:db8::/48'],
  ])('%j gives %j', (value, expected) => {
    expect(normaliseIpOrRange(value)).toBe(expected);
  });
});

describe('ipMatches', () => {
  it.each([
    [' 192.0.2.7 ', '192.0.2.7', true],
    ['::1', '::1', true],
    ['::1', '::2', false],
    ['2001:db8:0:0:0:0:0:5', '2001:db8::5', true],
    ['2001:db8::12', '2001:db8::1:2', false],
    ['2001:db8::ab', '2001:db8::/32', true],
    ['2001:db8::1:0', '2001:db8::/112', false],
    ['64:ff9b::192.0.2.1', '64:ff9b::c000:201', true],
    ['64:ff9b::c000:202', '64:ff9b::192.0.2.1', false],
    ['64:ff9b::192.0.2.1', '64:ff9b::/96', true],
    ['::ffff:c000:207', '::ffff:c000:207', true],
    ['::1:23:192.0.2.7', '192.0.2.0/24', false],
    ['not an ip', '::/0', false],
    ['::1', 'not an entry', false],
  ])('ipMatches(%j, %j) is %s', (ip, entry, expected) => {
    expect(ipMatches(ip, entry)).toBe(expected);
  });
});
