import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addRedemptionItem,
  clearRedemptionStore,
  REDEMPTION_STORE_KEY,
  readRedemptionStore,
  removeRedemptionItem,
  replaceRedemptionItems,
} from "../../app/lib/redemption-store.ts";

function memoryStorage(initial?: string) {
  const values = new Map<string, string>(initial === undefined ? [] : [[REDEMPTION_STORE_KEY, initial]]);
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    raw: () => values.get(REDEMPTION_STORE_KEY),
  };
}

const item = (optionId: string, qty = 1) => ({ type: "member-redemption" as const, optionId, qty });

describe("the redemption basket in localStorage", () => {
  afterEach(() => vi.restoreAllMocks());

  it("starts empty and keeps {items} under the key redemption-store", () => {
    const storage = memoryStorage();
    expect(readRedemptionStore(storage)).toEqual({ items: [] });
    addRedemptionItem(item("op-l4_yc-1b"), storage);
    expect(JSON.parse(storage.raw() ?? "")).toEqual({ items: [item("op-l4_yc-1b")] });
  });

  it("adds only member-redemption items and raises qty for the same option", () => {
    const storage = memoryStorage();
    addRedemptionItem(item("op-mpu_ba-1pu", 2), storage);
    addRedemptionItem({ type: "product", optionId: "op-m8_ba-1b", qty: 1 }, storage);
    addRedemptionItem({ optionId: "op-m8_ba-1b", qty: 1 }, storage);
    addRedemptionItem(item("op-j4_bb-1b"), storage);
    expect(addRedemptionItem(item("op-mpu_ba-1pu", 3), storage)).toEqual({
      items: [item("op-mpu_ba-1pu", 5), item("op-j4_bb-1b")],
    });
    expect(readRedemptionStore(storage).items).toHaveLength(2);
  });

  it("removes an item, and logs a missing one without changing anything", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const storage = memoryStorage(JSON.stringify({ items: [item("op-j4_bb-1b"), item("op-j4_yz-1b")] }));
    expect(removeRedemptionItem("op-j4_bb-1b", storage)).toEqual({ items: [item("op-j4_yz-1b")] });
    expect(warn).not.toHaveBeenCalled();
    expect(removeRedemptionItem("op-j4_bb-1b", storage)).toEqual({ items: [item("op-j4_yz-1b")] });
    expect(warn).toHaveBeenCalledWith("Redemption item with optionId op-j4_bb-1b not found.");
  });

  it("takes the server's pending redeems as the truth and can be cleared", () => {
    const storage = memoryStorage(JSON.stringify({ items: [item("op-gone-1b", 4)] }));
    replaceRedemptionItems(
      [
        { optionId: "op-l8_yc-1b", quantity: 2 },
        { optionId: "op-mpu_sb-1pu", quantity: 1 },
      ],
      storage,
    );
    expect(readRedemptionStore(storage)).toEqual({ items: [item("op-l8_yc-1b", 2), item("op-mpu_sb-1pu")] });
    clearRedemptionStore(storage);
    expect(storage.raw()).toBeUndefined();
  });

  it("reads a malformed basket as empty, logged, and leaves out items that are not redemptions", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(readRedemptionStore(memoryStorage("{not json"))).toEqual({ items: [] });
    expect(readRedemptionStore(memoryStorage(JSON.stringify({ basket: [] })))).toEqual({ items: [] });
    expect(warn).toHaveBeenCalledTimes(2);
    const mixed = JSON.stringify({
      items: [item("op-a-1b"), { type: "other", optionId: "op-b-1b", qty: 1 }, item("op-c-1b", 0)],
    });
    expect(readRedemptionStore(memoryStorage(mixed))).toEqual({ items: [item("op-a-1b")] });
  });
});
