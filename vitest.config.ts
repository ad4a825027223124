import { defineConfig } from 'vitest/config';

// Three projects; `npm test` (and CI) runs all three, `npm run test:unit` only the first.
//
// - unit: the library, the command line's logic and the server's logic in process (the app on a real port, real
//   SQLite files, real SMTP and OpenID test servers on loopback): the quick loop, which `npm run test:unit` runs on
//   two workers (vitest's default on 2 cores is one; times in docs/development.md).
// - system: what starts other servers or processes and waits on them, each file listed below under what it needs.
// - serial: the system tests whose failure timings (a restart, a drain) must not depend on everything else running,
//   one file at a time after the rest.
// A file that starts PostgreSQL, Redis or haproxy, a `ussynth-server serve` process, a command line's binary or any
// other process, or the data build, or that runs for tens of seconds on its own, belongs in `system`
// (docs/development.md, *Tests*); test/vitest-projects.test.ts fails on a file in no project, and on a `unit` file
// that imports node:child_process or the helpers that spawn.
const SYSTEM = [
  // The full data build into a temporary folder (a hook of up to 300 s), and `ussynth data check`, which runs it.
  'test/pipeline/build.test.ts',
  'test/cli/commands/data.test.ts',
  // PostgreSQL started on loopback (test/infra/postgres-server.ts).
  'server/test/billing/stripe-webhook-postgres.test.ts',
  'server/test/limits/leased-quota.test.ts',
  'server/test/sso/sign-in-across-instances.test.ts',
  'server/test/store/backup-restore.test.ts',
  'server/test/store/kysely-accounts.test.ts',
  'server/test/store/postgres/*.test.ts',
  'server/test/store/store-migrations.test.ts',
  'server/test/store/upgrade.test.ts',
  'server/test/store/kysely-sli.test.ts',
  // PostgreSQL and MariaDB (test/infra/mariadb-server.ts) loaded by `--to`, processes killed mid-load; SQLite alike.
  'test/load/postgres-load.test.ts',
  'test/load/mysql-load.test.ts',
  'test/load/sqlite-load.test.ts',
  'test/cli/output/sql-postgres.test.ts',
  // Redis started on loopback (test/infra/redis-server.ts).
  'server/test/accounts/auth-throttle.test.ts',
  'server/test/limits/redis-token-bucket.test.ts',
  // haproxy started on loopback (test/infra/haproxy.ts).
  'server/test/docs/haproxy-tls.test.ts',
  // Another Node from the registry (Node 20.11).
  'server/test/runtime/node-version.test.ts',
  // `ussynth-server serve` processes (server/test/serve-process.ts, test/client/spawned-server.ts), or the
  // operator commands run many times as processes.
  'server/test/cli/accounts.test.ts',
  'server/test/cli/accounts-sso.test.ts',
  'server/test/cli/keys.test.ts',
  'server/test/cli/serve.test.ts',
  'server/test/routes/v1/batch/batch-threads.test.ts',
  'server/test/connections/connection-guard.test.ts',
  'server/test/problem/error-handler.test.ts',
  'server/test/observability/redacted-url.test.ts',
  'server/test/server.test.ts',
  'server/test/sla/status-page.test.ts',
  'test/fields/fields-surfaces.test.ts',
  'server/test/store/sqlite/store-failures.test.ts',
  'server/test/store/sqlite/store-file.test.ts',
  'server/test/store/sqlite/write-lock-probe.test.ts',
  'test/cli/jobs/remote-chunks.test.ts',
  'test/client/client.test.ts',
  'test/client/index.test.ts',
  'test/client/record-pages.test.ts',
  'test/random/seed-rule-surfaces.test.ts',
  // The command lines' binaries run as processes (test/cli/run-binary.ts, or spawned directly), or another process
  // the test starts and waits on (a second Node for determinism, a slow log reader through `sh`).
  'server/test/cli/terminal-text.test.ts',
  'server/test/observability/log-stream.test.ts',
  'test/cli/commands/address.test.ts',
  'test/cli/commands/batch.test.ts',
  'test/cli/commands/ein.test.ts',
  'test/cli/commands/fields.test.ts',
  'test/cli/commands/phone.test.ts',
  'test/cli/commands/service-command.test.ts',
  'test/cli/commands/zip.test.ts',
  'test/cli/jobs/chunk-source.test.ts',
  'test/cli/jobs/remote-source.test.ts',
  'test/cli/jobs/run-parquet-job.test.ts',
  'test/cli/jobs/run-record-job.test.ts',
  'test/cli/jobs/shard.test.ts',
  'test/cli/output/record-file.test.ts',
  'test/generator/determinism.test.ts',
  // Other long runs: 1,300 fuzzed requests through every /v1 route; a TypeScript compile of a client generated
  // from the served OpenAPI document; the demo's bundle and pages built twice (esbuild, brotli).
  'server/test/routes/v1/fuzz.test.ts',
  'server/test/routes/v1/docs/openapi-client.test.ts',
  'test/web/build.test.ts',
  // promtool checking and unit-testing the shipped alerting rules.
  'server/test/docs/prometheus-rules.test.ts',
];
// The packages installed by npm into an empty project; three instances on PostgreSQL, Redis and haproxy, stopped
// and restarted under load. On a 2-core machine, sharing it with the parallel files made their failure timings
// depend on everything else running.
const SERIAL = ['test/package/install.test.ts', 'test/package/operator-commands.test.ts', 'server/test/scale/**/*.test.ts'];
const BROWSER = ['test/e2e/**', 'server/test/e2e/**'];
const shared = { testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'server/test/**/*.test.ts'],
          exclude: [...BROWSER, '**/node_modules/**', ...SYSTEM, ...SERIAL],
          ...shared,
        },
      },
      {
        test: {
          name: 'system',
          include: SYSTEM,
          // The data build alone takes 20 s on a quiet machine and over 2 minutes at a load average of 20 (where
          // `ussynth data check` and the demo's build passed 60 s: issue 36's measurement of npm test).
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'serial',
          include: SERIAL,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          ...shared,
        },
      },
    ],
  },
});
