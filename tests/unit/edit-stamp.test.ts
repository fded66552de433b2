import { describe, expect, it } from "vitest";
import { editStamp } from "../../domain/shared/edit-stamp.ts";

describe("an edit stamp", () => {
  it("is the same for the same values, whatever order their keys were read in", () => {
    const read = { gold: { multiplier: 1.5, windowDays: 365 }, actions: [{ id: "follow-ig", points: 50 }] };
    const readAgain = { actions: [{ points: 50, id: "follow-ig" }], gold: { windowDays: 365, multiplier: 1.5 } };
    expect(editStamp(readAgain)).toBe(editStamp(read));
  });

  it("changes with any value, an order of a list, or a field coming or going", () => {
    const base = {
      name: "1 Box",
      priceCents: 1290,
      flavour: null,
      lines: [
        { sku: "a", qty: 1 },
        { sku: "b", qty: 2 },
      ],
    };
    const stamp = editStamp(base);
    for (const changed of [
      { ...base, priceCents: 1291 },
      { ...base, flavour: "Mango" },
      { ...base, lines: [...base.lines].reverse() },
      { ...base, lines: [{ sku: "a", qty: 1 }] },
      { ...base, extra: true },
    ]) {
      expect(editStamp(changed)).not.toBe(stamp);
    }
  });
});
