/**
 * Records of the monthly quota one record of each related kind uses, as the API charges them (docs/api.md, "Related
 * records"): a company 1, an employee 1, a household 3 (an address and landline shared by several people, each about
 * an address record's work). The server debits the same figures (server/src/access/record-units.ts reads them).
 * @example RELATED_RECORD_QUOTA.household // 3
 */
export const RELATED_RECORD_QUOTA = { company: 1, household: 3, employee: 1 } as const;

/**
 * A related kind of record the API serves.
 * @example const kind: RelatedKind = 'household'
 */
export type RelatedKind = keyof typeof RELATED_RECORD_QUOTA;

/**
 * Records of the monthly quota `count` records of `kind` use: what a client can check against `usage().remaining`
 * before it asks, and what the API debits for the answer.
 * @example quotaRecords('household', 100) // 300
 */
export function quotaRecords(kind: RelatedKind, count: number): number {
  return RELATED_RECORD_QUOTA[kind] * count;
}
