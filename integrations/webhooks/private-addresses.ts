import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Addresses a webhook must never reach from production: the shop's own machine and networks, and
 * anything not a unicast host on the internet.
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
  // Teredo, whole: its client's IPv4 address (the last 32 bits, inverted) and its server's can be
  // inside, and a webhook receiver has no need of a tunnel from behind a NAT.
  ["2001::", 32],
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

/** IPv6 forms that carry an IPv4 address, as the address with it and the bits before it. */
const IPV4_CARRIERS: [(groups: string) => string, number][] = [
  [(groups) => `::ffff:${groups}`, 96], // IPv4-mapped
  [(groups) => `::ffff:0:${groups}`, 96], // IPv4-translated (SIIT)
  [(groups) => `64:ff9b::${groups}`, 96], // NAT64
  [(groups) => `2002:${groups}::`, 16], // 6to4
];

const blocked = new BlockList();
for (const [network, prefix] of IPV4_RANGES) {
  blocked.addSubnet(network, prefix, "ipv4");
  for (const [carrying, before] of IPV4_CARRIERS) {
    blocked.addSubnet(carrying(ipv4Groups(network)), before + prefix, "ipv6");
  }
}
for (const [network, prefix] of IPV6_RANGES) blocked.addSubnet(network, prefix, "ipv6");

/** True for an address a production webhook may not reach; any text that is not an IP address counts as one. */
export function isPrivateAddress(address: string): boolean {
  if (isIPv4(address)) return blocked.check(address, "ipv4");
  // A zone ("fe80::1%eth0") only ever goes with a link-local address.
  const [bare = "", zone] = address.split("%");
  return zone !== undefined || !isIPv6(bare) || blocked.check(bare, "ipv6");
}
