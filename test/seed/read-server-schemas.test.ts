import { readFileSync } from 'node:fs';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planText } from '../../src/seed/plan-text.js';
import { readMysqlSchema } from '../../src/seed/read-mysql-schema.js';
import { readPostgresSchema } from '../../src/seed/read-postgres-schema.js';
import { schemaTableSql } from '../../src/seed/schema-ddl.js';
import { jsonLocator, parseSchemaJson, planSchemaFile } from '../../src/seed/schema-file-plan.js';
import { buildSeedPlan } from '../../src/seed/seed-plan.js';
import { startMariadb, type TestMariadb } from '../infra/mariadb-server.js';
import { psqlRun, startPostgres, type TestPostgres } from '../infra/postgres-server.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/crm-schema/${name}`, import.meta.url), 'utf8');

let postgres: TestPostgres;
let mariadb: TestMariadb;

beforeAll(async () => {
  [postgres, mariadb] = await Promise.all([startPostgres(), startMariadb()]);
}, 180_000);

afterAll(async () => {
  postgres?.destroy();
  await mariadb?.destroy();
});

describe('the seed plan from a server catalogue', () => {
  it('reads PostgreSQL (pg_catalog) into the CRM sample schema expected mapping', async () => {
    const url = postgres.createDatabase('crm');
    psqlRun(url, ['-v', 'ON_ERROR_STOP=1', '-c', fixture('postgres.sql')]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const schema = await readPostgresSchema((sql, params) => client.query(sql, [...params]).then((r) => r.rows));
      expect(schema.tables.find((t) => t.name === 'contacts')?.columns[0]).toMatchObject({
        name: 'id',
        type: 'uuid',
        family: 'uuid',
        primaryKey: true,
        unique: true,
        generated: false,
      });
      expect(schema.tables.find((t) => t.name === 'people')?.columns[0]).toMatchObject({ generated: true });
      expect(planText(buildSeedPlan(schema))).toBe(fixture('plan.txt'));
    } finally {
      await client.end();
    }
  });

  it('reads MariaDB (information_schema) into the same mapping', async () => {
    mariadb.sql('CREATE DATABASE crm');
    mariadb.sql(fixture('mysql.sql'), 'crm');
    const db = await mysql.createConnection({ host: '127.0.0.1', port: mariadb.port, user: 'test', database: 'crm' });
    try {
      const schema = await readMysqlSchema(
        (sql, params) => db.query(sql, [...params]).then(([rows]) => rows as Record<string, unknown>[]),
        'crm',
      );
      expect(schema.tables.find((t) => t.name === 'companies')?.columns.find((c) => c.name === 'ein')).toMatchObject({
        type: 'varchar(10)',
        notNull: true,
        unique: true,
        maxLength: 10,
      });
      expect(schema.tables.find((t) => t.name === 'accounts')?.foreignKeys).toEqual([
        { columns: ['person_id'], refTable: 'people', refColumns: ['id'] },
        { columns: ['referred_by'], refTable: 'accounts', refColumns: ['id'] },
      ]);
      expect(planText(buildSeedPlan(schema))).toBe(fixture('plan.txt'));
    } finally {
      await db.end();
    }
  });

  it("creates the example schema file's tables in PostgreSQL and MariaDB, and reads back their keys", async () => {
    const text = fixture('../../../docs/examples/crm.seed.json');
    const plan = planSchemaFile(parseSchemaJson(text, 'crm.seed.json'), jsonLocator('crm.seed.json', text));
    const plans = new Map(plan.tables.map((t) => [t.table, t]));
    const keys = (tables: readonly { name: string; foreignKeys: readonly unknown[] }[]) =>
      Object.fromEntries(tables.map((t) => [t.name, t.foreignKeys]));
    const expected = {
      accounts: [{ columns: ['person_id'], refTable: 'people', refColumns: ['id'] }],
      companies: [],
      contacts: [{ columns: ['company_id'], refTable: 'companies', refColumns: ['id'] }],
      households: [],
      people: [{ columns: ['household_id'], refTable: 'households', refColumns: ['id'] }],
    };

    const url = postgres.createDatabase('example');
    psqlRun(url, [
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      plan.tables.map((t) => `${schemaTableSql('postgres', t, plans)};`).join('\n'),
    ]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const schema = await readPostgresSchema((sql, params) => client.query(sql, [...params]).then((r) => r.rows));
      expect(keys(schema.tables)).toEqual(expected);
    } finally {
      await client.end();
    }

    mariadb.sql('CREATE DATABASE example');
    mariadb.sql(plan.tables.map((t) => `${schemaTableSql('mysql', t, plans)};`).join('\n'), 'example');
    const db = await mysql.createConnection({
      host: '127.0.0.1',
      port: mariadb.port,
      user: 'test',
      database: 'example',
    });
    try {
      const schema = await readMysqlSchema(
        (sql, params) => db.query(sql, [...params]).then(([rows]) => rows as Record<string, unknown>[]),
        'example',
      );
      expect(keys(schema.tables)).toEqual(expected);
    } finally {
      await db.end();
    }
  });
});
