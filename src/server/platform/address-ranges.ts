import net from 'node:net';

// Which network addresses the server may fetch from. Anything that is not a public unicast
// address is refused: loopback, private, link-local, unique-local, shared (CGNAT), cloud metadata,
// documentation, multicast and reserved ranges, and IPv6 forms that carry such an IPv4 address
// inside them (IPv4-mapped, IPv4-compatible, NAT64, 6to4). Pure functions, no I/O.

type Bytes = Uint8Array;

/** The 4 or 16 bytes of an IP address, or null when it is not one. A zone id (%eth0) is ignored. */
export function ipBytes(address: string): Bytes | null {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = net.isIP(plain);
  if (version === 4) return Uint8Array.from(plain.split('.').map(Number));
  if (version !== 6) return null;
  let text = plain.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4) becomes two hex groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}

interface Range {
  bytes: Bytes;
  bits: number;
}

function range(cidr: string): Range {
  const [address = '', bits = ''] = cidr.split('/');
  const bytes = ipBytes(address);
  if (!bytes) throw new Error(`not an address range: ${cidr}`);
  return { bytes, bits: Number(bits) };
}

function inRange(bytes: Bytes, r: Range): boolean {
  if (bytes.length !== r.bytes.length) return false;
  for (let bit = 0; bit < r.bits; bit += 8) {
    const take = Math.min(8, r.bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    const i = bit / 8;
    if (((bytes[i] ?? 0) & mask) !== ((r.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** IPv4 ranges that are not the public internet, with the reason that is logged. */
const IPV4_REFUSED: Array<[string, string]> = [
  ['0.0.0.0/8', 'this-network'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared (CGNAT)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local (cloud metadata)'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', '6to4 relay'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  // Azure's wire server and DNS: a public-looking address that only the host machine answers.
  ['168.63.129.16/32', 'cloud metadata'],
];

const IPV6_REFUSED: Array<[string, string]> = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['100::/64', 'discard'],
  ['2001::/32', 'Teredo'],
  ['2001:db8::/32', 'documentation'],
  ['64:ff9b:1::/48', 'local NAT64'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
];

/** IPv6 forms with an IPv4 address inside: that address decides. */
const IPV6_EMBEDDING: Array<{ range: Range; offset: number; deprecated?: boolean }> = [
  { range: range('::ffff:0:0/96'), offset: 12 }, // IPv4-mapped
  { range: range('::/96'), offset: 12, deprecated: true }, // IPv4-compatible
  { range: range('64:ff9b::/96'), offset: 12 }, // NAT64
  { range: range('2002::/16'), offset: 2 }, // 6to4
];

const v4Refused = IPV4_REFUSED.map(([cidr, reason]) => ({ ...range(cidr), reason }));
const v6Refused = IPV6_REFUSED.map(([cidr, reason]) => ({ ...range(cidr), reason }));

/**
 * Why the server must not connect to this address ('loopback', 'private', ...), or null when it is
 * a public unicast address. Anything that is not an IP address at all is refused too.
 */
export function nonPublicReason(address: string): string | null {
  const bytes = ipBytes(address);
  if (!bytes) return 'not an IP address';
  if (bytes.length === 4) return v4Refused.find((r) => inRange(bytes, r))?.reason ?? null;
  const listed = v6Refused.find((r) => inRange(bytes, r));
  if (listed) return listed.reason;
  for (const { range: r, offset, deprecated } of IPV6_EMBEDDING) {
    if (!inRange(bytes, r)) continue;
    const inner = nonPublicReason(Array.from(bytes.subarray(offset, offset + 4)).join('.'));
    if (inner) return `${inner} (inside an IPv6 address)`;
    if (deprecated) return 'IPv4-compatible';
    break;
  }
  return null;
}

/** One OUTBOUND_ALLOW_PRIVATE entry: an address or range, optionally only one port. */
export interface AllowedAddress {
  range: Range;
  port?: number;
  text: string;
}

/**
 * Parses OUTBOUND_ALLOW_PRIVATE: comma-separated `10.1.2.3`, `10.0.0.0/8`, `fd00::/8`,
 * `127.0.0.1:8080` or `[::1]:8080`. Throws a readable message for an entry it does not understand.
 */
export function parseAllowList(value: string | undefined): AllowedAddress[] {
  if (!value) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((text) => {
      let host = text;
      let port: number | undefined;
      const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
      const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):(\d+)$/.exec(text);
      if (bracketed) [host, port] = [bracketed[1]!, bracketed[2] ? Number(bracketed[2]) : undefined];
      else if (v4WithPort) [host, port] = [v4WithPort[1]!, Number(v4WithPort[2])];
      const [address = '', bits] = host.split('/');
      const version = net.isIP(address);
      const maxBits = version === 4 ? 32 : 128;
      const prefix = bits === undefined ? maxBits : Number(bits);
      if (
        !version ||
        !Number.isInteger(prefix) ||
        prefix < 0 ||
        prefix > maxBits ||
        (bits !== undefined && !/^\d+$/.test(bits))
      ) {
        throw new Error(`"${text}" is not an IP address, a CIDR range or address:port`);
      }
      if (port !== undefined && !(port >= 1 && port <= 65535))
        throw new Error(`"${text}" has an invalid port`);
      return { range: { bytes: ipBytes(address)!, bits: prefix }, port, text };
    });
}

/** Whether the allow-list lets the server connect to this (non-public) address and port. */
export function isAllowedPrivate(allow: readonly AllowedAddress[], address: string, port: number): boolean {
  const bytes = ipBytes(address);
  if (!bytes) return false;
  return allow.some(
    (entry) => inRange(bytes, entry.range) && (entry.port === undefined || entry.port === port),
  );
}
