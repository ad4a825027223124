import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCall, signedUp, signIn, type ApiSession } from '../billing/account-session.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { outboxMails } from './outbox.js';

// 20 days into November 2026; the quota is set small so a few batches cross it.
let now = Date.UTC(2026, 10, 20, 12, 0);
let server: TestServer;
let session: ApiSession;
let key: string;
let accountId: number;
const OWNER = 'quota-owner@example.com';

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  session = await signedUp(server.url, server.outbox, OWNER);
  key = ((await (await accountCall(server.url, 'POST', '/keys', { name: 'ci' }, session)).json()) as { key: string })
    .key;
  const person = (await server.store.people.findPersonByEmail(OWNER))!;
  accountId = person.accountId;
  // The operator gives the account a small Enterprise quota: 10 batches of 100.
  await server.store.accounts.changePlan(accountId, {
    tier: 'enterprise',
    limits: { rate: 1000, monthlyQuota: 1000 },
    at: now,
    byPersonId: null,
    approvedBy: 'operator',
  });
});
afterAll(() => server.destroy());

const quotaMails = () => outboxMails(server.outbox).filter((mail) => mail.includes('monthly quota'));

/** Waits until the outbox holds `count` quota mails (they are sent in the background; 2 s at most), then a moment more for strays. */
async function settledQuotaMails(count: number): Promise<string[]> {
  for (let i = 0; i < 40 && quotaMails().length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 300));
  return quotaMails();
}

async function batches(n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await server.get('/v1/batch?count=100', key)).status);
  return statuses;
}

describe('quota e-mails to the owners', () => {
  it('are sent once at 80 % and once at 100 % of the month, with a link to the dashboard, and shown in /v1/usage', async () => {
    expect(await batches(7)).toEqual(Array(7).fill(200));
    expect(await settledQuotaMails(0)).toEqual([]);
    expect(await batches(1)).toEqual([200]);
    const [at80] = await settledQuotaMails(1);
    expect(at80).toContain(`To: ${OWNER}`);
    expect(at80).toContain('Subject: ussynth: 80 % of your monthly quota used (2026-11)');
    expect(at80).toContain(`${server.url}/dashboard`);
    // Past 80 % again: nothing more.
    expect(await batches(1)).toEqual([200]);
    expect(await settledQuotaMails(2)).toHaveLength(1);
    expect(await batches(3)).toEqual([200, 429, 429]);
    const mails = await settledQuotaMails(2);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('Subject: ussynth: your monthly quota is used up (2026-11)');
    const usage = (await (await server.get('/v1/usage', key)).json()) as { quotaNotices: unknown };
    expect(usage.quotaNotices).toEqual({ enabled: true, thresholds: [80, 100], sent: [80, 100] });
    const dashboard = (await (await accountCall(server.url, 'GET', '/usage', undefined, session)).json()) as {
      quotaNotices: unknown;
    };
    expect(dashboard.quotaNotices).toEqual(usage.quotaNotices);
  });

  it('start again in a new month, and stop when an owner turns them off', async () => {
    now = Date.UTC(2026, 11, 1, 0, 0, 5);
    expect(await batches(8)).toEqual(Array(8).fill(200));
    const mails = await settledQuotaMails(3);
    expect(mails).toHaveLength(3);
    expect(mails[2]).toContain('Subject: ussynth: 80 % of your monthly quota used (2026-12)');
    // Turned off by the owner (signed in again: the November session has expired; the change needs its CSRF token):
    // the 100 % one of December is not sent.
    session = await signIn(server.url, OWNER);
    expect(
      (await accountCall(server.url, 'PUT', '/quota-notices', { enabled: false }, { cookie: session.cookie })).status,
    ).toBe(403);
    const off = await accountCall(server.url, 'PUT', '/quota-notices', { enabled: false }, session);
    expect(await off.json()).toEqual({ enabled: false, thresholds: [80, 100], sent: [80] });
    expect(await batches(3)).toEqual([200, 200, 429]);
    expect(await settledQuotaMails(4)).toHaveLength(3);
    expect(
      (await (await accountCall(server.url, 'GET', '/quota-notices', undefined, session)).json()) as unknown,
    ).toEqual({ enabled: false, thresholds: [80, 100], sent: [80] });
    expect((await accountCall(server.url, 'PUT', '/quota-notices', { enabled: 'no' }, session)).status).toBe(400);
  });
});

describe('quota e-mails follow what was used', () => {
  it('send nothing for a refused request, and the 80 % one when the month does pass 80 % (issue 46, item 8)', async () => {
    const owner = 'refused-owner@example.com';
    const other = await signedUp(server.url, server.outbox, owner);
    const otherKey = (
      (await (await accountCall(server.url, 'POST', '/keys', { name: 'ci' }, other)).json()) as { key: string }
    ).key;
    const otherId = (await server.store.people.findPersonByEmail(owner))!.accountId;
    await server.store.accounts.changePlan(otherId, {
      tier: 'enterprise',
      limits: { rate: 1000, monthlyQuota: 1500 },
      at: now,
      byPersonId: null,
      approvedBy: 'operator',
    });
    const mine = () => quotaMails().filter((mail) => mail.includes(`To: ${owner}`));
    // 1,000 of 1,500 used (67 %), then a request for 1,000 more is refused: nothing was used by it.
    expect((await server.get('/v1/batch?count=1000', otherKey)).status).toBe(200);
    expect((await server.get('/v1/batch?count=1000', otherKey)).status).toBe(429);
    await settledQuotaMails(quotaMails().length + 1);
    expect(mine()).toEqual([]);
    expect(
      ((await (await server.get('/v1/usage', otherKey)).json()) as { quotaNotices: unknown }).quotaNotices,
    ).toEqual({ enabled: true, thresholds: [80, 100], sent: [] });
    // 1,250 used (83 %): the 80 % notice, and not the 100 % one.
    expect((await server.get('/v1/batch?count=250', otherKey)).status).toBe(200);
    await settledQuotaMails(quotaMails().length + 1);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]).toContain('Subject: ussynth: 80 % of your monthly quota used');
    // Used up exactly: the 100 % notice.
    expect((await server.get('/v1/batch?count=250', otherKey)).status).toBe(200);
    await settledQuotaMails(quotaMails().length + 1);
    expect(mine()).toHaveLength(2);
    expect(mine()[1]).toContain('Subject: ussynth: your monthly quota is used up');
  });
});
