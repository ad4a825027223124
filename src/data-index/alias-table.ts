/** A Walker alias table as the index stores it. */
export interface AliasTable {
  /** Keep column j when a uniform 32-bit draw is below thresholds[j]. */
  thresholds: Uint32Array;
  /** Column taken otherwise (a full column points at itself). */
  aliases: Uint32Array;
}

const TWO_32 = 4294967296;

/**
 * Builds an alias table (Vose's method) for non-negative weights with a
 * positive sum. Worklists are processed in index order, so the table is a
 * pure function of the weights. The build stores most tables built; the
 * generator builds the surname group tables on load from their integer
 * weights (a few thousand columns, well under a millisecond).
 * @example aliasTable([1, 3]) // thresholds [2^31, 0xffffffff], aliases [1, 1]
 */
export function aliasTable(weights: ArrayLike<number>): AliasTable {
  const n = weights.length;
  let total = 0;
  let negative = false;
  for (let i = 0; i < n; i++) {
    total += weights[i];
    if (!(weights[i] >= 0)) negative = true;
  }
  if (n === 0 || !(total > 0) || negative)
    throw new Error('alias table needs non-negative weights with a positive sum');
  const scaled = Array.from({ length: n }, (_, i) => (weights[i] * n) / total);
  const thresholds = new Uint32Array(n);
  const aliases = new Uint32Array(n);
  const small: number[] = [];
  const large: number[] = [];
  for (let i = n - 1; i >= 0; i--) (scaled[i] < 1 ? small : large).push(i);
  while (small.length > 0 && large.length > 0) {
    const s = small.pop()!;
    const l = large.pop()!;
    thresholds[s] = Math.min(TWO_32 - 1, Math.round(scaled[s] * TWO_32));
    aliases[s] = l;
    scaled[l] = scaled[l] + scaled[s] - 1;
    (scaled[l] < 1 ? small : large).push(l);
  }
  // What remains is full up to rounding error.
  for (const i of [...small, ...large]) {
    thresholds[i] = TWO_32 - 1;
    aliases[i] = i;
  }
  return { thresholds, aliases };
}
