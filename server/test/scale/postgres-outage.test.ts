import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psql, startPostgres, type TestPostgres } from '../../../test/infra/postgres-server.js';
import { base62Fixed6 } from '../../src/store/base62.js';
import { keysCreate, killServers, serve, waitFor, type ServeProcess, type SpawnOptions } from '../serve-process.js';

// PostgreSQL stopped under load (`pg_ctl stop -m immediate`, like a crash for the clients) behind real
// `ussynth-server serve` processes (issue 46, items 3 and 4): what the customer is charged and what its own SLA
// figure says once the store is back, also across an instance restarted during the outage.
const dir = mkdtempSync(join(tmpdir(), 'ussynth-pg-outage-'));
let pg: TestPostgres;
let db: string;
let options: SpawnOptions;

beforeAll(async () => {
  pg = await startPostgres();
  db = pg.createDatabase('outage');
  options = {
    env: {
      ...process.env,
      USSYNTH_DB: db,
      USSYNTH_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      LOG_LEVEL: 'warn',
      PORT: '0',
    },
  };
}, 120_000);

afterAll(() => {
  killServers();
  pg?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const instance = (name: string) =>
  serve({ env: { ...options.env, USSYNTH_PENDING_FILE: join(dir, `${name}.json`) } }, '--no-dev-key');
const used = (account: string) =>
  Number(
    psql(
      db,
      `SELECT coalesce(sum(u.records), 0) FROM usage u JOIN accounts a ON a.id = u.account_id WHERE a.name = '${account}'`,
    ),
  );

interface MonthFigure {
  goodRequests: number;
  badRequests: number;
  availabilityPercent: number;
}
async function slaMonth(server: ServeProcess, key: string): Promise<MonthFigure> {
  const response = await fetch(`${server.url}/v1/sla`, { headers: { 'x-api-key': key } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { month: MonthFigure }).month;
}

/**
 * One client per entry of `counts`, each sending /v1/batch?count=N until stopped, pausing 50 ms after a refusal (as a
 * client honouring Retry-After would, briefly).
 */
function clients(url: string, key: string, counts: number[]) {
  const tally = { served: 0, unavailable: 0, slow: 0, other: [] as string[] };
  let stopped = false;
  const client = async (count: number) => {
    while (!stopped) {
      const started = performance.now();
      const response = await fetch(`${url}/v1/batch?count=${count}`, { headers: { 'x-api-key': key } });
      const text = await response.text();
      if (performance.now() - started > 2000) tally.slow++;
      if (response.status === 200) tally.served += count;
      else if (response.status === 503 && text.includes('store_unavailable')) tally.unavailable++;
      else tally.other.push(`${response.status} ${text.slice(0, 120)}`);
      if (response.status !== 200) await pause(50);
    }
  };
  const running = counts.map(client);
  return {
    tally,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** The key with one character of its secret changed and a valid checksum: the right id, the wrong key. */
function forged(key: string): string {
  const body = key.slice(0, -6);
  const last = body.at(-1) === 'a' ? 'b' : 'a';
  const changed = body.slice(0, -1) + last;
  return changed + base62Fixed6(zlib.crc32(changed));
}

describe('a PostgreSQL outage under load', () => {
  it("leaves only served records charged, and counts every 503 in the account's own SLA figure", async () => {
    const server = await instance('a');
    const key = keysCreate(options, 'outage-load', 100_000, 100_000_000);
    // Sizes that leave a remainder in the instance's block when PostgreSQL stops (blocks are multiples of one size
    // when every request asks the same): the block is given back while the store is down.
    const load = clients(server.url, key, [1000, 250, 7]);
    await pause(2000);
    pg.stop();
    await pause(8000);
    pg.start();
    await pause(2000);
    await load.stop();
    const { served, unavailable, slow, other } = load.tally;
    expect(other).toEqual([]);
    expect(unavailable).toBeGreaterThan(10);
    // Blocks the instance held and did not serve go back once PostgreSQL is back (within a few retries of a second).
    await waitFor(
      `usage to settle at the ${served} records served`,
      () => used('outage-load') === served,
      15_000,
    ).catch(() => {});
    expect(used('outage-load')).toBe(served);
    // The 503s before the key could be read count for the key's account (this instance had read the key before).
    await waitFor(
      'the SLA counts to be folded',
      async () => (await slaMonth(server, key)).badRequests >= unavailable,
      20_000,
    ).catch(() => {});
    const month = await slaMonth(server, key);
    // Every 503 counts; an answer the clients waited over 2 s for may also have been slow on the server's side.
    expect(month.badRequests).toBeGreaterThanOrEqual(unavailable);
    expect(month.badRequests).toBeLessThanOrEqual(unavailable + slow);
    expect(month.availabilityPercent).toBeLessThan(100);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('keeps refunds and SLA counts across a restart during the outage, and attributes a key the instance never read, never a forged one', async () => {
    let server = await instance('b');
    const seen = keysCreate(options, 'outage-seen', 100_000, 100_000_000);
    const unseen = keysCreate(options, 'outage-unseen', 100_000, 100_000_000);
    // The instance serves `seen` (a leased block it holds, the key in its cache); `unseen` it has never read.
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${server.url}/v1/batch?count=10`, { headers: { 'x-api-key': seen } })).status).toBe(200);
    expect(used('outage-seen')).toBeGreaterThan(30);
    pg.stop();
    await pause(1500);
    const statuses = async (key: string, n: number) => {
      const got: number[] = [];
      for (let i = 0; i < n; i++)
        got.push((await fetch(`${server.url}/v1/batch?count=10`, { headers: { 'x-api-key': key } })).status);
      return got;
    };
    expect(await statuses(seen, 4)).toEqual([503, 503, 503, 503]);
    expect(await statuses(unseen, 5)).toEqual([503, 503, 503, 503, 503]);
    expect(await statuses(forged(unseen), 3)).toEqual([503, 503, 503]);
    // Drained while PostgreSQL is down: the block it held and the counts wait in its pending journal.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    pg.start();
    server = await instance('b');
    await waitFor('the returned block to be refunded', () => used('outage-seen') === 30, 10_000).catch(() => {});
    expect(used('outage-seen')).toBe(30);
    await waitFor(
      'the SLA counts to be folded',
      async () => (await slaMonth(server, unseen)).badRequests > 0,
      20_000,
    ).catch(() => {});
    // The forged key's 3 failures are nobody's; the 5 with the real key are its account's. (Good requests: the
    // batches and these /v1/sla reads themselves.)
    expect((await slaMonth(server, unseen)).badRequests).toBe(5);
    expect((await slaMonth(server, seen)).badRequests).toBe(4);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);
});
