// Two-table kinds through the engine, with a kind defined in the test (teams and players): nested JSON and NDJSON,
// one file per table in --out DIR/ (CSV, NDJSON, SQL, Parquet), shards that concatenate to the whole run, --to
// sqlite: with a PRIMARY KEY and a FOREIGN KEY in one transaction, --fields per table, and bad input refused with
// nothing written.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { recordCommand } from '../../../src/cli/jobs/record-command.js';
import { runTablesLoad } from '../../../src/load/load-tables.js';
import { LoadError } from '../../../src/load/load-error.js';
import { parseLoadTarget } from '../../../src/load/load-target.js';
import type { RecordJob } from '../../../src/records/record-job.js';
import { team } from './team-kind.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-two-tables-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const command = recordCommand({ name: 'team', kind: 'team', summary: 'Teams (a test kind)', help: 'Usage: team\n' });

async function runTeam(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const collect = (): Writable & { text: string } => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        sink.text += chunk.toString('utf8');
        done();
      },
    }) as Writable & { text: string };
    sink.text = '';
    return sink;
  };
  const stdout = collect();
  const stderr = collect();
  try {
    const status = await command.run(['--seed', 's', ...args], { stdout, stderr, env: {} });
    return { status, stdout: stdout.text, stderr: stderr.text };
  } catch (error) {
    // The CLI's runner prints a CliError's message and exits with its status.
    const failure = error as Error & { exitCode?: number };
    return { status: failure.exitCode ?? 1, stdout: stdout.text, stderr: failure.message };
  }
}

const teams = (first: number, end: number) => Array.from({ length: end - first }, (_, k) => team('s', first + k));
const nested = (first: number, end: number) => teams(first, end).map(({ row, players }) => ({ ...row, players }));

function sqlite(file: string, sql: string): Record<string, unknown>[] {
  const db = new Database(file);
  try {
    db.pragma('foreign_keys = ON');
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('a two-table kind to stdout and files', () => {
  it('writes JSON and NDJSON nested: each parent with its children, as the kind nests them', async () => {
    const one = await runTeam([]);
    expect(one.status).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual(nested(0, 1)[0]);
    const array = await runTeam(['--count', '250']);
    expect(array.status).toBe(0);
    expect(array.stdout.split('\n').length).toBe(253);
    expect(JSON.parse(array.stdout)).toEqual(nested(0, 250));
    const lines = await runTeam(['--count', '250', '--format', 'ndjson']);
    expect(
      lines.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(nested(0, 250));
  });

  it('refuses CSV, SQL and Parquet to stdout or one file, naming --out DIR/, and writes nothing', async () => {
    for (const args of [
      ['--format', 'csv'],
      ['--format', 'sql', '--out', join(scratch, 'one.sql')],
      ['--format', 'parquet', '--out', join(scratch, 'one.parquet')],
    ]) {
      const result = await runTeam(['--count', '5', ...args]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('team is two tables (teams and players)');
      expect(result.stderr).toContain('--out DIR/');
      expect(result.stdout).toBe('');
    }
    expect(readdirSync(scratch)).toEqual([]);
    const json = await runTeam(['--count', '5', '--out', join(scratch, 'json-dir/')]);
    expect(json.status).toBe(2);
    expect(json.stderr).toContain('--format json nests the players in their teams');
    expect(existsSync(join(scratch, 'json-dir'))).toBe(false);
  });

  it('writes one CSV and one NDJSON file per table in --out DIR/', async () => {
    const dir = join(scratch, 'csv/');
    expect((await runTeam(['--count', '250', '--format', 'csv', '--out', dir])).status).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['players.csv', 'teams.csv']);
    const all = teams(0, 250);
    const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
    expect(readFileSync(join(dir, 'teams.csv'), 'utf8')).toBe(
      'id,name,size\n' + all.map(({ row }) => `${row.id},${quote(row.name)},${row.size}\n`).join(''),
    );
    expect(readFileSync(join(dir, 'players.csv'), 'utf8')).toBe(
      'id,teamId,name,born\n' +
        all.flatMap(({ players }) => players.map((p) => `${p.id},${p.teamId},${p.name},${p.born}\n`)).join(''),
    );
    const ndjson = join(scratch, 'ndjson/');
    expect((await runTeam(['--count', '250', '--format', 'ndjson', '--out', ndjson])).status).toBe(0);
    const read = (file: string) =>
      readFileSync(join(ndjson, file), 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
    expect(read('teams.ndjson')).toEqual(all.map(({ row }) => row));
    expect(read('players.ndjson')).toEqual(all.flatMap(({ players }) => players));
  });

  it('writes SQL files with the keys that load into SQLite with foreign keys enforced, in every dialect', async () => {
    for (const dialect of [undefined, 'sqlite']) {
      const dir = join(scratch, `sql-${dialect ?? 'portable'}/`);
      const args = ['--count', '1234', '--format', 'sql', '--out', dir];
      expect((await runTeam(dialect ? [...args, '--dialect', dialect] : args)).status).toBe(0);
      const file = join(scratch, `sql-${dialect ?? 'portable'}.db`);
      const db = new Database(file);
      db.pragma('foreign_keys = ON');
      db.exec(readFileSync(join(dir, 'teams.sql'), 'utf8'));
      db.exec(readFileSync(join(dir, 'players.sql'), 'utf8'));
      expect(db.pragma('foreign_key_check')).toEqual([]);
      expect(db.pragma('foreign_key_list(players)')).toMatchObject([{ table: 'teams', from: 'teamId', to: 'id' }]);
      expect(db.prepare('SELECT count(*) AS n FROM teams').get()).toEqual({ n: 1234 });
      expect(db.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 411 * 6 + 1 });
      // A player whose team is not there is refused: the key is enforced, not only declared.
      expect(() =>
        db.exec(`INSERT INTO players VALUES ('x', '00000000-0000-4000-8100-ffffffffffff', 'n', '2000-01-01')`),
      ).toThrow(/FOREIGN KEY/);
      db.close();
    }
  });

  it('--shard K/N splits by parent: the shards files concatenated are the whole run, byte for byte', async () => {
    for (const [format, extra] of [
      ['csv', []],
      ['ndjson', []],
      ['sql', []],
      ['sql', ['--dialect', 'postgres']],
      ['sql', ['--dialect', 'mysql']],
    ] as const) {
      const name = `${format}${extra.join('')}`;
      const whole = join(scratch, `whole-${name}/`);
      const base = ['--count', '1001', '--format', format, ...extra];
      expect((await runTeam([...base, '--out', whole])).status).toBe(0);
      for (const table of ['teams', 'players']) {
        const parts: string[] = [];
        for (let k = 0; k < 3; k++) {
          const dir = join(scratch, `shard-${name}-${k}/`);
          if (table === 'teams') expect((await runTeam([...base, '--shard', `${k}/3`, '--out', dir])).status).toBe(0);
          parts.push(readFileSync(join(dir, `${table}.${format}`), 'utf8'));
        }
        expect(parts.join('')).toBe(readFileSync(join(whole, `${table}.${format}`), 'utf8'));
      }
    }
  });

  it('writes one Parquet file per table that DuckDB reads back, typed', async () => {
    const dir = join(scratch, 'parquet/');
    expect((await runTeam(['--count', '300', '--format', 'parquet', '--out', dir])).status).toBe(0);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const read = async (sql: string) =>
        (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
      expect(
        await read(`SELECT id, name, CAST(size AS DOUBLE) AS size FROM read_parquet('${join(dir, 'teams.parquet')}')`),
      ).toEqual(teams(0, 300).map(({ row }) => row));
      expect(
        await read(
          `SELECT id, "teamId", name, CAST(born AS VARCHAR) AS born FROM read_parquet('${join(dir, 'players.parquet')}')`,
        ),
      ).toEqual(teams(0, 300).flatMap(({ players }) => players));
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it('--fields keeps the columns named per table, and refuses one that drops a key, or a field of no table', async () => {
    const kept = await runTeam(['--count', '3', '--fields', 'teams.id,teams.size,teamId,name', '--format', 'ndjson']);
    expect(kept.status).toBe(0);
    expect(JSON.parse(kept.stdout.split('\n')[1])).toEqual({
      id: team('s', 1).row.id,
      size: 2,
      players: team('s', 1).players.map(({ teamId, name }) => ({ teamId, name })),
    });
    const cases: [string, string][] = [
      ['teams.name,id,teamId', '--fields leaves out teams.id, the key players.teamId refers to; keep it'],
      ['id,name', '--fields leaves out players.teamId, which joins each row to teams.id; keep it'],
      ['ein', '--fields: "ein" is not a field of players; its fields are id, teamId, name, born'],
      ['households.id', '--fields: "households.id" names no table of team'],
      ['teams.id,teams.id', '--fields names teams.id twice'],
    ];
    for (const [fields, message] of cases) {
      const dir = join(scratch, 'refused/');
      const result = await runTeam(['--count', '3', '--fields', fields, '--format', 'csv', '--out', dir]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(message);
      expect(existsSync(dir)).toBe(false);
    }
  });
});

describe('a two-table kind --to sqlite:', () => {
  it('creates both tables with their keys in one transaction; --append adds, --truncate replaces, a second create is refused', async () => {
    const file = join(scratch, 'teams.db');
    const to = ['--to', `sqlite:${file}`];
    const loaded = await runTeam(['--count', '500', ...to]);
    expect(loaded.status).toBe(0);
    expect(loaded.stderr).toMatch(/^loaded 500 rows into teams and 999 rows into players in [0-9.]+ s\n$/);
    expect(sqlite(file, 'PRAGMA foreign_key_check')).toEqual([]);
    expect(sqlite(file, 'PRAGMA foreign_key_list(players)')).toMatchObject([
      { table: 'teams', from: 'teamId', to: 'id' },
    ]);
    expect(sqlite(file, "SELECT pk FROM pragma_table_info('teams') WHERE name = 'id'")).toEqual([{ pk: 1 }]);
    expect(sqlite(file, 'SELECT * FROM teams ORDER BY rowid')).toEqual(teams(0, 500).map(({ row }) => row));
    expect(sqlite(file, 'SELECT * FROM players ORDER BY rowid')).toEqual(
      teams(0, 500).flatMap(({ players }) => players),
    );
    // Every player's team is there (the check above says so too).
    expect(
      sqlite(file, 'SELECT count(*) AS n FROM players p LEFT JOIN teams t ON t.id = p.teamId WHERE t.id IS NULL'),
    ).toEqual([{ n: 0 }]);

    const again = await runTeam(['--count', '500', ...to]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('table teams already exists');
    expect(sqlite(file, 'SELECT count(*) AS n FROM players')).toEqual([{ n: 999 }]);

    // The next 500 teams (--start 500 of a run of 1000) have other keys: --append adds them.
    expect((await runTeam(['--count', '1000', '--start', '500', '--append', ...to])).status).toBe(0);
    expect(sqlite(file, 'SELECT count(*) AS n FROM teams')).toEqual([{ n: 1000 }]);
    expect((await runTeam(['--count', '10', '--truncate', ...to])).status).toBe(0);
    expect(sqlite(file, 'SELECT count(*) AS n FROM teams')).toEqual([{ n: 10 }]);
    expect(sqlite(file, 'SELECT count(*) AS n FROM players')).toEqual([{ n: 19 }]);
    expect(sqlite(file, 'PRAGMA foreign_key_check')).toEqual([]);
  });

  it('shards with --append load both tables so every key resolves: the same rows as one run', async () => {
    const file = join(scratch, 'shards.db');
    for (let k = 0; k < 4; k++)
      expect(
        (await runTeam(['--count', '999', '--shard', `${k}/4`, '--append', '--to', `sqlite:${file}`])).status,
      ).toBe(0);
    expect(sqlite(file, 'PRAGMA foreign_key_check')).toEqual([]);
    expect(sqlite(file, 'SELECT * FROM teams ORDER BY rowid')).toEqual(teams(0, 999).map(({ row }) => row));
    expect(sqlite(file, 'SELECT count(*) AS n FROM players')).toEqual([{ n: 333 * 6 }]);
  });

  it('a load stopped mid-way leaves neither table', async () => {
    const file = join(scratch, 'stopped.db');
    const stop = new AbortController();
    const job: RecordJob = {
      kind: 'team',
      seed: 's',
      fictionalPhones: false,
      format: 'copy',
      table: 'teams',
      jsonShape: 'array',
      count: 1_000_000,
    };
    const failure = await runTablesLoad({
      target: parseLoadTarget(`sqlite:${file}`),
      job,
      mode: 'create',
      shared: false,
      signal: stop.signal,
      onProgress: (sent) => {
        if (sent >= 5000) stop.abort(new Error('stopped by the test'));
      },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LoadError);
    expect((failure as LoadError).code).toBe('aborted');
    expect(sqlite(file, "SELECT name FROM sqlite_master WHERE type = 'table'")).toEqual([]);
  });

  it('refuses bad input before anything is created: a count, a shard, a start, a table name, --jobs', async () => {
    const file = join(scratch, 'refused.db');
    const cases: [string[], string][] = [
      [['--count', '0'], '--count must be a whole number from 1'],
      [['--count', '5', '--shard', '5/5', '--append'], '--shard must be K/N'],
      [['--count', '5', '--start', '5'], '--start must be a team index from 0 to 4'],
      [['--table', 'teams'], '--table takes two names for team: PARENTS,CHILDREN'],
      [['--table', 'a,a'], '--table names one table twice'],
      [['--count', '5', '--jobs', '2'], 'team writes its two tables on one thread'],
      [['--count', '5', '--shard', '0/2'], 'add --append'],
    ];
    for (const [args, message] of cases) {
      const result = await runTeam([...args, '--to', `sqlite:${file}`]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(existsSync(file)).toBe(false);
  });
});
