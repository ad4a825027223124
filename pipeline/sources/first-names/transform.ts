import { byCodePoint } from '../../code-point-order.js';
import type { FirstNameRecord } from '../../model.js';
import { titleCase } from '../../transform/title-case.js';

/** Title-cases names; sorted by sex, then name. */
export function transformFirstNames(names: FirstNameRecord[]): FirstNameRecord[] {
  return names
    .map((n) => ({ ...n, name: titleCase(n.name) }))
    .sort((a, b) => byCodePoint(a.sex, b.sex) || byCodePoint(a.name, b.name));
}
