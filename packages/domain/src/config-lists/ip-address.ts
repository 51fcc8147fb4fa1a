/** Whether `value` is a dotted-quad IPv4 address (no leading zeros, each part 0-255). */
export function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** Whether `value` is an IPv6 address (full, `::`-compressed, or ending in an IPv4 address); no zone id. */
export function isIpv6(value: string): boolean {
  // Every character is checked below: each group as hex, an IPv4 tail by isIpv4.
  if (value.split('::').length > 2) return false;
  let text = value;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    if (!isIpv4(text.slice(lastColon + 1))) return false;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', tail] = text.split('::');
  const split = (s: string) => (s === '' ? [] : s.split(':'));
  const parts = [...split(head), ...(tail === undefined ? [] : split(tail))];
  if (!parts.every((p) => /^[0-9a-fA-F]{1,4}$/.test(p))) return false;
  return tail === undefined ? parts.length === 8 : parts.length <= 7;
}

/**
 * Checks an IP address or a CIDR range (`192.0.2.0/24`, `2001:db8::/32`) and returns it lower-cased, or null. Used
 * by the IP records list (staff sign-in allowlist, customer blocklist).
 */
export function normaliseIpOrRange(value: string): string | null {
  const text = value.trim().toLowerCase();
  const [address = '', prefix, extra] = text.split('/');
  if (extra !== undefined) return null;
  const v4 = isIpv4(address);
  if (!v4 && !isIpv6(address)) return null;
  if (prefix !== undefined) {
    if (!/^(0|[1-9]\d{0,2})$/.test(prefix) || Number(prefix) > (v4 ? 32 : 128)) return null;
  }
  return text;
}

function ipv4Bits(address: string): bigint {
  return address.split('.').reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

function ipv6Bits(address: string): bigint {
  let text = address;
  if (text.includes('.')) {
    const last = text.lastIndexOf(':');
    const v4 = ipv4Bits(text.slice(last + 1));
    text = `${text.slice(0, last + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const h = head === '' ? [] : head.split(':');
  const t = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/** Whether an address falls inside an entry (an address or a CIDR range) of the same family. IPv4-mapped IPv6 counts as IPv4. */
export function ipMatches(address: string, entry: string): boolean {
  let ip = address.trim().toLowerCase();
  if (ip.startsWith('::ffff:') && isIpv4(ip.slice(7))) ip = ip.slice(7);
  const [base = '', prefixText] = entry.split('/');
  const v4 = isIpv4(base);
  if (v4 !== isIpv4(ip) || (!v4 && !isIpv6(ip)) || (!v4 && !isIpv6(base))) return false;
  const width = v4 ? 32 : 128;
  const prefix = BigInt(prefixText === undefined ? width : Number(prefixText));
  const bits = v4 ? ipv4Bits : ipv6Bits;
  const shift = BigInt(width) - prefix;
  return bits(ip) >> shift === bits(base) >> shift;
}
