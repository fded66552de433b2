import { useEffect } from "react";

/** The browser's redemption basket (SPEC.md §3): localStorage "redemption-store" holding {items}. */
export const REDEMPTION_STORE_KEY = "redemption-store";

export type RedemptionItem = { type: "member-redemption"; optionId: string; qty: number };
export type RedemptionStore = { items: RedemptionItem[] };

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function browserStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off; there is then no basket to keep.
    return null;
  }
}

function isRedemptionItem(value: unknown): value is RedemptionItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    item.type === "member-redemption" &&
    typeof item.optionId === "string" &&
    item.optionId !== "" &&
    typeof item.qty === "number" &&
    Number.isInteger(item.qty) &&
    item.qty > 0
  );
}

/** The basket as stored; anything unreadable in it is left out and logged. */
export function readRedemptionStore(storage: StorageLike | null = browserStorage()): RedemptionStore {
  const raw = storage?.getItem(REDEMPTION_STORE_KEY);
  if (!raw) return { items: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.warn(`The redemption basket could not be read and starts empty: ${String(error)}`);
    return { items: [] };
  }
  const items = typeof parsed === "object" && parsed !== null ? (parsed as { items?: unknown }).items : undefined;
  if (!Array.isArray(items)) {
    console.warn("The redemption basket held no item list and starts empty.");
    return { items: [] };
  }
  return { items: items.filter(isRedemptionItem) };
}

function write(storage: StorageLike | null, store: RedemptionStore): RedemptionStore {
  storage?.setItem(REDEMPTION_STORE_KEY, JSON.stringify(store));
  return store;
}

/**
 * Adds an item; only `member-redemption` items are taken (others are ignored). The same option again
 * raises its qty.
 */
export function addRedemptionItem(item: unknown, storage: StorageLike | null = browserStorage()): RedemptionStore {
  const store = readRedemptionStore(storage);
  if (!isRedemptionItem(item)) return store;
  const existing = store.items.find((entry) => entry.optionId === item.optionId);
  const items = existing
    ? store.items.map((entry) => (entry === existing ? { ...entry, qty: entry.qty + item.qty } : entry))
    : [...store.items, { type: item.type, optionId: item.optionId, qty: item.qty }];
  return write(storage, { items });
}

/** Removes the option's item; a missing one is logged and nothing changes. */
export function removeRedemptionItem(optionId: string, storage: StorageLike | null = browserStorage()): RedemptionStore {
  const store = readRedemptionStore(storage);
  if (!store.items.some((entry) => entry.optionId === optionId)) {
    console.warn(`Redemption item with optionId ${optionId} not found.`);
    return store;
  }
  return write(storage, { items: store.items.filter((entry) => entry.optionId !== optionId) });
}

/** The server is the source of truth: its Pending redeems replace whatever the basket held. */
export function replaceRedemptionItems(
  redeems: ReadonlyArray<{ optionId: string; quantity: number }>,
  storage: StorageLike | null = browserStorage(),
): RedemptionStore {
  return write(storage, {
    items: redeems.map((redeem) => ({ type: "member-redemption", optionId: redeem.optionId, qty: redeem.quantity })),
  });
}

export function clearRedemptionStore(storage: StorageLike | null = browserStorage()): void {
  storage?.removeItem(REDEMPTION_STORE_KEY);
}

/**
 * Keeps the basket in step with the member's Pending redeems the page loaded (after every redeem
 * action the loaders run again). Null (a signed-out page) leaves the basket alone.
 */
export function useRedemptionStoreSync(redeems: ReadonlyArray<{ optionId: string; quantity: number }> | null): void {
  const signature = redeems ? JSON.stringify(redeems.map((redeem) => [redeem.optionId, redeem.quantity])) : null;
  useEffect(() => {
    if (signature === null) return;
    const pairs = JSON.parse(signature) as [string, number][];
    replaceRedemptionItems(pairs.map(([optionId, quantity]) => ({ optionId, quantity })));
  }, [signature]);
}
