import { describe, expect, it } from "vitest";
import { claimSuccessMessage, isClaimOrderResult } from "../../app/lib/claim-order.ts";
import { DummyOrderMeta, dummyOrderOf } from "../../domain/debug/dummy-order-input.ts";
import { dummyOrderTimestamp } from "../../domain/debug/dummy-order-timestamp.ts";
import { DUMMY_ORDER_DEFAULT_PRICE_CENTS } from "../../domain/loyalty/points/debug-defaults.ts";
import { metaInput, metaOf } from "../../domain/loyalty/points/meta-input.ts";
import { parseInput } from "../../domain/shared/operation.ts";
import { isValidOrderCode } from "../../kernel/order-code.ts";
import { V1_TERMS } from "../setup/programme-fixtures.ts";

const member = { createdAt: new Date("2026-11-21T08:05:00.000Z"), email: "mei@example.com" };

/** meta as a mutation's schema reads it (metaInput); as createDummyOrder's schema reads it, then the order it makes. */
const parseMetaInput = (raw: unknown) => parseInput(metaInput, raw);
const parseDummyOrderMeta = (raw: unknown, of: typeof member) => dummyOrderOf(parseInput(metaOf(DummyOrderMeta), raw), of);

describe("dummy order meta", () => {
  it("places new 2 days after and old 2 days before the member's creation by default", () => {
    const fresh = parseDummyOrderMeta('{"when":"new"}', member);
    expect(fresh).toMatchObject({
      when: "new",
      priceCents: DUMMY_ORDER_DEFAULT_PRICE_CENTS,
      email: "mei@example.com",
      mobile: "",
    });
    expect(fresh.orderedAt.toISOString()).toBe("2026-11-23T08:05:00.000Z");
    expect(isValidOrderCode(fresh.invoiceId)).toBe(true);
    expect(parseDummyOrderMeta({ when: "old" }, member).orderedAt.toISOString()).toBe("2026-11-19T08:05:00.000Z");
  });

  it("reads the base timestamp in seconds, and in milliseconds from 1e12", () => {
    const seconds = parseDummyOrderMeta({ when: "new", timestamp: 1_700_000_000.5 }, member);
    const millis = parseDummyOrderMeta({ when: "new", timestamp: 1_700_000_000_500 }, member);
    expect(seconds.orderedAt.toISOString()).toBe("2023-11-16T22:13:20.500Z");
    expect(millis.orderedAt).toEqual(seconds.orderedAt);
  });

  it("stores SPEC.md §7's timestamp as it is: seconds, or milliseconds above 1e12; before the member joined is old", () => {
    const seconds = parseDummyOrderMeta({ timestamp: 1_795_421_100.5, price: 68.9 }, member);
    expect(seconds).toMatchObject({ when: "new", priceCents: 6890 });
    expect(seconds.orderedAt.toISOString()).toBe("2026-11-23T08:05:00.500Z");
    expect(parseDummyOrderMeta({ timestamp: 1_795_421_100_500 }, member).orderedAt).toEqual(seconds.orderedAt);
    expect(parseDummyOrderMeta({ timestamp: 1_795_248_299 }, member).when).toBe("old");
  });

  it("places by the old/new rule what the debug panel sends as the timestamp", () => {
    const created = member.createdAt.getTime() / 1000;
    expect(dummyOrderTimestamp("old", created)).toBe(created - 2 * 24 * 60 * 60);
    expect(dummyOrderTimestamp("new", created * 1000)).toBe(created + 2 * 24 * 60 * 60);
    expect(() => dummyOrderTimestamp("later", created)).toThrow(/when must be "old" or "new"/);
    expect(() => dummyOrderTimestamp("new", String(created))).toThrow(/timestamp must be a number/);
  });

  it("converts the S$ price to cents and normalizes the invoice id, email and mobile", () => {
    const meta = { when: "old", price: 68.9, invoiceId: " abc-123 ", email: " Mei.Tan@Example.COM ", mobile: "+65 9123 4567" };
    expect(parseDummyOrderMeta(JSON.stringify(JSON.stringify(meta)), member)).toMatchObject({
      priceCents: 6890,
      invoiceId: "ABC-123",
      email: "mei.tan@example.com",
      mobile: "+6591234567",
    });
  });

  it.each([
    [{}, /timestamp \(when the order was placed, epoch seconds\) or when \(old or new\) is required/],
    [{ price: 100, invoiceId: "6A7K2QXB" }, /or when \(old or new\) is required/],
    [{ timestamp: "1795248300" }, /timestamp must be a number/],
    [{ timestamp: -1 }, /timestamp must be a number/],
    [{ when: 2 }, /when must be the text/],
    [{ when: "newer" }, /when must be "old" or "new", not "newer"/],
    [{ when: "new", timestamp: "1700000000" }, /timestamp must be a number/],
    [{ when: "new", timestamp: 9e15 }, /timestamp/],
    [{ when: "new", price: -5 }, /price must be/],
    [{ when: "new", invoiceId: "no spaces allowed" }, /invoiceId must be/],
    [{ when: "new", email: "mei" }, /email address/],
  ])("refuses %j with BAD_USER_INPUT", (meta, message) => {
    expect(() => parseDummyOrderMeta(meta, member)).toThrow(
      expect.objectContaining({ code: "BAD_USER_INPUT", message: expect.stringMatching(message) }),
    );
  });

  it("takes meta as an object or a JSON object string and refuses anything else", () => {
    expect(parseMetaInput({ a: 1 })).toEqual({ a: 1 });
    expect(parseMetaInput('"{\\"a\\":1}"')).toEqual({ a: 1 });
    for (const bad of ["", "null", "[1]", "42", "{a:1}"]) {
      expect(() => parseMetaInput(bad)).toThrow(expect.objectContaining({ code: "BAD_USER_INPUT" }));
    }
    // A meta left out (null or undefined) is {}: the operation then says what it misses.
    expect(parseMetaInput(null)).toEqual({});
  });

  it("refuses text the database cannot store anywhere in meta, keys included", () => {
    for (const bad of [
      { when: "new", email: "a\u0000@example.com" },
      { when: "new", nested: { list: ["ok", "\ud800"] } },
      { "bad\u0000key": 1 },
      JSON.stringify({ when: "new", invoiceId: "x\u0000" }),
    ]) {
      expect(() => parseMetaInput(bad)).toThrow(
        expect.objectContaining({ code: "BAD_USER_INPUT", fields: { "": expect.stringMatching(/plain text/) } }),
      );
    }
  });
});

describe("the claim form's messages", () => {
  const claim = { invoiceId: "6A7K2QXB", counted: true, spentCents: 6890 };
  it("says how many points a new order brought", () => {
    expect(claimSuccessMessage({ ...claim, age: "new", pointsCredited: 68 }, V1_TERMS)).toBe(
      "Order 6A7K2QXB is on your membership: 68 points added and S$68.90 counted towards your spend.",
    );
    expect(claimSuccessMessage({ ...claim, age: "new", pointsCredited: 1, spentCents: 100 }, V1_TERMS)).toContain(
      ": 1 point added",
    );
  });

  it("says an old order counts towards spend only, and a re-linked one counts nothing again", () => {
    expect(claimSuccessMessage({ ...claim, age: "old", pointsCredited: 0 }, V1_TERMS)).toBe(
      "Order 6A7K2QXB is on your membership and its S$68.90 is counted towards your spend. It was placed more than 30 days before you joined, so it doesn't earn points.",
    );
    expect(claimSuccessMessage({ ...claim, age: "new", counted: false, pointsCredited: 0, spentCents: 0 }, V1_TERMS)).toBe(
      "Order 6A7K2QXB is on your membership again. Its points and spend were counted when it was first linked.",
    );
  });

  it("recognises the claim form's action data only", () => {
    expect(isClaimOrderResult({ intent: "claim-order", ok: true, message: "x" })).toBe(true);
    expect(isClaimOrderResult({ ok: false, message: "x" })).toBe(false);
    expect(isClaimOrderResult(undefined)).toBe(false);
  });
});
