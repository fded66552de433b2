import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "../../integrations/webhooks/private-addresses.ts";

describe("addresses a production webhook may not reach", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback, anywhere in 127/8"],
    ["0.0.0.0", "this host"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private, the top of 172.16/12"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["169.254.169.254", "link-local: cloud metadata"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["198.18.0.1", "benchmarking"],
    ["::", "unspecified"],
    ["::1", "IPv6 loopback"],
    ["0:0:0:0:0:0:0:1", "IPv6 loopback written out"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback in hex"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped metadata address in hex"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::127.0.0.1", "IPv4-compatible (deprecated) loopback"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local with a zone"],
    ["fd12:3456::1", "unique local"],
    ["fc00::1", "unique local"],
    ["ff02::1", "multicast"],
    ["64:ff9b::a00:1", "NAT64 of 10.0.0.1"],
    ["64:ff9b::7f00:1", "NAT64 of 127.0.0.1"],
    ["2002:a9fe:a9fe::1", "6to4 of 169.254.169.254"],
    ["2001::1", "Teredo"],
    ["2001:db8::1", "documentation"],
    ["localhost", "not an address at all"],
    ["", "nothing"],
  ])("refuses %s (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    ["8.8.8.8"],
    ["1.1.1.1"],
    ["172.32.0.1"],
    ["100.128.0.1"],
    ["::ffff:8.8.8.8"],
    ["2606:4700:4700::1111"],
    ["64:ff9b::808:808"],
    ["2002:808:808::1"],
  ])("lets %s through", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
