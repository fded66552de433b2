/** How many boundaries one catalogue revision can have passed and still be told apart from the next revision. */
const BOUNDARIES_PER_REVISION = 2 ** 20;

/**
 * The revision that kept pages and replies are checked against: the catalogue's, moved on again each
 * time a programme boundary passes (a version taking effect, a campaign starting or ending), so a page
 * kept before a campaign started is not served after it. The boundaries are read once per catalogue
 * revision; which of them have passed is worked out per request.
 */
export function keptRevision(
  catalogRevision: () => Promise<number>,
  loadBoundaries: () => Promise<readonly Date[]>,
  now: () => number = Date.now,
): () => Promise<number> {
  let known: { revision: number; boundaries: Promise<readonly Date[]> } | null = null;
  return async () => {
    const revision = await catalogRevision();
    if (known?.revision !== revision) {
      const entry = {
        revision,
        boundaries: loadBoundaries().catch((error: unknown) => {
          if (known === entry) known = null;
          throw error;
        }),
      };
      known = entry;
    }
    const boundaries = await known.boundaries;
    return revision * BOUNDARIES_PER_REVISION + passedCount(boundaries, now());
  };
}

/** How many of the sorted times are at or before `at`. */
function passedCount(times: readonly Date[], at: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as Date).getTime() <= at) low = middle + 1;
    else high = middle;
  }
  return Math.min(low, BOUNDARIES_PER_REVISION - 1);
}
