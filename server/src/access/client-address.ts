import ipaddr from 'ipaddr.js';

/**
 * The address a per-client limit counts: an IPv4 address as it is (an
 * IPv4-mapped IPv6 one as its IPv4 address), an IPv6 address by its /64 (one
 * host, a home or a phone, usually holds a whole /64 and could otherwise pick
 * a fresh address for every request). Parsed with ipaddr.js (Fastify's own
 * proxy-addr uses it), so every written form of one address (zeros elided or
 * not, upper case, a zone) counts alike. Text that is not an address is
 * returned unchanged.
 * @example clientAddress('2001:db8:1:2:aa:bb:cc:dd') // "2001:db8:1:2::/64"
 */
export function clientAddress(ip: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
