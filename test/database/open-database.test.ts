import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/database.js';
import { loadDatabasePeers } from '../../src/database/database-peers.js';
import { UssynthError } from '../../src/errors.js';

describe('openDatabase', () => {
  it('opens the shipped file read-only as a typed Kysely database', async () => {
    const kysely = openDatabase();
    try {
      const row = await kysely
        .selectFrom('zips')
        .innerJoin('states', 'states.code', 'zips.state')
        .select(['zips.city', 'states.name'])
        .where('zips.zip', '=', '90210')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ city: 'Beverly Hills', name: 'California' });
      await expect(kysely.deleteFrom('zips').execute()).rejects.toThrow(/readonly/);
    } finally {
      await kysely.destroy();
    }
  });

  it('refuses a path that does not exist instead of creating an empty file', () => {
    expect(() => openDatabase('/nonexistent/ussynth.sqlite')).toThrow();
  });
});

describe('loadDatabasePeers', () => {
  const missing = (name: string) =>
    Object.assign(
      new Error(
        `Cannot find package '${name}' imported from /app/node_modules/ussynth/dist/database/database-peers.js`,
      ),
      { code: 'ERR_MODULE_NOT_FOUND' },
    );

  it('names both optional peers and the install command when one is missing', async () => {
    const importer = (name: string) => (name === 'kysely' ? Promise.reject(missing(name)) : import(name));
    const error = await loadDatabasePeers(importer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UssynthError);
    expect((error as UssynthError).code).toBe('missing_peer_dependency');
    expect((error as UssynthError).message).toMatch(/missing: kysely\b.*`npm install better-sqlite3 kysely`/);
  });

  it('lets other import failures through unchanged', async () => {
    const broken = new Error('native module compiled against another Node version');
    await expect(loadDatabasePeers(() => Promise.reject(broken))).rejects.toBe(broken);
  });
});
