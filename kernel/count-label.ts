/**
 * A count with its noun, singular for a count of 1 or less (SPEC.md §9): "0 item", "1 item",
 * "2 items". Every count the shop writes out goes through here, so the rule lives in one place.
 */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count} ${count <= 1 ? singular : plural}`;
}

/** Things in a bag: boxes and pouches to pay for and rewards taken with points alike. */
export function itemsLabel(count: number): string {
  return countLabel(count, "item", "items");
}
