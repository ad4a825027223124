import { byCodeUnit } from '../../src/code-unit-order.js';
import { readDelimited } from '../extract/read-delimited.js';
import { SourceError } from '../source-error.js';

const FILES = {
  naics: 'naics-2017/naics-2017.csv',
  sectors: 'census-company-figures/cbp-2021-establishments-by-sector.csv',
  sizes: 'census-company-figures/susb-2021-firms-by-size.csv',
  delaware: 'company-name-model/delaware-share-by-size.csv',
  legalForms: 'company-name-model/legal-forms.csv',
  words: 'company-name-model/industry-words.csv',
} as const;

/**
 * Six-digit industries County Business Patterns does not count (crop and
 * animal production, rail transportation, the Postal Service, private
 * households): no establishment of the sector mix stands for them, so the
 * generator never draws them.
 */
const NOT_IN_CBP = ['111', '112', '482', '491', '814'];

/**
 * The companies' data file (dist-data/ussynth-companies.json): per sector its
 * CBP establishments, title, six-digit industries (code and title, drawn
 * uniformly within the sector) and name words; longer code prefixes with
 * their own words (the licensed professions marked); legal forms and their shares; SUSB firm
 * sizes; Delaware shares by size. Keys and lists sorted, so the bytes are
 * reproducible. `datasetVersion` pairs it with the main index.
 * @example writeCompanies('datasets', '2026.11.5') // '{"datasetVersion":"2026.11.5",...}\n'
 */
export function writeCompanies(datasetsDir: string, datasetVersion: string): Buffer {
  const csv = (file: string, columns: readonly string[]) =>
    readDelimited(datasetsDir, file, { delimiter: ',', columns, quoting: true });
  const titles = new Map(csv(FILES.naics, ['code', 'title']).map(({ fields: [code, title] }) => [code, title]));
  const industries = [...titles].filter(([code]) => code.length === 6 && !NOT_IN_CBP.includes(code.slice(0, 3)));
  const wordRows = csv(FILES.words, ['prefix', 'profession', 'word']);
  const wordsOf = (prefix: string) => wordRows.filter((r) => r.fields[0] === prefix).map((r) => r.fields[2]);

  const sectors = csv(FILES.sectors, ['sector', 'establishments']).map(({ line, fields: [code, count] }) => {
    const [first, last = first] = code.split('-');
    const inSector = industries.filter(([c]) => c.slice(0, 2) >= first && c.slice(0, 2) <= last);
    const title = titles.get(code);
    const words = wordsOf(code);
    if (title === undefined || inSector.length === 0 || words.length === 0)
      throw new SourceError(FILES.sectors, line, `sector ${code} has no NAICS title, industry or name word`);
    return { code, establishments: whole(count, FILES.sectors, line), industries: inSector, title, words };
  });
  const sectorCodes = new Set(sectors.map((s) => s.code));
  // Longer code prefixes, each with its own words; `profession` marks the licensed professions' legal forms.
  const prefixes = [...new Set(wordRows.map((r) => r.fields[0]).filter((prefix) => !sectorCodes.has(prefix)))]
    .sort(byCodeUnit)
    .map((prefix) => ({
      prefix,
      profession: wordRows.some((r) => r.fields[0] === prefix && r.fields[1] === '1'),
      words: wordsOf(prefix),
    }));
  const legalForms = (group: string) =>
    csv(FILES.legalForms, ['group', 'form', 'share'])
      .filter((r) => r.fields[0] === group)
      .map(({ line, fields: [, form, share] }) => [form, fraction(share, FILES.legalForms, line)]);
  const sizes = csv(FILES.sizes, ['minEmployees', 'maxEmployees', 'firms']).map(({ line, fields }) =>
    fields.map((f) => whole(f, FILES.sizes, line)),
  );
  const delaware = csv(FILES.delaware, ['minEmployees', 'share', 'basis']).map(({ line, fields: [min, share] }) => [
    whole(min, FILES.delaware, line),
    fraction(share, FILES.delaware, line),
  ]);
  const file = {
    datasetVersion,
    delaware,
    legalForms: { general: legalForms('general'), profession: legalForms('profession') },
    naicsEdition: 2017,
    prefixes,
    sectors,
    sizes,
  };
  return Buffer.from(JSON.stringify(file) + '\n', 'utf8');
}

function whole(text: string, file: string, line: number): number {
  if (!/^\d+$/.test(text)) throw new SourceError(file, line, `expected a whole number, found ${JSON.stringify(text)}`);
  return Number(text);
}

function fraction(text: string, file: string, line: number): number {
  const value = Number(text);
  if (!/^0?\.\d+$/.test(text) || value <= 0 || value >= 1)
    throw new SourceError(file, line, `expected a share between 0 and 1, found ${JSON.stringify(text)}`);
  return value;
}
