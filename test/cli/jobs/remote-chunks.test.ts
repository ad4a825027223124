import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../../client/spawned-server.js';
import { BINARY, finished, runBinary, startBinary } from '../run-binary.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-remote-'));
let server: SpawnedServer;
/** The environment of `--remote` runs: an Enterprise key with room for every test here. */
let withKey: NodeJS.ProcessEnv;

beforeAll(async () => {
  server = await spawnServer();
  withKey = { ...process.env, USSYNTH_API_KEY: server.createKey('cli', { tier: 'enterprise', rate: 5000, monthlyQuota: 10_000_000 }) };
});
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const keyFor = (account: string, rate: number, monthlyQuota: number): NodeJS.ProcessEnv => ({
  ...process.env,
  USSYNTH_API_KEY: server.createKey(account, { tier: 'enterprise', rate, monthlyQuota }),
});

describe('--remote writes exactly the bytes of a local run', () => {
  const runs: [string, string[]][] = [
    ['address', ['--seed', 'remote-1', '--count', '2500', '--state', 'CA']],
    ['address', ['--seed', 'remote-2']],
    ['batch', ['--seed', 'remote-3', '--count', '1234']],
    ['batch', ['--seed', 'remote-7', '--count', '20', '--fictional-phones']],
    ['address', ['--seed', 'remote-8', '--count', '30', '--state', 'TX', '--fictional-phones']],
    ['ein', ['--seed', 'remote-4']],
    ['ein', ['--seed', 'remote-5', '--count', '2345']],
    ['phone', ['--seed', 'remote-6', '--state', 'NY', '--fictional-phones', '--count', '1500']],
    ['phone', ['--seed', '42']],
    ['address', ['--seed', 'remote-9', '--count', '1500', '--geo']],
    ['batch', ['--seed', 'remote-10', '--count', '40', '--state', 'AK', '--geo']],
    ['address', ['--seed', 'remote-11', '--count', '1500', '--fields', 'id=uuid,n=index,first_name=firstName,birth_date=birthDate,lat,line2']],
    ['batch', ['--seed', 'remote-12', '--count', '30', '--fictional-phones', '--fields', 'phoneIntl,state']],
  ];
  for (const [command, options] of runs) {
    for (const format of ['json', 'ndjson', 'csv', 'sql']) {
      it(`${command} ${options.join(' ')} --format ${format}`, async () => {
        const args = [command, ...options, '--format', format];
        const [local, remote] = await Promise.all([runBinary(args), runBinary([...args, '--remote', server.url], { env: withKey })]);
        expect(remote.stderr).toBe('');
        expect(remote.status).toBe(0);
        expect(local.status).toBe(0);
        expect(remote.stdout.length).toBeGreaterThan(0);
        expect(remote.stdout.equals(local.stdout)).toBe(true);
      });
    }
  }

  it('without --seed it picks one, tells it on stderr, and the records are that seed\'s', async () => {
    const remote = await runBinary(['address', '--count', '3', '--format', 'ndjson', '--remote', server.url], { env: withKey });
    expect(remote.status).toBe(0);
    const seed = /^seed: (\d+)\n$/.exec(remote.stderr)![1];
    const local = await runBinary(['address', '--count', '3', '--format', 'ndjson', '--seed', seed]);
    expect(remote.stdout.equals(local.stdout)).toBe(true);
  });

  it('--out writes the same file as a local run, atomically', async () => {
    const dir = mkdtempSync(join(scratch, 'out-'));
    const args = ['batch', '--seed', 'file', '--count', '3001', '--format', 'csv'];
    const remote = await runBinary([...args, '--out', join(dir, 'remote.csv'), '--remote', server.url], { env: withKey });
    const local = await runBinary([...args, '--out', join(dir, 'local.csv')]);
    expect([remote.status, local.status]).toEqual([0, 0]);
    expect(remote.stdout.length).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['local.csv', 'remote.csv']);
    expect(readFileSync(join(dir, 'remote.csv')).equals(readFileSync(join(dir, 'local.csv')))).toBe(true);
  });
});

describe('--remote failures exit 69 with the problem, leaving no output', () => {
  it('a run the remaining quota cannot finish is refused before anything is written, with the figures', async () => {
    const env = keyFor('cli-quota', 100, 1500);
    const { status, stdout, stderr } = await runBinary(['batch', '--seed', 'q', '--count', '2000', '--format', 'csv', '--remote', server.url], { env });
    expect(status).toBe(69);
    expect(stdout.length).toBe(0);
    const month = new Date().toISOString().slice(0, 7);
    expect(stderr).toMatch(
      new RegExp(`^ussynth: --remote ${server.url}: this run needs 2000 records and the key's account has 1500 left of its 1500 for ${month} \\(0 used; the quota resets at \\S+\\); nothing was written: ask for --count 1500 or less, or raise the plan\\n$`),
    );
    // --out: no file either; and the refusal cost nothing: the whole quota is still there for a run that fits.
    const dir = mkdtempSync(join(scratch, 'quota-'));
    const refused = await runBinary(['address', '--seed', 'q', '--count', '2500', '--format', 'ndjson', '--out', join(dir, 'big.ndjson'), '--remote', server.url], { env });
    expect(refused.status).toBe(69);
    expect(refused.stderr).toContain('this run needs 2500 records');
    expect(readdirSync(dir)).toEqual([]);
    const fits = await runBinary(['ein', '--seed', 'q', '--count', '1500', '--format', 'ndjson', '--remote', server.url], { env });
    expect(fits.stderr).toBe('');
    expect(fits.status).toBe(0);
    const spent = await runBinary(['ein', '--seed', 'q', '--count', '1', '--remote', server.url], { env });
    expect(spent.status).toBe(69);
    expect(spent.stderr).toContain('has 0 left of its 1500');
    expect(spent.stderr).toContain('raise the plan, or wait for the reset');
  });

  it('a quota another run uses up meanwhile: refused mid-run or at the check, the partial --out file is removed', async () => {
    // Both runs may pass the check (1500 of 2000 each) before either has fetched: then one is refused mid-run, or
    // both are, when each got its first page of 1000 before either asked for its last 500. Never both finish.
    const env = keyFor('cli-race', 1000, 2000);
    const dirs = [mkdtempSync(join(scratch, 'race-')), mkdtempSync(join(scratch, 'race-'))];
    const runs = await Promise.all(dirs.map((dir, i) => runBinary(['address', '--seed', `r${i}`, '--count', '1500', '--format', 'ndjson', '--out', join(dir, 'out.ndjson'), '--remote', server.url], { env })));
    const failed = runs.filter((run) => run.status !== 0);
    expect(failed.length).toBeGreaterThanOrEqual(1);
    for (const [i, run] of runs.entries()) {
      if (run.status === 0) {
        expect(readFileSync(join(dirs[i], 'out.ndjson'), 'utf8').split('\n')).toHaveLength(1501);
        continue;
      }
      expect(run.status).toBe(69);
      expect(run.stderr).toMatch(/\(quota_exceeded, HTTP 429, request [0-9a-f-]{36}\); no file was written\n$|has \d+ left of its 2000/);
      expect(readdirSync(dirs[i])).toEqual([]);
    }
  });

  it('a key the API does not take', async () => {
    const { status, stdout, stderr } = await runBinary(['ein', '--seed', 'k', '--remote', server.url], { env: { ...process.env, USSYNTH_API_KEY: 'uss_live_typo' } });
    expect(status).toBe(69);
    expect(stderr).toMatch(/^ussynth: --remote http:\/\/127\.0\.0\.1:\d+: .*\(malformed_api_key, HTTP 401, request [0-9a-f-]{36}\)\n$/);
    expect(stdout.length).toBe(0);
  });

  it('an API that cannot be reached (at the quota check, the first request)', async () => {
    const { status, stderr } = await runBinary(['ein', '--seed', 'k', '--remote', 'http://127.0.0.1:9'], { env: withKey });
    expect(status).toBe(69);
    expect(stderr).toMatch(/^ussynth: --remote http:\/\/127\.0\.0\.1:9: GET http:\/\/127\.0\.0\.1:9\/v1\/usage failed: /);
  });
});

describe('--remote runs behave as local runs', () => {
  it('on a terminal a long run draws the progress bar and clears it', () => {
    const dir = mkdtempSync(join(scratch, 'tty-'));
    const command = `${process.execPath} ${BINARY} address --seed 1 --count 100000 --format ndjson --out ${join(dir, 'a.ndjson')} --remote ${server.url}`;
    // script(1) gives the binary a real pseudo-terminal.
    const run = spawnSync('script', ['-qefc', command, '/dev/null'], { encoding: 'utf8', timeout: 60_000, env: withKey });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/\r\[[#.]{24}\] +\d+\.\d%  \d+\/100000  [\d.]+[kM]?\/s  ETA \d+:\d\d/);
    expect(run.stdout.endsWith('\r\x1b[K')).toBe(true);
    expect(readFileSync(join(dir, 'a.ndjson'), 'utf8').split('\n')).toHaveLength(100001);
  });

  it('SIGINT while waiting out a rate limit stops at once, exits 130 and leaves no file', async () => {
    const dir = mkdtempSync(join(scratch, 'sigint-'));
    const path = join(dir, 'slow.json');
    // One request a second for 5 pages: the run spends most of its time waiting for Retry-After.
    const child = startBinary(['address', '--seed', 's', '--count', '5000', '--out', path, '--remote', server.url], { env: keyFor('cli-slow', 1, 100_000) });
    const result = finished(child);
    const deadline = Date.now() + 10_000;
    while (!readdirSync(dir).some((name) => name.endsWith('.tmp')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = performance.now();
    child.kill('SIGINT');
    const { status, stderr } = await result;
    expect(performance.now() - signalled).toBeLessThan(1000);
    expect(status).toBe(130);
    expect(stderr).toBe(`ussynth: interrupted by SIGINT; removed the partial ${path}\n`);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
