// `ussynth seed`'s options: what each combination parses to, and every refusal naming its option, before anything
// is read, connected or written.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError } from '../../../src/cli/command.js';
import { DEFAULT_SEED_COUNT, parseSeedRun } from '../../../src/cli/jobs/seed-run.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-seed-run-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const parse = (...args: string[]) => parseSeedRun(args, {});
const refusal = (args: string[], env: NodeJS.ProcessEnv = {}): CliError => {
  try {
    parseSeedRun(args, env);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return error as CliError;
  }
  throw new Error(`accepted: ${args.join(' ')}`);
};

describe('parseSeedRun', () => {
  it('a schema file into a database creates its tables; --append and --truncate change that', () => {
    const run = parse('--schema', 'crm.seed.json', '--to', 'sqlite:crm.db', '--seed', '42');
    expect(run.source).toEqual({ schema: 'crm.seed.json' });
    expect(run.seed).toBe('42');
    expect(run.seedPicked).toBe(false);
    expect(run.to?.mode).toBe('create');
    expect(run.to?.target.dialect).toBe('sqlite');
    expect(run.dryRun).toBe(false);
    expect(parse('--schema', 's.json', '--to', 'sqlite:x.db', '--append').to?.mode).toBe('append');
    expect(parse('--schema', 's.json', '--to', 'sqlite:x.db', '--truncate').to?.mode).toBe('truncate');
  });

  it('picks a seed when none is given, and says so', () => {
    const run = parse('--schema', 's.json', '--to', 'sqlite:x.db');
    expect(run.seedPicked).toBe(true);
    expect(run.seed.length).toBeGreaterThan(0);
  });

  it('files: --out DIR --format F, with --dialect for sql (postgres by default)', () => {
    expect(parse('--schema', 's.json', '--out', join(scratch, 'out'), '--format', 'csv').out).toEqual({
      dir: join(scratch, 'out'),
      format: 'csv',
      dialect: 'postgres',
    });
    expect(parse('--schema', 's.json', '--out', 'o', '--format', 'sql', '--dialect', 'mysql').out?.dialect).toBe(
      'mysql',
    );
  });

  it('existing tables: the names or all, --count N (default 100) and --count TABLE=N|MIN-MAX, --set', () => {
    const run = parse(
      '--tables',
      'companies, contacts',
      '--to',
      'sqlite:crm.db',
      '--count',
      '20',
      '--count',
      'contacts=1-5',
      '--count',
      'companies=7',
      '--set',
      'contacts.tier=pick:gold,silver',
      '--set',
      'companies.founded=int:1950..2020',
    );
    expect(run.source).toEqual({
      tables: ['companies', 'contacts'],
      count: 20,
      counts: new Map<string, unknown>([
        ['contacts', { min: 1, max: 5 }],
        ['companies', 7],
      ]),
    });
    expect(run.set).toEqual({ 'contacts.tier': 'pick:gold,silver', 'companies.founded': 'int:1950..2020' });
    expect(run.to?.mode).toBe('append');
    expect(parse('--tables', 'a', '--to', 'sqlite:crm.db', '--truncate').to?.mode).toBe('truncate');
    const all = parse('--tables', 'all', '--to', 'sqlite:crm.db', '--dry-run', '--shard', '1/4');
    expect(all.source).toEqual({ tables: undefined, count: DEFAULT_SEED_COUNT, counts: new Map() });
    expect(all.to?.mode).toBe('append');
    expect(all.dryRun).toBe(true);
    expect(all.shard).toEqual({ index: 1, count: 4 });
  });

  it('refuses what is missing or contradictory, naming the option', () => {
    const cases: [string[], RegExp][] = [
      [['--to', 'sqlite:x.db'], /name what to seed: --schema FILE .* or --tables/],
      [['--schema', 's.json', '--tables', 'a', '--to', 'sqlite:x.db'], /--schema and --tables exclude each other/],
      [['--schema', 's.json'], /name where the rows go: --to URL .* or --out DIR --format/],
      [['--tables', 'a'], /--tables needs --to URL/],
      [['--tables', 'a', '--out', 'o', '--format', 'csv'], /--to and --out|--tables reads and fills/],
      [['--schema', 's.json', '--to', 'sqlite:x.db', '--out', 'o'], /--to and --out exclude each other/],
      [['--schema', 's.json', '--out', 'o'], /--out DIR needs --format: one of csv, ndjson, parquet, sql/],
      [['--schema', 's.json', '--to', 'sqlite:x.db', '--format', 'csv'], /--format applies to --out only/],
      [['--schema', 's.json', '--out', 'o', '--format', 'xml'], /--format must be one of csv, ndjson, parquet, sql/],
      [
        ['--schema', 's.json', '--out', 'o', '--format', 'csv', '--dialect', 'mysql'],
        /--dialect applies to --format sql/,
      ],
      [['--schema', 's.json', '--out', 'o', '--format', 'sql', '--dialect', 'oracle'], /--dialect must be one of/],
      [['--schema', 's.json', '--out', 'o', '--format', 'csv', '--append'], /--append applies to --to only/],
      [['--schema', 's.json', '--to', 'sqlite:x.db', '--append', '--truncate'], /--append and --truncate exclude/],
      [['--schema', 's.json', '--to', 'sqlite:x.db', '--count', '5'], /--count applies to --tables only/],
      [['--tables', 'a', '--to', 'sqlite:x.db', '--count', '-5'], /--count must be a whole number from 0/],
      [['--tables', 'a', '--to', 'sqlite:x.db', '--count', '5', '--count', '6'], /--count N .* more than once/],
      [['--tables', 'a', '--to', 'sqlite:x.db', '--count', 'a=5-2'], /--count a=MIN-MAX takes whole numbers/],
      [['--tables', 'a', '--to', 'sqlite:x.db', '--count', 'a=1-1001'], /MAX <= 1000/],
      [['--tables', 'a', '--to', 'sqlite:x.db', '--count', 'a=1', '--count', 'a=2'], /--count a=\.\.\. is given more/],
      [['--tables', 'a,,b', '--to', 'sqlite:x.db'], /--tables takes table names separated by commas/],
      [['--tables', 'a', '--to', 'sqlite:x.db', '--set', 'a=int:1..2'], /--set takes TABLE.COLUMN=RULE/],
      [
        ['--tables', 'a', '--to', 'sqlite:x.db', '--set', 'a.b=int:1..2', '--set', 'a.b=null'],
        /--set a.b is given more/,
      ],
      [['--tables', 'a', '--to', 'sqlite:x.db', '--shard', '4/4'], /--shard must be K\/N/],
      [['--schema', 's.json', '--to', 'sqlite:x.db', '--shard', '0/2', '--truncate'], /--truncate with --shard/],
      [['--schema', 's.json', '--to', 'oracle://db'], /--to: the target must be a URL starting postgres/],
      [['--schema', 's.json', '--to', 'sqlite:x.db', '--seed', ''], /seed/],
      [['--schema', 's.json', '--to', 'sqlite:x.db', '--rows', '5'], /Unknown option '--rows'.*ussynth seed --help/],
    ];
    for (const [args, message] of cases) expect(refusal(args).message, args.join(' ')).toMatch(message);
    for (const [args] of cases) expect(refusal(args).exitCode, args.join(' ')).toBe(2);
  });

  it('--out naming a file is refused', () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'x');
    expect(refusal(['--schema', 's.json', '--out', file, '--format', 'csv']).message).toMatch(
      /is a file; --out names a folder/,
    );
  });

  it('the password of --to is in no refusal, and its being on the command line is noted', () => {
    const secret = 'hunter2-secret';
    const url = `postgres://app:${secret}@127.0.0.1:1/db`;
    const run = parse('--schema', 's.json', '--to', url);
    expect(run.to?.passwordInArguments).toBe(true);
    expect(run.to?.target.shown).not.toContain(secret);
    expect(parseSeedRun(['--schema', 's.json', '--to', 'env:DB'], { DB: url }).to?.passwordInArguments).toBe(false);
    const refused = refusal(['--schema', 's.json', '--to', `oracle://app:${secret}@db/x`]);
    expect(refused.message).not.toContain(secret);
  });
});
