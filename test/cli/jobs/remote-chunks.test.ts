import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../../client/spawned-server.js';
import { startHeldPagesProxy } from '../held-pages-proxy.js';
import { BINARY, finished, runBinary, startBinary } from '../run-binary.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-remote-'));
let server: SpawnedServer;
/** The environment of `--remote` runs: an Enterprise key with room for every test here. */
let withKey: NodeJS.ProcessEnv;

beforeAll(async () => {
  server = await spawnServer();
  withKey = {
    ...process.env,
    USSYNTH_API_KEY: server.createKey('cli', { tier: 'enterprise', rate: 5000, monthlyQuota: 10_000_000 }),
  };
});
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** Resolves once `condition` holds, checked every 20 ms; fails after 60 s naming `what`. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
    [
      'address',
      [
        '--seed',
        'remote-11',
        '--count',
        '1500',
        '--fields',
        'id=uuid,n=index,first_name=firstName,birth_date=birthDate,lat,line2',
      ],
    ],
    ['batch', ['--seed', 'remote-12', '--count', '30', '--fictional-phones', '--fields', 'phoneIntl,state']],
  ];
  for (const [command, options] of runs) {
    for (const format of ['json', 'ndjson', 'csv', 'sql']) {
      it(`${command} ${options.join(' ')} --format ${format}`, async () => {
        const args = [command, ...options, '--format', format];
        const [local, remote] = await Promise.all([
          runBinary(args),
          runBinary([...args, '--remote', server.url], { env: withKey }),
        ]);
        expect(remote.stderr).toBe('');
        expect(remote.status).toBe(0);
        expect(local.status).toBe(0);
        expect(remote.stdout.length).toBeGreaterThan(0);
        expect(remote.stdout.equals(local.stdout)).toBe(true);
      });
    }
  }

  it("without --seed it picks one, tells it on stderr, and the records are that seed's", async () => {
    const remote = await runBinary(['address', '--count', '3', '--format', 'ndjson', '--remote', server.url], {
      env: withKey,
    });
    expect(remote.status).toBe(0);
    const seed = /^seed: (\d+)\n$/.exec(remote.stderr)![1];
    const local = await runBinary(['address', '--count', '3', '--format', 'ndjson', '--seed', seed]);
    expect(remote.stdout.equals(local.stdout)).toBe(true);
  });

  it('--out writes the same file as a local run, atomically', async () => {
    const dir = mkdtempSync(join(scratch, 'out-'));
    const args = ['batch', '--seed', 'file', '--count', '3001', '--format', 'csv'];
    const remote = await runBinary([...args, '--out', join(dir, 'remote.csv'), '--remote', server.url], {
      env: withKey,
    });
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
    const { status, stdout, stderr } = await runBinary(
      ['batch', '--seed', 'q', '--count', '2000', '--format', 'csv', '--remote', server.url],
      { env },
    );
    expect(status).toBe(69);
    expect(stdout.length).toBe(0);
    const month = new Date().toISOString().slice(0, 7);
    expect(stderr).toMatch(
      new RegExp(
        `^ussynth: --remote ${server.url}: this run needs 2000 records and the key's account has 1500 left of its 1500 for ${month} \\(0 used; the quota resets at \\S+\\); nothing was written: ask for --count 1500 or less, or raise the plan\\n$`,
      ),
    );
    // --out: no file either; and the refusal cost nothing: the whole quota is still there for a run that fits.
    const dir = mkdtempSync(join(scratch, 'quota-'));
    const refused = await runBinary(
      [
        'address',
        '--seed',
        'q',
        '--count',
        '2500',
        '--format',
        'ndjson',
        '--out',
        join(dir, 'big.ndjson'),
        '--remote',
        server.url,
      ],
      { env },
    );
    expect(refused.status).toBe(69);
    expect(refused.stderr).toContain('this run needs 2500 records');
    expect(readdirSync(dir)).toEqual([]);
    const fits = await runBinary(
      ['ein', '--seed', 'q', '--count', '1500', '--format', 'ndjson', '--remote', server.url],
      { env },
    );
    expect(fits.stderr).toBe('');
    expect(fits.status).toBe(0);
    const spent = await runBinary(['ein', '--seed', 'q', '--count', '1', '--remote', server.url], { env });
    expect(spent.status).toBe(69);
    expect(spent.stderr).toContain('has 0 left of its 1500');
    expect(spent.stderr).toContain('raise the plan, or wait for the reset');
  });

  it('a quota another run uses up meanwhile: refused mid-run, the partial --out file is removed, the other run has every record', async () => {
    // Two runs of 1500 on a quota of 2500 both pass the check (nothing is used yet); then the proxy lets the pages
    // through in this order: b's first 1000 (written to b's file), all of a's 1500 (a finishes: 0 left), b's last 500
    // (refused). Left to the scheduler, the order varies from run to run, and with it the outcome.
    const env = keyFor('cli-race', 1000, 2500);
    const proxy = await startHeldPagesProxy(server.url, (url) => url.pathname === '/v1/batch');
    try {
      const [a, b] = [mkdtempSync(join(scratch, 'race-a-')), mkdtempSync(join(scratch, 'race-b-'))];
      const run = (seed: string, dir: string) =>
        runBinary(
          [
            'address',
            '--seed',
            seed,
            '--count',
            '1500',
            '--format',
            'ndjson',
            '--out',
            join(dir, 'out.ndjson'),
            '--remote',
            proxy.url,
          ],
          { env },
        );
      const [runA, runB] = [run('a', a), run('b', b)];
      await proxy.answered((url) => url.pathname === '/v1/usage', 2);
      const page = (seed: string, start?: number) => (url: URL) =>
        url.searchParams.get('seed') === seed &&
        (start === undefined || url.searchParams.get('start') === String(start));
      await proxy.release(page('b', 0), 1);
      await until(
        () => readdirSync(b).some((name) => name.endsWith('.tmp') && statSync(join(b, name)).size > 0),
        "b's first page in its partial file",
      );
      await proxy.release(page('a'), 2);
      const completed = await runA;
      expect(completed.stderr).toBe('');
      expect(completed.status).toBe(0);
      expect(readFileSync(join(a, 'out.ndjson'), 'utf8').split('\n')).toHaveLength(1501);
      await proxy.release(page('b', 1000), 1);
      const refused = await runB;
      expect(refused.status).toBe(69);
      expect(refused.stderr).toMatch(
        new RegExp(
          `^ussynth: --remote ${proxy.url}: this request needs 500 records but 0 of the monthly quota of 2500 remain; .*\\(quota_exceeded, HTTP 429, request [0-9a-f-]{36}\\); no file was written\\n$`,
        ),
      );
      expect(readdirSync(b)).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('a key the API does not take', async () => {
    const { status, stdout, stderr } = await runBinary(['ein', '--seed', 'k', '--remote', server.url], {
      env: { ...process.env, USSYNTH_API_KEY: 'uss_live_typo' },
    });
    expect(status).toBe(69);
    expect(stderr).toMatch(
      /^ussynth: --remote http:\/\/127\.0\.0\.1:\d+: .*\(malformed_api_key, HTTP 401, request [0-9a-f-]{36}\)\n$/,
    );
    expect(stdout.length).toBe(0);
  });

  it('an API that cannot be reached (at the quota check, the first request)', async () => {
    const { status, stderr } = await runBinary(['ein', '--seed', 'k', '--remote', 'http://127.0.0.1:9'], {
      env: withKey,
    });
    expect(status).toBe(69);
    expect(stderr).toMatch(
      /^ussynth: --remote http:\/\/127\.0\.0\.1:9: GET http:\/\/127\.0\.0\.1:9\/v1\/usage failed: /,
    );
  });
});

describe('--remote runs behave as local runs', () => {
  it('on a terminal a long run draws the progress bar and clears it', () => {
    const dir = mkdtempSync(join(scratch, 'tty-'));
    const command = `${process.execPath} ${BINARY} address --seed 1 --count 100000 --format ndjson --out ${join(dir, 'a.ndjson')} --remote ${server.url}`;
    // script(1) gives the binary a real pseudo-terminal.
    const run = spawnSync('script', ['-qefc', command, '/dev/null'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: withKey,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/\r\[[#.]{24}\] +\d+\.\d% {2}\d+\/100000 {2}[\d.]+[kM]?\/s {2}ETA \d+:\d\d/);
    expect(run.stdout.endsWith('\r\x1b[K')).toBe(true);
    expect(readFileSync(join(dir, 'a.ndjson'), 'utf8').split('\n')).toHaveLength(100001);
  });

  it('SIGINT while waiting out a rate limit stops at once, exits 130 and leaves no file', async () => {
    const dir = mkdtempSync(join(scratch, 'sigint-'));
    const path = join(dir, 'slow.json');
    // One request a second for 5 pages: the run spends most of its time waiting for Retry-After.
    const child = startBinary(['address', '--seed', 's', '--count', '5000', '--out', path, '--remote', server.url], {
      env: keyFor('cli-slow', 1, 100_000),
    });
    const result = finished(child);
    const deadline = Date.now() + 10_000;
    while (!readdirSync(dir).some((name) => name.endsWith('.tmp')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
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
