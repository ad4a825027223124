import { byCodeUnit } from '../../src/code-unit-order.js';
import { readDelimited } from '../extract/read-delimited.js';
import { SourceError } from '../source-error.js';

const FILE = 'bls-oews-sector-titles/titles-by-sector.csv';

/**
 * The job titles' data file (dist-data/ussynth-titles.json): per NAICS sector
 * (as County Business Patterns writes them: "23", "31-33"), its titles with
 * their weights (the occupation's employment in the sector, thousands), in
 * code-point order of the title. `datasetVersion` pairs it with the main index.
 * @example writeJobTitles('datasets', '2026.11.5') // '{"datasetVersion":"2026.11.5","sectors":{"11":[["Bookkeeper",6],...]}}\n'
 */
export function writeJobTitles(datasetsDir: string, datasetVersion: string): Buffer {
  const rows = readDelimited(datasetsDir, FILE, {
    delimiter: ',',
    columns: ['sector', 'soc', 'occupation', 'title', 'employment'],
    quoting: true,
  });
  const sectors = new Map<string, Map<string, number>>();
  for (const { line, fields } of rows) {
    const [sector, soc, , title, employment] = fields;
    if (!/^\d{2}(-\d{2})?$/.test(sector)) throw new SourceError(FILE, line, `bad sector ${JSON.stringify(sector)}`);
    if (!/^\d{2}-\d{4}$/.test(soc)) throw new SourceError(FILE, line, `bad SOC code ${JSON.stringify(soc)}`);
    if (!/^[A-Z][A-Za-z -]+$/.test(title)) throw new SourceError(FILE, line, `bad title ${JSON.stringify(title)}`);
    if (!/^[1-9]\d*$/.test(employment))
      throw new SourceError(
        FILE,
        line,
        `employment must be a positive whole number, found ${JSON.stringify(employment)}`,
      );
    let titles = sectors.get(sector);
    if (!titles) sectors.set(sector, (titles = new Map()));
    if (titles.has(title))
      throw new SourceError(FILE, line, `title ${JSON.stringify(title)} twice in sector ${sector}`);
    titles.set(title, Number(employment));
  }
  const file = {
    datasetVersion,
    sectors: Object.fromEntries(
      [...sectors.keys()]
        .sort(byCodeUnit)
        .map((sector) => [sector, [...sectors.get(sector)!].sort(([a], [b]) => byCodeUnit(a, b))]),
    ),
  };
  return Buffer.from(JSON.stringify(file) + '\n', 'utf8');
}
