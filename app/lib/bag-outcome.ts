/** What each change to the bag tells the shopper when it worked. */
export const BAG_NOTICES = {
  added: "Added to your bag.",
  updated: "Quantity updated.",
  cadence: "Delivery schedule updated.",
  removed: "Removed from your bag.",
  delivery: "Delivery option updated.",
  "reward-updated": "Reward quantity updated.",
  "reward-removed": "Reward removed. Its points are back in your balance.",
} as const;

export type BagNotice = keyof typeof BAG_NOTICES;

/** A bag action's outcome: a notice when it worked (with the cookie of a new bag), else why not. */
export type BagOutcome =
  | { ok: true; notice: BagNotice; headers?: Record<string, string> }
  | { ok: false; message: string; status: number };

/** The notice a `/bag?done=…` address names, as a page shows it after a form post moved there; undefined for any other value. */
export function noticeOf(url: URL): { ok: true; message: string } | undefined {
  const done = url.searchParams.get("done");
  return done !== null && Object.hasOwn(BAG_NOTICES, done) ? { ok: true, message: BAG_NOTICES[done as BagNotice] } : undefined;
}
