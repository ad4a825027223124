import { readFileSync } from 'node:fs';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planText } from '../../src/seed/plan-text.js';
import { readMysqlSchema } from '../../src/seed/read-mysql-schema.js';
import { readPostgresSchema } from '../../src/seed/read-postgres-schema.js';
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
});
