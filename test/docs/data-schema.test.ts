import { Database } from '../../pipeline/load/sqlite-driver.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const doc = readFileSync(new URL('../../docs/data-schema.md', import.meta.url), 'utf8');
const path = new URL('../../dist-data/ussynth.sqlite', import.meta.url).pathname;

/** Tables and their documented columns: [name, type, nullable, example]. */
function documented(): Map<string, string[][]> {
  const tables = new Map<string, string[][]>();
  for (const section of doc.split(/^### /m).slice(1)) {
    const [name, ...lines] = section.split('\n');
    tables.set(
      name.trim(),
      lines
        .filter((l) => /^\| [a-z_]+ \| [A-Z]+ \|/.test(l))
        .map((l) =>
          l
            .split('|')
            .slice(1, 5)
            .map((c) => c.trim()),
        ),
    );
  }
  return tables;
}

describe('docs/data-schema.md agrees with the shipped SQLite file', () => {
  const db = new Database(path, { readonly: true });

  it('lists every table and column with its type and nullability', () => {
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
    ).map((t) => t.name);
    const docs = documented();
    expect([...docs.keys()].sort()).toEqual(tables);
    for (const table of tables) {
      const columns = db.prepare(`PRAGMA table_info(${table})`).all() as {
        name: string;
        type: string;
        notnull: number;
      }[];
      expect(
        docs.get(table)!.map(([name, type, nullable]) => [name, type, nullable]),
        table,
      ).toEqual(columns.map((c) => [c.name, c.type, c.notnull ? 'no' : 'yes']));
    }
  });

  it('shows examples that are real values', () => {
    const example = (table: string, column: string) =>
      documented()
        .get(table)!
        .find(([name]) => name === column)![3]
        .replace(/`/g, '');
    expect(db.prepare('SELECT city, county_fips FROM zips WHERE zip = ?').get(example('zips', 'zip'))).toEqual({
      city: example('zips', 'city'),
      county_fips: example('zips', 'county_fips'),
    });
    expect(db.prepare('SELECT weight FROM surnames WHERE surname = ?').get(example('surnames', 'surname'))).toEqual({
      weight: Number(example('surnames', 'weight')),
    });
    expect(
      db
        .prepare('SELECT births FROM first_names WHERE name = ? AND sex = ?')
        .get(example('first_names', 'name'), example('first_names', 'sex')),
    ).toEqual({ births: Number(example('first_names', 'births')) });
  });
});
