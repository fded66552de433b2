import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestHash, verifyRequestHash } from "../../domain/shared/request-hash.ts";

/** Independent reference in exact BigInt arithmetic: no 32-bit tricks, so no float overflow to get wrong. */
function referenceHash(variables: unknown): string {
  const units = (JSON.stringify(variables ?? {}) ?? "{}").slice(0, 1000);
  let h = 5381n;
  for (const unit of units.split("")) {
    const c = unit.charCodeAt(0);
    if (c >= 32 && c <= 126) h = (h * 33n + BigInt(c)) % 2n ** 32n;
  }
  return h.toString(16);
}

const anyString = fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary-ascii" }));
const anyJson = fc.oneof(
  fc.jsonValue(),
  fc.jsonValue({ stringUnit: "binary" }),
  fc.jsonValue({ stringUnit: "grapheme" }),
  fc.jsonValue({ stringUnit: "binary-ascii" }),
);

describe("requestHash known vectors (worked out with python3, UTF-16 units, separators=(',',':'))", () => {
  it('hashes {} (JSON "{}") to 597a9d', () => {
    // 5381*33+123 = 177696; 177696*33+125 = 5864093 = 0x597a9d
    expect(requestHash({})).toBe("597a9d");
  });

  it("treats undefined and null as {}", () => {
    expect(requestHash(undefined)).toBe("597a9d");
    expect(requestHash(null)).toBe("597a9d");
  });

  it('hashes {"memberId":"m1"}', () => {
    expect(requestHash({ memberId: "m1" })).toBe("c201e722");
  });

  it("skips non-ASCII characters and emoji (both surrogate halves)", () => {
    const hash = requestHash({ name: "Lê Thị 🌸", memberId: "m1" });
    expect(hash).toBe("f80d0919");
    // Same as hashing the JSON with the non-printable characters removed.
    expect(hash).toBe(referenceHash(JSON.parse('{"name":"L Th ","memberId":"m1"}')));
  });

  it("skips DEL (127), which JSON.stringify leaves unescaped", () => {
    expect(requestHash({ note: "a\u007fb" })).toBe("dfe3ab38");
    expect(requestHash({ note: "ab" })).toBe("dfe3ab38");
  });

  it("ignores everything after the first 1000 characters of the JSON", () => {
    // '{"q":"' is 6 characters, so 994 a's fill the first 1000 exactly.
    expect(requestHash({ q: "a".repeat(1200) })).toBe("5e306d53");
    expect(requestHash({ q: "a".repeat(994) })).toBe("5e306d53");
    expect(requestHash({ q: `${"a".repeat(1200)}zzz` })).toBe("5e306d53");
  });

  it("slices before filtering: skipped characters still use up the 1000", () => {
    // 994 é's fill positions 6..999, so the Z at 1000 is cut even though the é's themselves are not hashed.
    expect(requestHash({ q: `${"é".repeat(994)}Z` })).toBe("296f5a51");
    // Filtering first would have hashed '{"q":"Z"}' instead.
    expect(requestHash({ q: "Z" })).toBe("9897086a");
    expect(referenceHash({ q: `${"é".repeat(994)}Z` })).toBe("296f5a51");
  });

  it("cuts an emoji straddling position 1000 in half and skips the half that remains", () => {
    expect(requestHash({ q: `${"a".repeat(993)}🌸b` })).toBe("8e7d96b2");
  });

  it("hashes the empty string variables as JSON '\"\"'", () => {
    expect(requestHash("")).toBe("596ec9");
  });

  it("returns lowercase hex without padding", () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        expect(requestHash(value)).toMatch(/^(0|[1-9a-f][0-9a-f]{0,7})$/);
      }),
    );
  });
});

describe("requestHash properties", () => {
  it("equals the BigInt reference for arbitrary JSON values", () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        expect(requestHash(value)).toBe(referenceHash(value));
      }),
      { numRuns: 500 },
    );
  });

  it("equals the BigInt reference for long strings that cross the 1000 boundary", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 900, maxLength: 1100 }), (value) => {
        expect(requestHash({ q: value })).toBe(referenceHash({ q: value }));
      }),
      { numRuns: 100 },
    );
  });

  it("does not change when anything is appended after the first 1000 characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1000, maxLength: 1200 }), anyString, anyJson, (long, suffix, extra) => {
        const base = requestHash({ q: long });
        // {"q":" is 6 characters and each of the 1000+ characters encodes to at least one, so the first
        // 1000 characters of the JSON are fixed by `long` alone.
        expect(requestHash({ q: long + suffix })).toBe(base);
        expect(requestHash({ q: long, z: extra })).toBe(base);
      }),
      { numRuns: 100 },
    );
  });
});

describe("verifyRequestHash", () => {
  const variables = { memberId: "m1" };

  it("accepts the exact hash and its upper-case form", () => {
    expect(verifyRequestHash(variables, "c201e722")).toBe(true);
    expect(verifyRequestHash(variables, "C201E722")).toBe(true);
    expect(verifyRequestHash(undefined, "597A9D")).toBe(true);
  });

  it("refuses a wrong, empty or missing header", () => {
    expect(verifyRequestHash(variables, "c201e723")).toBe(false);
    expect(verifyRequestHash(variables, "597a9d")).toBe(false);
    expect(verifyRequestHash(variables, "0c201e722")).toBe(false);
    expect(verifyRequestHash(variables, "")).toBe(false);
    expect(verifyRequestHash(variables, null)).toBe(false);
    expect(verifyRequestHash(variables, undefined)).toBe(false);
  });

  it("accepts the hash of the same variables in any case, and only that", () => {
    fc.assert(
      fc.property(anyJson, anyJson, (value, other) => {
        const hash = requestHash(value);
        expect(verifyRequestHash(value, hash.toUpperCase())).toBe(true);
        expect(verifyRequestHash(other, hash)).toBe(requestHash(other) === hash);
      }),
    );
  });
});
