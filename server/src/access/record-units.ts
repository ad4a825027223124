import { MAX_FIELDS } from 'ussynth';
import { RELATED_RECORD_QUOTA, type RelatedKind } from 'ussynth/client';

/** The fields of the default record (an address: name, street, city, state, zip, phone, email, country). */
export const DEFAULT_RECORD_FIELDS = 8;

/**
 * How many records of quota one record of a `fields` list counts as (docs/api.md, "Quota use"): one for up to 8
 * entries (the default record's fields), and one more for each further 8 started, so 64 entries count as 8. A record
 * costs the server about in proportion to its fields (issue 46: 64 entries took 13x the CPU of a default record), and
 * the rule is one a client can work out from its own list. Without `fields` (geo included) a record counts as one.
 * Read from the list's text: checked lists have no empty entries, and an unchecked one is capped at 64 entries (the
 * connection guard weighs requests before they are checked; a list past it is refused at no cost).
 * @example recordUnits('id=uuid,email') // 1; recordUnits(Array(64).fill('zip').join(',')) // 8
 */
export function recordUnits(fields: string | undefined): number {
  if (fields === undefined) return 1;
  let entries = 1;
  for (let at = fields.indexOf(','); at >= 0 && entries < MAX_FIELDS; at = fields.indexOf(',', at + 1)) entries++;
  return Math.ceil(entries / DEFAULT_RECORD_FIELDS);
}

/**
 * How many records of quota one record of a related kind counts as (docs/api.md, "Related records"): the typed client's
 * figures (`RELATED_RECORD_QUOTA` of `ussynth/client`), so a client's preflight and the server's debit cannot differ.
 * @example relatedRecordUnits('household') // 3
 */
export function relatedRecordUnits(kind: RelatedKind): number {
  return RELATED_RECORD_QUOTA[kind];
}
