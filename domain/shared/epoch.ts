/** SPEC.md §9: a timestamp above this is in epoch milliseconds; at or below it, in epoch seconds. */
const MILLISECONDS_ABOVE = 1e12;

/** Epoch milliseconds of a timestamp given in seconds or, above 1e12, in milliseconds. */
export function epochMsOf(timestamp: number): number {
  return timestamp > MILLISECONDS_ABOVE ? timestamp : timestamp * 1000;
}
