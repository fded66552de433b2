/**
 * Splits whole cents over parts in proportion to their weights so the shares add up exactly: each
 * part its floor, then one cent each to the heaviest parts (the earlier first on a tie) until none
 * is left. A part of weight 0 gets nothing.
 */
export function splitInProportion(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((totalCents * weight) / sum));
  let remainder = totalCents - shares.reduce((total, share) => total + share, 0);
  const heaviestFirst = weights.map((weight, index) => ({ weight, index })).filter(({ weight }) => weight > 0);
  heaviestFirst.sort((a, b) => b.weight - a.weight);
  for (const { index } of heaviestFirst) {
    if (remainder === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    remainder--;
  }
  return shares;
}
