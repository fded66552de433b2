import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Addresses a webhook must never reach from production: the shop's own machine and networks, and
 * anything not a unicast host on the internet. IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are
 * checked against the IPv4 ranges by BlockList itself.
 */
const IPV4_RANGES: [string, number][] = [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const IPV6_RANGES: [string, number][] = [
  ["::", 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 32], // Teredo
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

/** An IPv4 network as the two 16-bit groups an IPv6 address writes it in. */
function ipv4Groups(network: string): string {
  const [a = 0, b = 0, c = 0, d = 0] = network.split(".").map(Number);
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

const blocked = new BlockList();
for (const [network, prefix] of IPV4_RANGES) {
  blocked.addSubnet(network, prefix, "ipv4");
  // The same networks reached through a translation scheme that carries the IPv4 address: NAT64 and 6to4.
  blocked.addSubnet(`64:ff9b::${ipv4Groups(network)}`, 96 + prefix, "ipv6");
  blocked.addSubnet(`2002:${ipv4Groups(network)}::`, 16 + prefix, "ipv6");
}
for (const [network, prefix] of IPV6_RANGES) blocked.addSubnet(network, prefix, "ipv6");

/** True for an address a production webhook may not reach; any text that is not an IP address counts as one. */
export function isPrivateAddress(address: string): boolean {
  if (isIPv4(address)) return blocked.check(address, "ipv4");
  // A zone ("fe80::1%eth0") only ever goes with a link-local address.
  const [bare = "", zone] = address.split("%");
  return zone !== undefined || !isIPv6(bare) || blocked.check(bare, "ipv6");
}
