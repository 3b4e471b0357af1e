import { isIP } from 'node:net';

/** Why an address is not one a server-side request may go to: it reaches this machine, its network, or no single host. */
export type RefusedRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'site-local'
  | 'multicast'
  | 'reserved'
  | 'documentation';

interface Range {
  bytes: number[];
  bits: number;
  name: RefusedRange;
}

/** The ranges a request may not go to (IANA's special-purpose address registries), IPv4 then IPv6, in CIDR notation. */
const REFUSED_RANGES: [string, RefusedRange][] = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['100::/64', 'reserved'],
  ['2001:db8::/32', 'documentation'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
];

/**
 * IPv6 forms that carry an IPv4 address, which is what they reach: IPv4-mapped (`::ffff:0:0/96`),
 * IPv4-compatible (`::/96`, deprecated), NAT64 (`64:ff9b::/96`) and 6to4 (`2002::/16`, the IPv4
 * address in bytes 2-5). The embedded address is checked like any IPv4 address.
 */
const EMBEDDING_IPV4: { range: Omit<Range, 'name'>; offset: number }[] = [
  { range: { bytes: ipv6Bytes('::ffff:0:0')!, bits: 96 }, offset: 12 },
  { range: { bytes: ipv6Bytes('::')!, bits: 96 }, offset: 12 },
  { range: { bytes: ipv6Bytes('64:ff9b::')!, bits: 96 }, offset: 12 },
  { range: { bytes: ipv6Bytes('2002::')!, bits: 16 }, offset: 2 },
];

/** The refused ranges of one address family, in the order listed. */
function rangesOf(family: 4 | 6): Range[] {
  return REFUSED_RANGES.flatMap(([cidr, name]) => {
    const [address, bits] = cidr.split('/');
    if (isIP(address) !== family) return [];
    return [{ bytes: (family === 4 ? ipv4Bytes(address) : ipv6Bytes(address))!, bits: Number(bits), name }];
  });
}

const v4Ranges = rangesOf(4);
const v6Ranges = rangesOf(6);

/**
 * The range that makes an IP address unfit for a request on a user's behalf, or null for an
 * ordinary public address. Anything that is not an IP address is refused as `reserved`.
 */
export function refusedRange(address: string): RefusedRange | null {
  const plain = address.replace(/^\[|\]$/g, '').split('%')[0];
  const family = isIP(plain);
  if (family === 4) return rangeOf(ipv4Bytes(plain)!, v4Ranges);
  if (family !== 6) return 'reserved';
  const bytes = ipv6Bytes(plain)!;
  const own = rangeOf(bytes, v6Ranges);
  if (own) return own;
  for (const { range, offset } of EMBEDDING_IPV4) {
    if (inRange(bytes, range)) return rangeOf(bytes.slice(offset, offset + 4), v4Ranges);
  }
  return null;
}

function rangeOf(bytes: number[], ranges: Range[]): RefusedRange | null {
  return ranges.find((range) => inRange(bytes, range))?.name ?? null;
}

function inRange(bytes: number[], { bytes: prefix, bits }: Omit<Range, 'name'>): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const remaining = Math.min(8, bits - bit);
    const mask = (0xff << (8 - remaining)) & 0xff;
    const index = bit / 8;
    if ((bytes[index] & mask) !== (prefix[index] & mask)) return false;
  }
  return true;
}

function ipv4Bytes(address: string): number[] | null {
  const parts = address.split('.').map(Number);
  return parts.length === 4 && parts.every((part) => Number.isInteger(part) && part >= 0 && part <= 255) ? parts : null;
}

/** The 16 bytes of an IPv6 address (`::` shorthand and a trailing dotted IPv4 part allowed). */
function ipv6Bytes(address: string): number[] | null {
  let text = address.toLowerCase();
  let tail: number[] = [];
  if (text.includes('.')) {
    const lastColon = text.lastIndexOf(':');
    const v4 = ipv4Bytes(text.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const wanted = 8 - tail.length / 2;
  const missing = wanted - head.length - rest.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const hextets = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!hextets.every((group) => /^[\da-f]{1,4}$/.test(group))) return null;
  return [...hextets.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]), ...tail];
}
