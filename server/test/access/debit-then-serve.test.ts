import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMonth } from '../../src/limits/calendar-month.js';
import { fillJournalDisk } from '../full-journal.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('serving only durable debits (the usage journal)', () => {
  it('answers a granted request only after its journal line is written', async () => {
    const { key } = await server.key('enterprise', { rate: 10_000, monthlyQuota: 1e6 });
    const journal = `${server.dbPath}-usage.journal`;
    // The server folds the journal into the usage table once a second and empties it; a fold between the answer and
    // the read below would hide the line, so a round in which the journal did not grow is taken again (at most a few).
    let lines: string[] = [];
    for (let round = 0; round < 5; round++) {
      const before = statSync(journal).size;
      const response = await server.get('/v1/batch?count=7', key);
      expect(response.status).toBe(200);
      const text = readFileSync(journal, 'utf8');
      if (text.length <= before) continue;
      lines = text.trim().split('\n');
      break;
    }
    expect(lines.at(-1)).toMatch(/ 7$/);
  });

  it('fails closed when the journal cannot be written: 503, nothing served, the debit undone', async () => {
    const { id, key } = await server.key('enterprise', { rate: 10_000, monthlyQuota: 1e6 });
    expect((await server.get('/v1/ein', key)).status).toBe(200);
    const restore = fillJournalDisk(`${server.dbPath}-usage.journal`);
    let refused: Response[];
    try {
      refused = await Promise.all([
        server.get('/v1/ein', key),
        server.get('/v1/batch?count=50', key),
        server.get('/v1/zip/10001', key),
      ]);
    } finally {
      restore();
    }
    for (const response of refused) {
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.headers.get('retry-after')).toBe('1');
      const body = (await response.json()) as { code: string; detail: string };
      expect(body.code).toBe('store_unavailable');
      expect(body.detail).toContain('usage store');
    }
    // Only the first request counts; once the journal is back the next one is served and sees it. The server's
    // once-a-second fold can run while /dev/full stands in for the journal: it then takes the journal for replaced
    // and refuses debits until its next fold recreates it (about a second), so the first answers may still be 503.
    let after = await server.get('/v1/ein', key);
    for (let waited = 0; after.status === 503 && waited < 5000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await server.get('/v1/ein', key);
    }
    expect(after.status).toBe(200);
    expect(after.headers.get('ratelimit')).toMatch(/"monthly";r=999998;/);
    const listed = (await server.store.keys.listKeys(calendarMonth(Date.now()).period)).find((k) => k.id === id);
    expect(listed?.used).toBe(2);
  });
});

describe('HEAD on a generating route', () => {
  it("answers the GET's status and headers without a body, generating and charging nothing", async () => {
    const { id, key } = await server.key('enterprise', { rate: 10_000, monthlyQuota: 1500 });
    const head = await fetch(`${server.url}/v1/batch?count=1000&seed=h`, {
      method: 'HEAD',
      headers: { 'x-api-key': key },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    expect(head.headers.get('x-ussynth-seed')).toBe('h');
    expect(head.headers.get('ratelimit')).toMatch(/"monthly";r=1500;/);
    expect((await server.store.keys.listKeys(calendarMonth(Date.now()).period)).find((k) => k.id === id)?.used).toBe(0);
    // What the GET would be refused, HEAD is refused too, still without charge.
    expect(
      (await fetch(`${server.url}/v1/batch?count=abc`, { method: 'HEAD', headers: { 'x-api-key': key } })).status,
    ).toBe(400);
    expect((await server.get('/v1/batch?count=1000', key)).status).toBe(200);
    const over = await fetch(`${server.url}/v1/batch?count=1000`, { method: 'HEAD', headers: { 'x-api-key': key } });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await server.store.keys.listKeys(calendarMonth(Date.now()).period)).find((k) => k.id === id)?.used).toBe(
      1000,
    );
  });
});
