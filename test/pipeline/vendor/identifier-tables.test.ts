import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWmiCsv, wmiTableSource } from '../../../pipeline/vendor/nhtsa-vpic.js';
import { formatTableSource, templates, templatesOf } from '../../../pipeline/vendor/us-dl-formats.js';

const read = (path: string): string => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('the identifier tables in src/identifiers', () => {
  it('wmi-table.ts is the vendored vPIC extract, as npm run data:vendor writes it', () => {
    const rows = parseWmiCsv(read('datasets/nhtsa-vpic/wmi-model-years.tsv'));
    expect(rows.length).toBeGreaterThan(1000);
    expect(read('src/identifiers/wmi-table.ts')).toBe(wmiTableSource(rows));
  });

  it('licence-templates.ts is the vendored formats, as npm run data:vendor writes it', () => {
    const formats = read('datasets/us-dl-formats/formats.tsv')
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => {
        const [state, source, regex, description] = line.split('\t');
        return { state, source, regex, description };
      });
    expect(read('src/identifiers/licence-templates.ts')).toBe(formatTableSource(templates(formats)));
  });

  it('reads plain layouts, longest first, and nothing else', () => {
    expect(templatesOf('^[A-Z]{1}[0-9]{6,7}$')).toEqual(['@#######', '@######']);
    expect(templatesOf('^[0-9]{7}[A]$')).toEqual(['#######A']);
    expect(templatesOf('^([A-Z]{1}[0-9]{1}){2}[A-Z]{1}$')).toEqual([]);
  });
});
