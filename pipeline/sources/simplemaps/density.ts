import type { DelimitedRow } from '../../extract/read-delimited.js';
import { SIMPLEMAPS_COLUMNS } from './extract.js';

const DENSITY = SIMPLEMAPS_COLUMNS.indexOf('density');
const ZIP = SIMPLEMAPS_COLUMNS.indexOf('zip');

/**
 * SimpleMaps' population density (people per km²) by ZIP, where it is a
 * positive number; the geo step turns population / density into a land area.
 * @example simplemapsDensity(extractSimplemaps(dir)).get('10001') // 14000.5 or so
 */
export function simplemapsDensity(rows: DelimitedRow[]): Map<string, number> {
  const density = new Map<string, number>();
  for (const { fields } of rows) {
    const value = Number(fields[DENSITY]);
    if (fields[DENSITY] !== '' && Number.isFinite(value) && value > 0) density.set(fields[ZIP], value);
  }
  return density;
}
