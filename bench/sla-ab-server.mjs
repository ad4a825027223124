// One server of bench:sla-server's A/B: `serve` of the built server (server/dist), with the SLA's counting as shipped
// (`counted`) or replaced through startServer by a no-op behind the same interface (`uncounted`). Both variants start
// through this file, so they differ in that service only. Run by bench/sla-request-cost.bench.ts. Plain JavaScript on
// the built server, as production runs it (no TypeScript loader in the measured process).
import { loadConfig } from '../server/dist/config.js';
import { drainOnSignals, startServer } from '../server/dist/server.js';

const variant = process.argv[2];
if (variant !== 'counted' && variant !== 'uncounted')
  throw new Error(`usage: sla-ab-server.ts counted|uncounted (got ${variant})`);

/** Counts nothing and folds nothing: the request path without the SLA's counting (SliCounting, server/src/sla/sli-recorder.ts). */
const uncounted = {
  answered() {},
  reportErrors() {},
  flush: async () => {},
  close: async () => {},
};

const config = loadConfig(process.env);
const server = await startServer(config, variant === 'uncounted' ? { sli: uncounted } : {});
drainOnSignals(server, config.drainTimeoutMs);
console.log(`${variant} listening on ${server.url}`);
