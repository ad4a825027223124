import { aliasTable, type AliasTable } from './alias-table.js';
import type { DataIndex } from './data-index.js';
import { UssynthError } from '../errors.js';
import type { RandomSource } from '../random/record-random.js';

/**
 * The job titles' data file (`dist-data/ussynth-titles.json`) as parsed JSON.
 * @example const file: JobTitlesFile = { datasetVersion: '2026.11.5', sectors: { '72': [['Server', 2000]] } }
 */
export interface JobTitlesFile {
  datasetVersion: string;
  /** Per NAICS sector ("23", "31-33"): its titles with their weights (the occupation's employment there). */
  sectors: Record<string, [title: string, weight: number][]>;
}

const TWO_32 = 4294967296;

function invalid(message: string): never {
  throw new UssynthError('invalid_index_file', `Invalid ussynth job titles file: ${message}`);
}

/**
 * One sector's titles and their alias table.
 * @example titles.sectorOf('722511') // { titles: ['Server', ...], alias }
 */
export interface SectorTitles {
  titles: readonly string[];
  alias: AliasTable;
}

/**
 * Job titles by NAICS sector (datasets/bls-oews-sector-titles: BLS OEWS
 * occupations of each sector, weighted by their employment there), drawn in
 * O(1) for a company's six-digit NAICS code.
 * @example JobTitles.fromBytes(readFileSync('dist-data/ussynth-titles.json')).title('722511', random) // "Server"
 */
export class JobTitles {
  /** Version of the compiled data; must equal the main index's. */
  readonly datasetVersion: string;
  /** Per two-digit NAICS prefix (0..99): its sector's titles, or undefined. */
  private readonly byPrefix: (SectorTitles | undefined)[] = new Array(100).fill(undefined);

  private constructor(file: JobTitlesFile) {
    if (typeof file !== 'object' || file === null || typeof file.datasetVersion !== 'string')
      invalid('no datasetVersion');
    this.datasetVersion = file.datasetVersion;
    if (typeof file.sectors !== 'object' || file.sectors === null) invalid('no sectors');
    for (const [sector, rows] of Object.entries(file.sectors)) {
      const range = /^(\d{2})(?:-(\d{2}))?$/.exec(sector) ?? invalid(`bad sector ${JSON.stringify(sector)}`);
      const ok =
        Array.isArray(rows) &&
        rows.length > 0 &&
        rows.every((r) => Array.isArray(r) && typeof r[0] === 'string' && Number.isInteger(r[1]) && r[1] > 0);
      if (!ok) invalid(`sector ${sector}: titles must be [title, positive weight] pairs`);
      const titles: SectorTitles = { titles: rows.map((r) => r[0]), alias: aliasTable(rows.map((r) => r[1])) };
      const first = Number(range[1]);
      const last = range[2] === undefined ? first : Number(range[2]);
      for (let prefix = first; prefix <= last; prefix++) this.byPrefix[prefix] = titles;
    }
  }

  /**
   * Reads a job titles file's bytes (or its text, or the parsed JSON).
   * @example const titles = JobTitles.fromBytes(await (await fetch('ussynth-titles.json')).arrayBuffer())
   */
  static fromBytes(source: ArrayBuffer | Uint8Array | string | JobTitlesFile): JobTitles {
    if (typeof source === 'object' && !(source instanceof ArrayBuffer) && !ArrayBuffer.isView(source))
      return new JobTitles(source);
    const text = typeof source === 'string' ? source : new TextDecoder('utf-8').decode(source);
    let parsed: JobTitlesFile;
    try {
      parsed = JSON.parse(text) as JobTitlesFile;
    } catch {
      invalid('not JSON');
    }
    return new JobTitles(parsed);
  }

  /** Whether a six-digit NAICS code's sector has titles. */
  has(naics: string): boolean {
    return this.sectorOf(naics) !== undefined;
  }

  /**
   * The titles of a six-digit NAICS code's sector, or undefined (none): looked up once per company, not per employee.
   * @example titles.sectorOf('722511')?.titles.includes('Server') // true
   */
  sectorOf(naics: string): SectorTitles | undefined {
    return this.byPrefix[Number(naics.slice(0, 2))];
  }

  /** A title of the sector of six-digit NAICS code `naics`, by the occupations' employment: one draw. */
  title(naics: string, random: RandomSource): string {
    const sector = this.sectorOf(naics);
    if (sector === undefined) throw new RangeError(`no job titles for NAICS ${naics}`);
    return titleIn(sector, random);
  }
}

/**
 * A title of a sector ({@link JobTitles.sectorOf}), by the occupations' employment: one 32-bit draw.
 * @example titleIn(titles.sectorOf('722511')!, random) // "Server"
 */
export function titleIn(sector: SectorTitles, random: RandomSource): string {
  const n = sector.titles.length;
  const scaled = random.nextUint32() * n;
  const column = Math.floor(scaled / TWO_32);
  const kept = scaled - column * TWO_32 < sector.alias.thresholds[column];
  return sector.titles[kept ? column : sector.alias.aliases[column]];
}

/**
 * Checks that a job titles file belongs to a main index (same dataset version).
 * @example checkJobTitles(data, titles) // throws invalid_index_file when they differ
 */
export function checkJobTitles(data: DataIndex, titles: JobTitles): JobTitles {
  if (titles.datasetVersion !== data.datasetVersion)
    invalid(`it is for dataset ${titles.datasetVersion}, the index is ${data.datasetVersion}`);
  return titles;
}
