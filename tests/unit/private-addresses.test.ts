import { isIP } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { createHttpWebhookSender } from "../../integrations/webhooks/http-webhook-sender.ts";
import { isPrivateAddress } from "../../integrations/webhooks/private-addresses.ts";

const REFUSED: [string, string][] = [
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
  ["::ffff:0:127.0.0.1", "IPv4-translated loopback"],
  ["::ffff:0:7f00:1", "IPv4-translated loopback in hex"],
  ["::ffff:0:a00:1", "IPv4-translated 10.0.0.1"],
  ["::ffff:0:c0a8:101", "IPv4-translated 192.168.1.1"],
  ["::ffff:0:a9fe:a9fe", "IPv4-translated metadata address"],
  ["::ffff:0:0:0", "IPv4-translated 0.0.0.0"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local with a zone"],
  ["fd12:3456::1", "unique local"],
  ["fc00::1", "unique local"],
  ["ff02::1", "multicast"],
  ["64:ff9b::a00:1", "NAT64 of 10.0.0.1"],
  ["64:ff9b::7f00:1", "NAT64 of 127.0.0.1"],
  ["64:ff9b::192.168.0.1", "NAT64 of 192.168.0.1, dotted"],
  ["64:ff9b::a9fe:a9fe", "NAT64 of the metadata address"],
  ["2002:a9fe:a9fe::1", "6to4 of 169.254.169.254"],
  ["2002:7f00:1::", "6to4 of 127.0.0.1"],
  ["2002:ac10:1:1::1", "6to4 of 172.16.0.1"],
  ["2001::1", "Teredo"],
  ["2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo with client 127.0.0.1 (inverted)"],
  ["2001:0:4136:e378:8000:63bf:f5ff:fffe", "Teredo with client 10.0.0.1 (inverted)"],
  ["2001:0:4136:e378:8000:63bf:3f57:fefe", "Teredo with client 192.168.1.1 (inverted)"],
  ["2001:0:a00:1:8000:63bf:f7f7:f7f7", "Teredo with server 10.0.0.1"],
  ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", "Teredo with client 8.8.8.8: Teredo is refused whole"],
  ["2001:db8::1", "documentation"],
  ["localhost", "not an address at all"],
  ["", "nothing"],
];

const ALLOWED: [string, string][] = [
  ["8.8.8.8", "public"],
  ["1.1.1.1", "public"],
  ["172.32.0.1", "just past 172.16/12"],
  ["100.128.0.1", "just past carrier-grade NAT"],
  ["::ffff:8.8.8.8", "IPv4-mapped public"],
  ["::ffff:0:808:808", "IPv4-translated public"],
  ["2606:4700:4700::1111", "public IPv6"],
  ["2001:4860:4860::8888", "public IPv6 beside Teredo's /32"],
  ["64:ff9b::808:808", "NAT64 of a public address"],
  ["2002:808:808::1", "6to4 of a public address"],
];

describe("addresses a production webhook may not reach", () => {
  it.each(REFUSED)("refuses %s (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(ALLOWED)("lets %s through (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

// Names under this test-only domain resolve to the address they are given; every other name as usual.
const resolvesTo = vi.hoisted(() => new Map<string, string>());
// Test files share their worker's modules: load the sender afresh, so it sees this mock.
vi.hoisted(() => vi.resetModules());
vi.mock("node:dns", async (importOriginal) => {
  const dns = await importOriginal<typeof import("node:dns")>();
  const lookup = (hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const address = resolvesTo.get(hostname);
    if (address === undefined) return dns.lookup(hostname, options, callback);
    const family = isIP(address);
    return options.all ? callback(null, [{ address, family }]) : callback(null, address, family);
  };
  return { ...dns, lookup };
});
vi.mock("node:dns/promises", async (importOriginal) => {
  const dns = await importOriginal<typeof import("node:dns/promises")>();
  const lookup = (hostname: string, options: { all?: boolean }) => {
    const address = resolvesTo.get(hostname);
    if (address === undefined) return dns.lookup(hostname, options);
    const answer = { address, family: isIP(address) };
    return Promise.resolve(options.all ? [answer] : answer);
  };
  return { ...dns, lookup };
});

/** Each address of a table a URL can hold (not one with a zone), as the URL's host and as a name that resolves to it. */
function targets(table: [string, string][]) {
  return table
    .filter(([address]) => isIP(address) && !address.includes("%"))
    .map(([address, what]) => {
      const name = `target-${resolvesTo.size}.webhook-address.test`;
      resolvesTo.set(name, address);
      const literal = isIP(address) === 6 ? `[${address}]` : address;
      return { address, what, literal: `https://${literal}/in`, name: `https://${name}/in` };
    });
}

describe("a production webhook's target", () => {
  const production = createHttpWebhookSender({ allowLocalTargets: false });
  const request = { headers: {}, body: "{}" };

  it.each(targets(REFUSED))(
    "is refused at $address ($what), typed or resolved, when registered and when sent",
    async (target) => {
      expect(await production.refusal(target.literal)).toMatch(/is a private, loopback or link-local address/);
      expect(await production.post({ ...request, url: target.literal })).toMatchObject({
        statusCode: null,
        response: expect.stringMatching(/^Not sent: .* is a private, loopback or link-local address/),
      });
      expect(await production.refusal(target.name)).toMatch(/resolves to .*, a private, loopback or link-local address/);
      expect(await production.post({ ...request, url: target.name })).toMatchObject({
        statusCode: null,
        response: expect.stringMatching(/resolves to .*, a private, loopback or link-local address/),
      });
    },
  );

  it.each(targets(ALLOWED))("is taken at $address ($what), typed or resolved", async (target) => {
    expect(await production.refusal(target.literal)).toBeNull();
    expect(await production.refusal(target.name)).toBeNull();
  });
});
