import { byCodeUnit } from '../../src/code-unit-order.js';
import type { HouseholdModel } from '../../src/data-index/household-data.js';
import { extractHouseholds } from '../sources/households/extract.js';
import { validateHouseholds } from '../sources/households/validate.js';

/** A value with every object's keys in code-point order, so the JSON is the same bytes on every build. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort(byCodeUnit)
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * The household data file (dist-data/ussynth-households.json): the household model of datasets/acs-households/
 * as 2-space JSON, keys sorted, led by the command that makes it.
 * @example writeFileSync('dist-data/ussynth-households.json', householdData('datasets'))
 */
export function householdData(datasetsDir: string): Buffer {
  const model: HouseholdModel = validateHouseholds(extractHouseholds(datasetsDir));
  const file = { generatedBy: 'npm run data:build', ...model };
  return Buffer.from(JSON.stringify(sortedKeys(file), null, 2) + '\n', 'utf8');
}
