import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('health without a key', () => {
  it("/livez and /readyz answer 200 when the store is ready; /metrics is Prometheus text with the store's counters", async () => {
    expect(await (await server.get('/livez')).json()).toEqual({ status: 'live' });
    const ready = await server.get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const metrics = await server.get('/metrics');
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await metrics.text();
    expect(text).toMatch(/^ussynth_ready 1$/m);
    for (const name of [
      'usage_fold_failures_total',
      'usage_journal_write_failures_total',
      'usage_journal_recreated_total',
      'records_refunded_total',
      'store_errors_total',
    ]) {
      expect(text).toMatch(new RegExp(`^# TYPE ussynth_${name} counter\\nussynth_${name} 0$`, 'm'));
    }
  });
});
