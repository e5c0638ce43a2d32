import ipaddr from 'ipaddr.js';

/**
 * The key per-address limits count a client under: its IPv4 address (an IPv4-mapped IPv6 one
 * read as IPv4), or the /64 its IPv6 address is in. A subscriber's network hands out a whole
 * /64, so counting single IPv6 addresses would let one client rotate through billions of them.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/64`);
  return `${network.toString()}/64`;
}
