import type { SurnameRecord } from '../../model.js';
import type { SourceReport } from '../../source-report.js';
import { restoreApostrophes } from './apostrophes.js';
import {
  extractCensus2010,
  mergeSurnames,
  validateCensus2010,
  type Census2010Surname,
  type MergedSurnameFit,
} from './census-2010.js';
import { extractSurnames } from './extract.js';
import { fitSurnameModel, transformSurnames, type SurnameModelFit } from './transform.js';
import { validateSurnames } from './validate.js';

/** The surname sources as compile() takes them. */
export interface CompiledSurnames {
  /** The 1990 list with its modelled weights (streets named after people take its order). */
  surnames1990: SurnameRecord[];
  /** The 2010 head with its race and Hispanic-origin percentages. */
  census2010: Census2010Surname[];
  /** The 2010 head, then the 1990 names beyond it: the generator's surnames. */
  merged: { surnames: SurnameRecord[]; fit: MergedSurnameFit };
  /** The 1990 list's fit to its anchor weights. */
  fit: SurnameModelFit;
  /** The 1990 sources' row accounting, then the 2010 file's. */
  reports: SourceReport[];
}

/**
 * Reads, checks and models the 1990 and 2010 surname sources of
 * `datasetsDir` (the 1990 fit and the 2010 merge's bisection make it the
 * costliest of the small sources): the build's measure worker does it
 * while the main thread compiles the ZIPs and phone places.
 * @example compileSurnames(datasetsDir).merged.surnames[0] // { surname: 'Smith', rank: 1, weight: 828.19 }
 */
export function compileSurnames(datasetsDir: string): CompiledSurnames {
  const surnames = validateSurnames(extractSurnames(datasetsDir));
  const fit = fitSurnameModel(surnames.anchorWeights, surnames.surnames.length);
  const surnames1990 = transformSurnames(
    restoreApostrophes(surnames.surnames, surnames.reports[0]),
    surnames.anchorWeights,
    fit,
  );
  const census2010 = validateCensus2010(extractCensus2010(datasetsDir));
  return {
    surnames1990,
    census2010: census2010.surnames,
    merged: mergeSurnames(census2010.surnames, surnames1990),
    fit,
    reports: [...surnames.reports, census2010.report],
  };
}
