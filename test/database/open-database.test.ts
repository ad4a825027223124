import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/database.js';

describe('openDatabase', () => {
  it('opens the shipped file read-only as a typed Kysely database', async () => {
    const kysely = openDatabase();
    try {
      const row = await kysely.selectFrom('zips').innerJoin('states', 'states.code', 'zips.state').select(['zips.city', 'states.name']).where('zips.zip', '=', '90210').executeTakeFirstOrThrow();
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
