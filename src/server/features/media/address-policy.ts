import ipaddr from 'ipaddr.js';

/**
 * Only public unicast addresses may be fetched. Everything else (loopback, private networks,
 * link-local and so the cloud metadata endpoints, carrier-grade NAT, multicast, and the IPv6 forms
 * that embed an IPv4 address such as NAT64 and 6to4) could reach our own network.
 * IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Ports images are served on; anything else would let the proxy probe arbitrary services. */
export const IMAGE_PORTS: readonly number[] = [80, 443, 8080, 8443];
