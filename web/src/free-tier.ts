/** Records one page load may generate in the free tier (the service interface's limit). */
export const FREE_TIER_LIMIT = 1000;

/** What the free tier allows for one request: all of it, part of it, or nothing. */
export type Allowance =
  | { kind: 'whole'; granted: number }
  | { kind: 'trimmed'; granted: number; requested: number }
  | { kind: 'refused'; requested: number };

/**
 * Counts the records generated since the page loaded. A request that would
 * cross the limit is trimmed to what remains (the demo's documented choice:
 * the user still gets every record the tier allows); once none remain,
 * every request is refused.
 * @example const tier = new FreeTier(); tier.allow(1200) // { kind: 'trimmed', granted: 1000, requested: 1200 }
 */
export class FreeTier {
  private usedCount = 0;

  constructor(readonly limit = FREE_TIER_LIMIT) {}

  /** Records generated so far. */
  get used(): number {
    return this.usedCount;
  }

  /** Records still allowed. */
  get remaining(): number {
    return this.limit - this.usedCount;
  }

  /**
   * How much of a request for `requested` records (1 or more) may run now.
   * @example new FreeTier(10).allow(3) // { kind: 'whole', granted: 3 }
   */
  allow(requested: number): Allowance {
    const remaining = this.remaining;
    if (remaining <= 0) return { kind: 'refused', requested };
    if (requested <= remaining) return { kind: 'whole', granted: requested };
    return { kind: 'trimmed', granted: remaining, requested };
  }

  /**
   * Counts `count` generated records; never more than the limit allows.
   * @example tier.record(3)
   */
  record(count: number): void {
    if (!Number.isInteger(count) || count < 0 || count > this.remaining) {
      throw new RangeError(`cannot record ${count} records: ${this.remaining} remain of the free tier's ${this.limit}`);
    }
    this.usedCount += count;
  }
}

/**
 * The message shown when a request is refused: says why, and what lifts it.
 * @example refusalMessage(1000) // "Free-tier limit reached: ..."
 */
export function refusalMessage(limit: number): string {
  return (
    `Free-tier limit reached: this page has generated ${limit} records since it loaded, ` +
    `the most the free browser demo allows per page load. Reload the page to start again, ` +
    `or use the ussynth API (paid tier) for more.`
  );
}

/**
 * The notice shown when a request was trimmed to what remained.
 * @example trimMessage(300, 1000, 1000) // "Trimmed to 300 of the 1000 records requested: ..."
 */
export function trimMessage(granted: number, requested: number, limit: number): string {
  return (
    `Trimmed to ${granted} of the ${requested} records requested: the free browser demo allows ` +
    `${limit} records per page load and only ${granted} remained. Reload the page or use the ussynth API for more.`
  );
}

/**
 * The notice shown when a request of records that each count as several (households: 3) was trimmed.
 * @example trimUnitsMessage(100, 400, 'households', 3, 1000, 301) // "Trimmed to 100 of the 400 households requested (each counts as 3 records): ..."
 */
export function trimUnitsMessage(
  granted: number,
  requested: number,
  plural: string,
  cost: number,
  limit: number,
  remained: number,
): string {
  return (
    `Trimmed to ${granted} of the ${requested} ${plural} requested (each counts as ${cost} records): the free browser ` +
    `demo allows ${limit} records per page load and only ${remained} remained. Reload the page or use the ussynth API for more.`
  );
}

/**
 * The message shown when fewer records remain than one record of the kind counts as.
 * @example tooFewLeftMessage('household', 3, 2, 1000) // "Free-tier limit reached: a household counts as 3 records ..."
 */
export function tooFewLeftMessage(singular: string, cost: number, remaining: number, limit: number): string {
  return (
    `Free-tier limit reached: a ${singular} counts as ${cost} records and only ${remaining} of the ${limit} ` +
    `this page may generate remain. Reload the page to start again, or use the ussynth API (paid tier) for more.`
  );
}

/**
 * The counter's text.
 * @example counterText(new FreeTier()) // "0 of 1000 free records used since this page loaded; 1000 left."
 */
export function counterText(tier: FreeTier): string {
  return `${tier.used} of ${tier.limit} free records used since this page loaded; ${tier.remaining} left.`;
}
