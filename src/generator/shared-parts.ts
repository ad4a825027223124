import type { DataIndex, WeightedTable } from '../data-index/data-index.js';
import { emailPart } from './email.js';
import { columnText } from './pick.js';
import { StreetMaker, streetFormOf } from './street.js';
import { StringPairs } from './string-pairs.js';
import { SurnamePicker } from './surname-pick.js';

/**
 * What every generator over one index shares: tables and their string caches
 * (the address records' and the related records' makers read the same ones).
 * @example sharedParts(data).zipStrings.first(entry) // the ZIP's city
 */
export type SharedParts = ReturnType<typeof makeSharedParts>;

const SHARED = new WeakMap<DataIndex, SharedParts>();

/**
 * The shared parts of an index, made once per index: the API makes a generator per request.
 * @example sharedParts(data).states.size // 51
 */
export function sharedParts(data: DataIndex): SharedParts {
  let parts = SHARED.get(data);
  if (!parts) SHARED.set(data, (parts = makeSharedParts(data)));
  return parts;
}

function makeSharedParts(data: DataIndex) {
  const zips = data.table('ZS');
  return {
    states: data.table('SS'),
    zips,
    sexes: data.table('SE'),
    female: data.table('FF'),
    male: data.table('FM'),
    surnames: data.table('SN'),
    // Per name column: the name as a full name uses it (a first name with its space) and its e-mail part.
    femaleNames: nameStrings(data, data.table('FF'), ' '),
    maleNames: nameStrings(data, data.table('FM'), ' '),
    surnameNames: nameStrings(data, data.table('SN'), ''),
    // Surnames by the state's mix of race and Hispanic origin (Census 2020 shares x 2010 surname percentages).
    surnamePicker: new SurnamePicker(data),
    // Per ZS entry: the ZIP's city and its five digits.
    zipStrings: new StringPairs(zips.size, (entry) => [
      data.string(data.zipCities[zips.items[entry]]),
      data.zipText(zips.items[entry]),
    ]),
    streets: new StreetMaker(data),
    // Per state index: its street form (DC's quadrants, Puerto Rico's Spanish forms).
    streetForms: Uint8Array.from(data.states, (s) => streetFormOf(s.code)),
  };
}

function nameStrings(data: DataIndex, table: WeightedTable, after: string): StringPairs {
  return new StringPairs(table.size, (column) => {
    const text = columnText(data, table, column);
    return [text + after, emailPart(text)];
  });
}
