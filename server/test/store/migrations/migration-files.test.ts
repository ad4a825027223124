import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storeMigrations } from '../../../src/store/store-migrations.js';

const FOLDER = new URL('../../../src/store/migrations/', import.meta.url);

describe('the migrations folder', () => {
  it('lists every migration file, in the order of its number, under the SQLite name the file is named for', async () => {
    const files = readdirSync(FOLDER)
      .filter((file) => /^\d{4}-.*\.ts$/.test(file))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(7);
    const names = Object.keys(await storeMigrations('sqlite').getMigrations());
    expect(names).toEqual(files.map((file) => file.replace(/\.ts$/, '').replaceAll('-', '_')));
  });
});
