import type { FirstNameRecord } from '../../model.js';
import type { SourceReport } from '../../source-report.js';
import { extractFirstNames } from './extract.js';
import { transformFirstNames } from './transform.js';
import { validateFirstNames, type FirstNamesValid } from './validate.js';

/** The first names as compile() takes them: the weighted names, the population by age (the adults it reports) and the sources' row accounting. */
export interface CompiledFirstNames {
  records: FirstNameRecord[];
  population: FirstNamesValid['population'];
  reports: SourceReport[];
}

/**
 * Reads, checks and transforms the first-name sources of `datasetsDir`
 * (the largest of them, 280,000 rows): the build's measure worker does it
 * while the main thread compiles the rest, and keeps the checked rows for
 * the birth index.
 * @example compileFirstNames(datasetsDir).compiled.records[0] // { name: 'Aaliyah', sex: 'F', births: ..., people: ... }
 */
export function compileFirstNames(datasetsDir: string): { valid: FirstNamesValid; compiled: CompiledFirstNames } {
  const valid = validateFirstNames(extractFirstNames(datasetsDir));
  return {
    valid,
    compiled: { records: transformFirstNames(valid), population: valid.population, reports: valid.reports },
  };
}
