import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { parseJsonField, stringifyJsonField } from "../../kernel/json-field.ts";

const enc = (value: unknown): string => JSON.stringify(value);

/** JSON objects and arrays as they come back from JSON.parse (so no -0, no undefined). */
const jsonContainer = fc
  .oneof(
    fc.dictionary(fc.string(), fc.jsonValue()),
    fc.array(fc.jsonValue()),
    fc.dictionary(fc.string({ unit: "binary" }), fc.jsonValue({ stringUnit: "binary" })),
  )
  .map((value): object => JSON.parse(JSON.stringify(value)));

describe("parseJsonField", () => {
  it("passes objects and arrays through unchanged", () => {
    const meta = { orderId: "o1", points: 20 };
    const activities = ["follow-ig", "sign-up"];
    expect(parseJsonField(meta, {})).toBe(meta);
    expect(parseJsonField(activities, [])).toBe(activities);
  });

  it("parses a single-encoded object", () => {
    expect(parseJsonField('{"orderId":"o1","points":20}', {})).toEqual({ orderId: "o1", points: 20 });
  });

  it("parses a double-encoded object", () => {
    const raw = enc(enc({ orderId: "o1", nested: { a: [1, 2] } }));
    expect(raw).toBe('"{\\"orderId\\":\\"o1\\",\\"nested\\":{\\"a\\":[1,2]}}"');
    expect(parseJsonField(raw, {})).toEqual({ orderId: "o1", nested: { a: [1, 2] } });
  });

  it("parses a triple-encoded object", () => {
    expect(parseJsonField(enc(enc(enc({ reason: "birthday" }))), {})).toEqual({ reason: "birthday" });
  });

  it("gives up (fallback, reported) beyond three levels of encoding", () => {
    const onMalformed = vi.fn();
    const raw = enc(enc(enc(enc({ reason: "birthday" }))));
    expect(parseJsonField(raw, {}, onMalformed)).toEqual({});
    expect(onMalformed).toHaveBeenCalledTimes(1);
    expect(onMalformed).toHaveBeenCalledWith({ raw, error: expect.any(String) });
  });

  it("parses activities arrays, single- and double-encoded", () => {
    const activities = ["follow-ig", "sign-up"];
    expect(parseJsonField('["follow-ig","sign-up"]', [])).toEqual(activities);
    expect(parseJsonField('"[\\"follow-ig\\",\\"sign-up\\"]"', [])).toEqual(activities);
    expect(parseJsonField(enc(enc(activities)), [])).toEqual(activities);
  });

  it("returns the fallback for malformed JSON and reports the raw text once", () => {
    for (const raw of ["{not json", '{"a":1', "undefined", '"{\\"a\\":}"', "'single'"]) {
      const onMalformed = vi.fn();
      expect(parseJsonField(raw, {}, onMalformed)).toEqual({});
      expect(onMalformed).toHaveBeenCalledTimes(1);
      expect(onMalformed).toHaveBeenCalledWith({ raw, error: expect.stringMatching(/\S/) });
    }
  });

  it("returns the fallback itself, not a copy", () => {
    const fallback = { empty: true };
    expect(parseJsonField("{oops", fallback)).toBe(fallback);
  });

  it("does not need an onMalformed callback", () => {
    expect(parseJsonField("{oops", {})).toEqual({});
  });

  it("returns the fallback without reporting for null, undefined and the empty string", () => {
    for (const value of [null, undefined, "", "  ", "null", enc(""), enc(enc(null))]) {
      const onMalformed = vi.fn();
      expect(parseJsonField(value, { fallback: true }, onMalformed)).toEqual({ fallback: true });
      expect(onMalformed).not.toHaveBeenCalled();
    }
  });

  it("treats a JSON string that decodes to a number or boolean as malformed (must be an object or array)", () => {
    for (const raw of ["42", "true", "false", enc("7"), enc(enc("true")), '"just text"']) {
      const onMalformed = vi.fn();
      expect(parseJsonField(raw, {}, onMalformed)).toEqual({});
      expect(onMalformed).toHaveBeenCalledTimes(1);
      expect(onMalformed).toHaveBeenCalledWith({ raw, error: expect.any(String) });
    }
  });

  it("treats a number or boolean value (not a string) as malformed too", () => {
    const onMalformed = vi.fn();
    expect(parseJsonField(5, {}, onMalformed)).toEqual({});
    expect(onMalformed).toHaveBeenCalledWith({ raw: "5", error: expect.any(String) });
  });

  it("round-trips double-encoded objects and arrays", () => {
    fc.assert(
      fc.property(jsonContainer, (value) => {
        const onMalformed = vi.fn();
        expect(parseJsonField(enc(enc(value)), {}, onMalformed)).toEqual(value);
        expect(parseJsonField(enc(value), {}, onMalformed)).toEqual(value);
        expect(parseJsonField(enc(enc(enc(value))), {}, onMalformed)).toEqual(value);
        expect(onMalformed).not.toHaveBeenCalled();
      }),
      { numRuns: 300 },
    );
  });

  it("never throws and reports at most once for arbitrary strings", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.json()), (raw) => {
        const onMalformed = vi.fn();
        const result = parseJsonField(raw, null, onMalformed);
        expect(onMalformed.mock.calls.length).toBeLessThanOrEqual(1);
        if (onMalformed.mock.calls.length === 1) expect(result).toBeNull();
        else expect(result === null || typeof result === "object").toBe(true);
      }),
    );
  });
});

describe("stringifyJsonField", () => {
  it("sends meta as a single-encoded JSON string", () => {
    expect(stringifyJsonField({ orderId: "o1" })).toBe('{"orderId":"o1"}');
    expect(stringifyJsonField(["follow-ig", "sign-up"])).toBe('["follow-ig","sign-up"]');
  });

  it("sends {} for null or undefined", () => {
    expect(stringifyJsonField(null)).toBe("{}");
    expect(stringifyJsonField(undefined)).toBe("{}");
  });

  it("never double-encodes a value that is already a JSON string", () => {
    expect(stringifyJsonField('{"orderId":"o1"}')).toBe('{"orderId":"o1"}');
    expect(stringifyJsonField(enc(enc({ orderId: "o1" })))).toBe('{"orderId":"o1"}');
  });

  it("round-trips through parseJsonField", () => {
    fc.assert(
      fc.property(jsonContainer, (value) => {
        expect(parseJsonField(stringifyJsonField(value), {})).toEqual(value);
      }),
    );
  });
});
