import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';

// docs/prometheus: the SLA's recording and burn-rate alerting rules, checked and unit-tested with Debian's promtool
// (package prometheus, installed by .ci/run), on the metric the service really exports.
const FOLDER = new URL('../../../docs/prometheus/', import.meta.url).pathname;

function promtool(...args: string[]) {
  const result = spawnSync('promtool', args, { cwd: FOLDER, encoding: 'utf8', timeout: 60_000 });
  if (result.error)
    throw new Error(`promtool could not run (install Debian's prometheus package): ${result.error.message}`);
  return result;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('the Prometheus rules of docs/prometheus', () => {
  it('pass promtool check rules', () => {
    const result = promtool('check', 'rules', 'ussynth-sla-rules.yml');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('SUCCESS: 6 rules found');
    expect(result.status).toBe(0);
  });

  it('page at 14.4x over 1 h and 5 m, open a ticket at 6x over 6 h and 30 m, and stay quiet within the budget (promtool test rules)', () => {
    const result = promtool('test', 'rules', 'ussynth-sla-rules.test.yml');
    expect(result.stdout + result.stderr).toContain('SUCCESS');
    expect(result.status).toBe(0);
  });

  it('read the counter every instance exports, with both results from the start', async () => {
    const rules = readFileSync(`${FOLDER}ussynth-sla-rules.yml`, 'utf8');
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    for (const name of new Set(rules.match(/ussynth_[a-z_]+_total/g)))
      expect(metrics, name).toContain(`# TYPE ${name} counter`);
    expect(metrics).toContain('ussynth_sli_requests_total{result="good"} 0');
    expect(metrics).toContain('ussynth_sli_requests_total{result="bad"} 0');
  });
});
