import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  encodedFieldsProblem,
  fieldProblem,
  jsonProblem,
  MAX_JSON_DEPTH,
  pathProblem,
  utf8,
} from "../../server/http/input-scan.ts";

const NONE = new Set<string>();
const GRAPHQL = new Set(["variables"]);
const UNSTORABLE = /holds a NUL character or broken Unicode text/;
const BROKEN = /has a broken percent-escape or is not UTF-8 text/;

describe("the edge's scan of web addresses and forms", () => {
  it("passes plain and encoded text, and refuses NUL, encoded lone surrogates and broken escapes", () => {
    expect(pathProblem("/shop/luna-collagen/p-1")).toBeNull();
    expect(pathProblem("/order/caf%C3%A9%20au%20lait")).toBeNull();
    expect(pathProblem("/pay/test/cs_test_%00")).toMatch(UNSTORABLE);
    expect(pathProblem("/shop/%ED%A0%80")).toMatch(BROKEN);
    expect(pathProblem("/shop/%ZZ")).toMatch(BROKEN);
    expect(encodedFieldsProblem("intent=add&optionId=op-m8_ba-1b&note=a+b%2Bc&flag", NONE)).toBeNull();
    expect(encodedFieldsProblem("intent=add&code=%00", NONE)).toMatch(/^The field "code" holds a NUL character/);
    expect(encodedFieldsProblem("name=%F0%9F%98%80&email=%ED%B0%80", NONE)).toMatch(/^The field "email" has a broken/);
    expect(encodedFieldsProblem("%00=1", NONE)).toMatch(/^A field's name holds/);
  });

  it("never repeats a long or odd field name", () => {
    expect(encodedFieldsProblem(`${"x".repeat(500)}=%00`, NONE)).toMatch(/^A field holds/);
    expect(encodedFieldsProblem("a%3Cb=%00", NONE)).toMatch(/^A field holds/);
  });

  it("reads GraphQL's variables sent as text, and refuses what is not JSON", () => {
    expect(fieldProblem("variables", '{"email":"mei@example.com"}', GRAPHQL)).toBeNull();
    expect(fieldProblem("variables", '{"email":"\\u0000"}', GRAPHQL)).toMatch(/^The value "variables.email" holds/);
    expect(fieldProblem("variables", "{nope", GRAPHQL)).toBe('The field "variables" is not valid JSON.');
    expect(fieldProblem("variables", "{nope", NONE)).toBeNull();
  });

  it("finds any string or key in JSON that cannot be stored, however it is nested", () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 6 }),
        fc.constantFrom("\u0000", "\ud800", "a\udc00b"),
        fc.boolean(),
        (json, bad, asKey) => {
          // fast-check's JSON strings are printable ASCII by default: storable.
          expect(jsonProblem(json, "")).toBeNull();
          const poisoned = { wrapper: [json, asKey ? { [bad]: 1 } : { value: bad }] };
          expect(jsonProblem(poisoned, "")).toMatch(UNSTORABLE);
        },
      ),
      { numRuns: 200 },
    );
  });

  it(`refuses JSON nested more than ${MAX_JSON_DEPTH} levels, without recursion`, () => {
    const nested = (depth: number) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`);
    expect(jsonProblem(nested(MAX_JSON_DEPTH), "")).toBeNull();
    expect(jsonProblem(nested(MAX_JSON_DEPTH + 1), "")).toMatch(/nested more than 32 levels deep/);
    expect(jsonProblem(nested(30_000), "variables")).toMatch(/nested more than/);
  });

  it("reads a body as UTF-8 only when it is", () => {
    expect(utf8(new TextEncoder().encode("café").buffer)).toBe("café");
    expect(utf8(new Uint8Array([0x61, 0xed, 0xa0, 0x80]).buffer)).toBeNull();
  });
});
