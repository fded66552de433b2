import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("progress to free delivery over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  const post = (fields: Record<string, string>, cookie?: string) =>
    fetch(`${shop.baseUrl}/bag`, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    });
  const bagPage = async (cookie: string) =>
    (await (await fetch(`${shop.baseUrl}/bag`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
  const offerOf = (html: string) =>
    html.match(/<input type="hidden" name="intent" value="add"\/><input type="hidden" name="optionId" value="([^"]+)"/)?.[1];

  it("shows the bar and an offer that closes the gap; posting the offer as a plain form adds it and delivery is free", async () => {
    const added = await post({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const before = await bagPage(cookie);
    expect(before).toContain("S$21.00 more for free delivery");
    expect(before).toMatch(/role="progressbar"[^>]*aria-valuenow="65"[^>]*aria-valuetext="S\$39\.00 of S\$60\.00"/);
    expect(before).toContain("Ships free with");
    const offered = offerOf(before);
    expect(offered).toMatch(/^op-m/);

    const taken = await post({ intent: "add", optionId: offered ?? "", quantity: "1" }, cookie);
    expect(taken.status).toBe(303);
    expect(taken.headers.get("location")).toBe("/bag?done=added");
    const after = await bagPage(cookie);
    expect(after).toContain("Your order ships free.");
    expect(after).toMatch(/role="progressbar"[^>]*aria-valuenow="100"/);
    expect(after).not.toContain("Ships free with");
    expect(after).toContain('data-testid="bag-shipping">Free');
  });

  it("offers the nearest when nothing of the bag's series closes the gap, and shows nothing for an empty bag", async () => {
    const added = await post({ intent: "add", optionId: "op-j4_yz-1b", quantity: "1" });
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const html = await bagPage(cookie);
    expect(html).toContain("S$47.10 more for free delivery");
    expect(html).toContain("Closer to free delivery with");
    expect(offerOf(html)).toBe("op-j4_yz-1b");

    const empty = await (await fetch(`${shop.baseUrl}/bag`)).text();
    expect(empty).toContain("Your bag is empty.");
    expect(empty).not.toContain('data-testid="free-delivery"');
  });
});
