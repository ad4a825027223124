import { byCodeUnit } from '../../src/code-unit-order.js';
import { Database } from './sqlite-driver.js';
import type { CompiledData } from '../model.js';
import { SQLITE_APPLICATION_ID, SQLITE_SCHEMA, SQLITE_SCHEMA_VERSION } from './sqlite-schema.js';
import { residentialPopulation, residentialWeights } from '../transform/residential.js';

/**
 * Writes the SQLite file deterministically: fixed page size, no journal,
 * rows inserted in sorted order, then VACUUM; no timestamps or paths.
 * The same better-sqlite3 (so SQLite) version gives the same bytes.
 */
export function writeSqlite(data: CompiledData, path: string): void {
  const db = new Database(path);
  try {
    db.pragma('page_size = 4096');
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma(`application_id = ${SQLITE_APPLICATION_ID}`);
    db.pragma(`user_version = ${SQLITE_SCHEMA_VERSION}`);
    db.exec(SQLITE_SCHEMA);
    const population = residentialPopulation(data);
    const residential = residentialWeights(data);
    const insert = <T>(sql: string, rows: T[], values: (row: T) => unknown[]): void => {
      const statement = db.prepare(sql);
      for (const row of rows) statement.run(...values(row));
    };
    db.transaction(() => {
      insert(
        'INSERT INTO metadata VALUES (?, ?)',
        Object.entries(data.metadata).sort(([a], [b]) => byCodeUnit(a, b)),
        (e) => e,
      );
      insert('INSERT INTO states VALUES (?, ?, ?, ?, ?)', data.states, (s) => [
        s.code,
        s.name,
        s.fips,
        s.kind,
        population.get(s.code) ?? 0,
      ]);
      insert('INSERT INTO zips VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', data.zips, (z) => [
        z.zip,
        z.city,
        z.state,
        z.county,
        z.countyFips,
        z.timezone,
        z.lat,
        z.lon,
        z.population,
        z.type,
        residential.has(z.zip) ? 1 : 0,
      ]);
      insert('INSERT INTO area_codes VALUES (?, ?, ?, ?)', data.areaCodes, (a) => [
        a.areaCode,
        a.state,
        a.weight,
        a.region,
      ]);
      insert('INSERT INTO first_names VALUES (?, ?, ?, ?)', data.firstNames, (n) => [
        n.name,
        n.sex,
        n.births,
        n.people,
      ]);
      insert('INSERT INTO surnames VALUES (?, ?, ?)', data.surnames, (s) => [s.surname, s.rank, s.weight]);
      insert('INSERT INTO street_names VALUES (?, ?, ?)', data.streetNames, (s) => [s.name, s.weight, s.source]);
      insert('INSERT INTO street_suffixes VALUES (?, ?, ?)', data.streetSuffixes, (s) => [
        s.suffix,
        s.abbreviation,
        s.weight,
      ]);
      insert('INSERT INTO street_directionals VALUES (?, ?)', data.directionals, (d) => [d.value, d.weight]);
      insert('INSERT INTO unit_designators VALUES (?, ?)', data.unitDesignators, (u) => [u.value, u.weight]);
      insert('INSERT INTO house_number_digits VALUES (?, ?)', data.houseNumberDigits, (d) => [d.digits, d.weight]);
      insert('INSERT INTO house_number_leads VALUES (?, ?, ?)', data.houseNumberLeads, (l) => [
        l.digits,
        l.firstDigit,
        l.weight,
      ]);
      insert('INSERT INTO street_forms VALUES (?, ?, ?)', data.streetForms, (f) => [f.part, f.value, f.weight]);
      insert('INSERT INTO ein_prefixes VALUES (?, ?)', data.einPrefixes, (p) => [p.prefix, p.campus]);
      insert('INSERT INTO phone_places VALUES (?, ?, ?, ?)', data.phonePlaces, (p) => [p.place, p.state, p.lat, p.lon]);
      // An overlay code's exchanges placed by the codes it overlays are left to area_code_overlays (the rule is in docs/data-schema.md): 20,000 rows the file's budget has no room for.
      insert(
        'INSERT INTO phone_exchanges VALUES (?, ?, ?)',
        data.phoneExchanges.filter((e) => e.viaOverlay === undefined),
        (e) => [e.areaCode, e.exchange, e.place],
      );
      insert('INSERT INTO area_code_overlays VALUES (?, ?, ?, ?)', data.areaCodeOverlays, (o) => [
        o.overlay,
        o.overlaid,
        o.position,
        o.derivedExchanges,
      ]);
      insert('INSERT INTO zip_phone_places VALUES (?, ?, ?)', data.zipPhonePlaces, (z) => [
        z.zip,
        z.place,
        z.distanceM,
      ]);
    })();
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}
