import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SLA } from '../../src/sla/sla-config.js';
import { OVERALL } from '../../src/store/sli-store.js';
import { startTestServer, type TestServer } from '../test-server.js';

/** The parts of a /v1/sla answer these tests read. */
type SlaBody = { month: Record<string, number> } & Record<string, unknown>;

const MINUTE = 60_000;
// 9 minutes and 30 s into November 2026: the month so far is 10 minutes.
const START = Date.UTC(2026, 10, 1, 0, 9, 30);

let server: TestServer | undefined;

afterEach(async () => {
  await server?.destroy();
  server = undefined;
});

async function metricValue(url: string, result: 'good' | 'bad'): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`ussynth_sli_requests_total{result="${result}"}`));
  return Number(line?.split(' ')[1]);
}

describe('the service measures its own availability', () => {
  it('counts 2xx as good and 5xx as bad, per account and overall; 4xx and the docs do not count', async () => {
    let now = START;
    server = await startTestServer({ clock: () => now });
    const faultFile = join(server.dir, 'fault');
    await server.close();
    server = await startTestServer({
      dir: server.dir,
      clock: () => now,
      config: { sla: { ...DEFAULT_SLA, faultFile } },
    });
    const { id, key } = await server.key('standard');
    const other = await server.key('pro');
    for (let i = 0; i < 3; i++) expect((await server.get('/v1/zip/60601', key)).status).toBe(200);
    expect((await server.get('/v1/zip/60601', other.key)).status).toBe(200);
    // Not counted: the request's own faults and the documentation.
    expect((await server.get('/v1/address?count=abc', key)).status).toBe(400);
    expect((await server.get('/v1/zip/60601')).status).toBe(401);
    expect((await server.get('/v1/docs')).status).toBe(200);
    // The fault switch: every authenticated /v1 request answers 500.
    writeFileSync(faultFile, '');
    for (let i = 0; i < 2; i++) {
      const response = await server.get('/v1/zip/60601', key);
      expect(response.status).toBe(500);
      expect(((await response.json()) as { code: string }).code).toBe('internal_error');
    }
    rmSync(faultFile);
    expect(await metricValue(server.url, 'good')).toBe(4);
    expect(await metricValue(server.url, 'bad')).toBe(2);
    await server.app.ussynth.sli.flush();
    const minute = START - (START % MINUTE);
    expect(await server.store.sli.totals(OVERALL, minute, minute + MINUTE)).toEqual({
      good: 4,
      bad: 2,
      badMinutes: 2 / 6,
    });
    const account = (await server.store.findKey(id))!;
    expect(await server.store.sli.totals(account.accountId, minute, minute + MINUTE)).toEqual({
      good: 3,
      bad: 2,
      badMinutes: 0.4,
    });

    // The month so far is 10 minutes; 0.4 of one was bad: 96 %, below 99 %: 25 % credit.
    const sla = (await (await server.get('/v1/sla', key)).json()) as SlaBody;
    expect(sla.objectivePercent).toBe(99.9);
    expect(sla.month).toMatchObject({
      period: '2026-11',
      goodRequests: 3,
      badRequests: 2,
      availabilityPercent: 96,
      creditPercent: 25,
    });
    expect(sla.previousMonth).toMatchObject({
      period: '2026-10',
      goodRequests: 0,
      badRequests: 0,
      availabilityPercent: 100,
      creditPercent: 0,
    });
    expect(sla.credits).toEqual([
      { belowPercent: 99.9, creditPercent: 10 },
      { belowPercent: 99, creditPercent: 25 },
      { belowPercent: 95, creditPercent: 50 },
    ]);
    // The other account's own requests were all good.
    const otherSla = (await (await server.get('/v1/sla', other.key)).json()) as SlaBody;
    expect(otherSla.month).toMatchObject({ availabilityPercent: 100, creditPercent: 0 });

    // A day later, with no traffic since: the month is 1450 minutes long; its one minute with requests had 2 bad of 6
    // (the first /v1/sla call was good): a third of a bad minute, 99.977 %, above the objective again (minutes
    // without requests are not bad).
    await server.app.ussynth.sli.flush();
    now = START + 24 * 60 * MINUTE;
    const later = (await (await server.get('/v1/sla', key)).json()) as SlaBody;
    expect(later.month).toMatchObject({ goodRequests: 4, badRequests: 2 });
    expect(later.month.availabilityPercent).toBe(Math.round((1 - 1 / 3 / 1450) * 1e6) / 1e4);
    expect(later.month.creditPercent).toBe(0);
  });

  it("rolls over at the month's end: the new month starts clean, the month before keeps its figure and credit", async () => {
    // The last minute of October 2026, with the fault switch on for every request of the account.
    let now = Date.UTC(2026, 9, 31, 23, 59, 10);
    const first = await startTestServer({ clock: () => now });
    const faultFile = join(first.dir, 'fault');
    await first.close();
    server = await startTestServer({
      dir: first.dir,
      clock: () => now,
      config: { sla: { ...DEFAULT_SLA, faultFile } },
    });
    const { key } = await server.key('pro');
    writeFileSync(faultFile, '');
    for (let i = 0; i < 4; i++) expect((await server.get('/v1/ein', key)).status).toBe(500);
    rmSync(faultFile);
    await server.app.ussynth.sli.flush();
    const october = (await (await server.get('/v1/sla', key)).json()) as SlaBody;
    // One bad minute of the 44,640 minutes of October so far: 99.9978 %.
    expect(october.month).toMatchObject({
      period: '2026-10',
      badRequests: 4,
      availabilityPercent: 99.9978,
      creditPercent: 0,
    });
    now = Date.UTC(2026, 10, 1, 0, 0, 30);
    // October's own /v1/sla call was good and counted in its minute.
    await server.app.ussynth.sli.flush();
    const november = (await (await server.get('/v1/sla', key)).json()) as SlaBody;
    expect(november.month).toMatchObject({
      period: '2026-11',
      goodRequests: 0,
      badRequests: 0,
      availabilityPercent: 100,
      creditPercent: 0,
    });
    // The whole of October: 44,640 minutes, the same bad minute.
    expect(november.previousMonth).toMatchObject({
      period: '2026-10',
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-11-01T00:00:00.000Z',
      goodRequests: 1,
      badRequests: 4,
      availabilityPercent: Math.round((1 - 0.8 / 44_640) * 1e6) / 1e4,
    });
  });

  it('folds what an instance counted when it closes', async () => {
    server = await startTestServer();
    const { key } = await server.key('standard');
    for (let i = 0; i < 5; i++) expect((await server.get('/v1/zip/60601', key)).status).toBe(200);
    const { dir } = server;
    await server.close();
    server = await startTestServer({ dir });
    const totals = await server.store.sli.totals(OVERALL, 0, Date.now() + MINUTE);
    expect(totals.good).toBe(5);
    expect(totals.bad).toBe(0);
  });
});
