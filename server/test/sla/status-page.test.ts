import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SLA } from '../../src/sla/sla-config.js';
import { runServerCli } from '../serve-process.js';

// The operator's commands run without blocking this process: a blocked event loop lets the in-process server's
// keep-alive timer close the client's pooled connection unseen, and the next fetch failed with ECONNRESET.
const statusCommand = (env: { env: NodeJS.ProcessEnv }, ...args: string[]) =>
  runServerCli(['status', ...args], env.env);
import { startTestServer, type TestServer } from '../test-server.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 20, 10, 0, 20);

let server: TestServer | undefined;

afterEach(async () => {
  await server?.destroy();
  server = undefined;
});

interface Report {
  state: string;
  components: { id: string; state: string }[];
  history: {
    recentAvailabilityPercent: number;
    days: { date: string; availabilityPercent: number | null; level: string; requests?: number }[];
    incidents: { id: number; title: string; closedAt: number | null; notes: { text: string }[] }[];
    notes: { text: string }[];
  };
  terms: { objectivePercent: Record<string, number> };
}

async function report(url: string): Promise<Report> {
  const response = await fetch(`${url}/status.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('public, max-age=5');
  return (await response.json()) as Report;
}

describe('ussynth-server status', () => {
  it("shows the month and sets an Enterprise contract's objective, which /v1/sla then uses", async () => {
    server = await startTestServer();
    const env = { env: { ...process.env, USSYNTH_DB: server.dbPath } };
    const { id, key } = await server.key('enterprise');
    const standard = await server.key('standard');
    const enterprise = (await server.store.findKey(id))!.accountName;
    const standardName = (await server.store.findKey(standard.id))!.accountName;
    const set = await statusCommand(env, 'objective', enterprise, '99.95');
    expect(set.stderr).toBe('');
    expect(set.stdout).toBe(`${enterprise}'s monthly objective is now 99.95 %\n`);
    expect(((await (await server.get('/v1/sla', key)).json()) as { objectivePercent: number }).objectivePercent).toBe(
      99.95,
    );
    const refused = await statusCommand(env, 'objective', standardName, '99.95');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/only an Enterprise account has a contracted objective/);
    expect((await statusCommand(env, 'objective', enterprise, '100')).stderr).toMatch(
      /the objective must be a percentage above 0 and below 100/,
    );
    expect((await statusCommand(env, 'objective', enterprise, 'plan')).status).toBe(0);
    expect(((await (await server.get('/v1/sla', key)).json()) as { objectivePercent: number }).objectivePercent).toBe(
      99.9,
    );
    expect((await server.get('/v1/sla', standard.key)).status).toBe(200);
    await server.app.ussynth.sli.flush();
    const shown = JSON.parse((await statusCommand(env, 'show', '--json')).stdout) as {
      goodRequests: number;
      availabilityPercent: number;
      openIncident: unknown;
    };
    expect(shown).toMatchObject({ goodRequests: 3, availabilityPercent: 100, openIncident: null });
  });
});

describe('the status page', () => {
  it('publishes percentages only by default: no request counts in /status.json or /status (issue 46, item 11)', async () => {
    let now = T0;
    server = await startTestServer({ clock: () => now });
    const { key } = await server.key('standard');
    for (let i = 0; i < 3; i++) expect((await server.get('/v1/ein', key)).status).toBe(200);
    await server.app.ussynth.sli.flush();
    now += 6000;
    const response = await fetch(`${server.url}/status.json`);
    const text = await response.text();
    const shown = JSON.parse(text) as Report;
    expect(shown.history.days).toHaveLength(90);
    expect(shown.history.days.at(-1)).toEqual({ date: '2026-11-20', availabilityPercent: 100, level: 'ok' });
    expect(text).not.toMatch(/"requests"/);
    const html = await (await fetch(`${server.url}/status`)).text();
    expect(html).toContain('2026-11-20: 100 % available, ');
    // No day's count anywhere on the page (a day without any is "no data", whichever the operator chose).
    expect(html).not.toMatch(/\d requests?\b/);
  });

  it('opens an incident when the last 5 minutes fall below the objective, closes it on recovery, and shows notes', async () => {
    let now = T0;
    const first = await startTestServer({ clock: () => now });
    const faultFile = join(first.dir, 'fault');
    await first.close();
    // The operator chose to publish the day's request counts (USSYNTH_STATUS_REQUEST_COUNTS=show).
    server = await startTestServer({
      dir: first.dir,
      clock: () => now,
      config: { sla: { ...DEFAULT_SLA, faultFile, statusRequestCounts: true } },
    });
    const { key } = await server.key('standard');
    const { sla, sli } = server.app.ussynth;
    // The test drives the incident watch by hand, on its clock: the server's own 15 s timer is stopped.
    sla.close();
    for (let i = 0; i < 8; i++) expect((await server.get('/v1/ein', key)).status).toBe(200);
    writeFileSync(faultFile, '');
    for (let i = 0; i < 2; i++) expect((await server.get('/v1/ein', key)).status).toBe(500);
    rmSync(faultFile);
    await sli.flush();
    // Before the minute is over it is not judged; 10 s into the next one it is: 0.2 bad minute of 5 is 96 %.
    expect(await sla.checkIncidents()).toBe('unchanged');
    now = T0 - (T0 % MINUTE) + MINUTE + 15_000;
    expect(await sla.checkIncidents()).toBe('opened');
    expect(await sla.checkIncidents()).toBe('unchanged');

    const noted = await statusCommand(
      { env: { ...process.env, USSYNTH_DB: server.dbPath } },
      'note',
      'Investigating errors on /v1',
    );
    expect(noted.stderr).toBe('');
    expect(noted.stdout).toMatch(/^note 1 added to incident 1/);
    const announcement = await statusCommand(
      { env: { ...process.env, USSYNTH_DB: server.dbPath } },
      'note',
      'Maintenance <Sunday> 02:00 UTC',
      '--incident',
      'none',
    );
    expect(announcement.status).toBe(0);
    const bad = await statusCommand(
      { env: { ...process.env, USSYNTH_DB: server.dbPath } },
      'note',
      'x',
      '--incident',
      '99',
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/no incident with id 99/);

    // The page caches its history 5 s: a moment later it shows the incident and the notes.
    now += 6000;
    const during = await report(server.url);
    expect(during.state).toBe('degraded');
    expect(during.components.find((c) => c.id === 'api')?.state).toBe('degraded');
    expect(during.components.find((c) => c.id === 'store')?.state).toBe('operational');
    expect(during.components.find((c) => c.id === 'redis')?.state).toBe('not_used');
    expect(during.history.recentAvailabilityPercent).toBe(96);
    expect(during.history.incidents).toHaveLength(1);
    expect(during.history.incidents[0]).toMatchObject({
      closedAt: null,
      notes: [{ text: 'Investigating errors on /v1' }],
    });
    expect(during.history.notes.map((n) => n.text)).toEqual(['Maintenance <Sunday> 02:00 UTC']);
    expect(during.history.days).toHaveLength(90);
    const today = during.history.days.at(-1)!;
    expect(today.date).toBe('2026-11-20');
    expect(today.requests).toBe(10);
    // 0.2 bad minute of the day's 602 minutes so far: 99.9668 %, at or above the objective over the day.
    expect(today).toMatchObject({ availabilityPercent: 99.9668, level: 'ok' });
    // A day without a single request counted (here every day before the store existed) has no figure: "no data",
    // never a green 100 %.
    expect(during.history.days[0]).toEqual({
      date: '2026-08-23',
      availabilityPercent: null,
      level: 'no_data',
      requests: 0,
    });
    expect(during.history.days.filter((day) => day.level === 'no_data')).toHaveLength(89);

    const page = await fetch(`${server.url}/status`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('Some systems degraded');
    expect(html).toContain('Elevated errors on the API');
    // Operator text is text, never markup.
    expect(html).toContain('Maintenance &#60;Sunday&#62; 02:00 UTC');
    expect(html.match(/<li class="day /g)).toHaveLength(90);
    expect(html.match(/<li class="day no_data"/g)).toHaveLength(89);
    expect(html).toContain('title="2026-08-23: no data (no requests counted)"');
    expect(html).toContain('<span class="swatch no_data"></span> no data');
    expect(html).toContain('Standard 99.9 %');

    // Five minutes on, without errors: recovered, the incident closes.
    now += 5 * MINUTE;
    expect(await sla.checkIncidents()).toBe('closed');
    now += 6000;
    const after = await report(server.url);
    expect(after.state).toBe('operational');
    expect(after.history.incidents[0]!.closedAt).toBe(now - 6000);
  });
});
