import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCall, signedUp } from '../billing/account-session.js';
import { startTestServer, type TestServer } from '../test-server.js';

/** The parts of a /v1/sla answer these tests read. */
type SlaBody = { month: Record<string, number> } & Record<string, unknown>;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('the SLA on the account API (the sign-up page and the dashboard)', () => {
  it('publishes the configured terms without a session', async () => {
    const response = await accountCall(server.url, 'GET', '/sla/terms');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      objectivePercent: { standard: 99.9, pro: 99.9, enterprise: 99.9 },
      credits: [
        { belowPercent: null, creditPercent: 10 },
        { belowPercent: 99, creditPercent: 25 },
        { belowPercent: 95, creditPercent: 50 },
      ],
      slowMs: 2500,
      maintenanceNoticeDays: 5,
    });
  });

  it('gives the signed-in account the same month as GET /v1/sla, and needs a session', async () => {
    expect((await accountCall(server.url, 'GET', '/sla')).status).toBe(401);
    const session = await signedUp(server.url, server.outbox, 'sla@example.com');
    const created = await accountCall(server.url, 'POST', '/keys', { name: 'ci' }, session);
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    expect((await server.get('/v1/ein', key)).status).toBe(200);
    await server.app.ussynth.sli.flush();
    const dashboard = (await (await accountCall(server.url, 'GET', '/sla', undefined, session)).json()) as {
      plan: string;
      sla: Record<string, unknown>;
    };
    expect(dashboard.plan).toBe('standard');
    const api = (await (await server.get('/v1/sla', key)).json()) as SlaBody;
    expect(dashboard.sla.objectivePercent).toBe(99.9);
    expect(dashboard.sla.month).toMatchObject({
      goodRequests: 1,
      badRequests: 0,
      availabilityPercent: 100,
      creditPercent: 0,
    });
    // /v1/sla itself counted as one more good request of the account.
    expect(api.month.goodRequests).toBeGreaterThanOrEqual(1);
    expect({ ...dashboard.sla, month: undefined }).toEqual({ ...api, month: undefined });
  });
});
