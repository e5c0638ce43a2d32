import ipaddr from 'ipaddr.js';

const cidr = (range: string) => ipaddr.IPv6.parseCIDR(range);

/**
 * IPv6 forms that carry an IPv4 address, and where its four bytes sit. A packet to one of them can
 * end up at that IPv4 address (translated by NAT64, tunnelled by 6to4 or Teredo, or by the
 * kernel for the mapped and the old "compatible" forms), so that address is the one judged.
 */
const CARRIERS: Array<{ range: [ipaddr.IPv6, number]; at: number[]; inverted?: boolean }> = [
  { range: cidr('::ffff:0:0/96'), at: [12] }, // IPv4-mapped
  { range: cidr('::/96'), at: [12] }, // IPv4-compatible (deprecated, RFC 4291)
  { range: cidr('64:ff9b::/96'), at: [12] }, // NAT64 well-known prefix (RFC 6052)
  { range: cidr('2002::/16'), at: [2] }, // 6to4 (RFC 3056)
  { range: cidr('2001::/32'), at: [4, 12], inverted: true }, // Teredo: server, then client
];

/** The local-use NAT64 prefix: the operator chooses where the IPv4 sits, so it cannot be read. */
const LOCAL_NAT64 = cidr('64:ff9b:1::/48');

function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const carrier = CARRIERS.find(({ range }) => address.match(range));
  if (!carrier) return null;
  const bytes = address.toByteArray();
  return carrier.at.map((start, index) => {
    const octets = bytes.slice(start, start + 4);
    // Teredo stores the client address bit-inverted; the server address (first) is plain.
    const inverted = carrier.inverted && index === carrier.at.length - 1;
    return new ipaddr.IPv4(inverted ? octets.map((b) => b ^ 0xff) : octets);
  });
}

/**
 * Only public unicast addresses may be fetched. Everything else (loopback, private networks,
 * link-local and so the cloud metadata endpoints, carrier-grade NAT, multicast, reserved ranges)
 * could reach our own network. An IPv6 address that carries an IPv4 address is judged by that
 * IPv4 address (each of them, for Teredo), not by its IPv6 range: `::127.0.0.1` is loopback.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ipv6 = ipaddr.parse(address);
  if (ipv6 instanceof ipaddr.IPv4) return ipv6.range() === 'unicast';
  if (ipv6.match(LOCAL_NAT64)) return false;
  const carried = carriedIPv4(ipv6);
  if (carried) return carried.every((ipv4) => ipv4.range() === 'unicast');
  return ipv6.range() === 'unicast';
}

/** Ports images are served on; anything else would let the proxy probe arbitrary services. */
export const IMAGE_PORTS: readonly number[] = [80, 443, 8080, 8443];
