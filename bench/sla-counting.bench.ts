// What the SLA adds to each /v1 request, alone: SliRecorder.answered (two map updates and the Prometheus counter)
// and QuotaNotices.observed below 80 % (a comparison), against an empty loop's overhead, on a real in-memory store.
// Run: npm run bench:sla   Compare with the server's CPU per request (npm run bench:server) for the share.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QuotaNotices } from '../server/src/accounts/quota-notices.js';
import { outboxMailer } from '../server/src/mail/outbox-mailer.js';
import { ServiceMetrics } from '../server/src/observability/metrics.js';
import { SliRecorder } from '../server/src/sla/sli-recorder.js';
import { openSqliteStore } from '../server/src/store/sqlite/sqlite-store.js';
import { measure } from './measure.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-sla-bench-'));
const store = await openSqliteStore(':memory:', { ownUsage: true });
const metrics = new ServiceMetrics();
const recorder = new SliRecorder(store.sli, { slowMs: 2500, counters: metrics, clock: Date.now });
const notices = new QuotaNotices({
  store,
  mailer: outboxMailer(join(dir, 'outbox'), 'b <b@localhost>', () => {}),
  publicUrl: () => 'http://127.0.0.1',
  clock: Date.now,
});
const N = 2_000_000;
let sink = 0;
const empty = measure('empty loop', N, (n) => {
  for (let i = 0; i < n; i++) sink += i & 7;
});
const counting = measure('SliRecorder.answered + QuotaNotices.observed', N, (n) => {
  for (let i = 0; i < n; i++) {
    recorder.answered(1 + (i & 7), 200, 3, 1_764_000_000_000 + i);
    notices.observed(1 + (i & 7), 100_000, 90_000, 1_764_000_000_000);
  }
});
await recorder.close();
const ns = (rate: number) => 1e9 / rate;
const perRequest = ns(counting.medianPerSecond) - ns(empty.medianPerSecond);
console.log(`\nSLA counting per request (median of 7 runs of ${N.toLocaleString('en-US')}, node ${process.version}):`);
console.log(
  `| What | ns per request |\n|---|---:|\n| empty loop | ${ns(empty.medianPerSecond).toFixed(1)} |\n| answered + observed | ${ns(counting.medianPerSecond).toFixed(1)} |\n| added by the SLA | ${perRequest.toFixed(1)} |`,
);
if (sink < 0) console.log(sink);
await store.close();
rmSync(dir, { recursive: true, force: true });
