import { defineConfig } from 'vitest/config';

// Three projects; `npm test` (and CI) runs all three, `npm run test:unit` only the first.
//
// - unit: the library, the command line's logic and the server's logic called in process (services, stores on real
//   SQLite files, schemas, configuration): nothing that listens on a port or waits on connections. The quick loop,
//   which `npm run test:unit` runs on two workers (vitest's default on 2 cores is one) without isolating the files
//   from each other (`isolate: false`: each worker imports a module once, not once per file, which halved the CPU
//   time; the tests keep no state in modules, mock nothing and leave the environment as they found it). Times in
//   docs/development.md.
// - system: what starts a server or a process and waits on it, each file listed below under what it needs.
// - serial: the system tests whose failure timings (a restart, a drain) must not depend on everything else running,
//   one file at a time after the rest.
// A file that starts a server (the app on a real port, SMTP, OpenID, PostgreSQL, Redis, haproxy, a bare socket), a
// `ussynth-server serve` process, a command line's binary or any other process, or the data build, or that runs for
// tens of seconds on its own, belongs in `system` (docs/development.md, *Tests*); test/vitest-projects.test.ts fails
// on a file in no project, and on a `unit` file that imports node:child_process, node:net or node:http, or the
// helpers that spawn or start servers.
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
  'test/load/reload-created-table.test.ts',
  'test/load/table-access.test.ts',
  'test/load/target-secrets.test.ts',
  'test/load/load-tables.test.ts',
  'test/cli/commands/household.test.ts',
  'test/cli/commands/employee.test.ts',
  // `ussynth seed` into real SQLite files and files on disk, a process interrupted mid-write.
  'test/cli/commands/seed.test.ts',
  'test/records/formats/sql-postgres.test.ts',
  // `ussynth seed` into PostgreSQL and MariaDB (test/infra): tables read or created and filled, SIGINT mid-load.
  'test/cli/commands/seed-servers.test.ts',
  // PostgreSQL and MariaDB whose catalogues the seed planner reads.
  'test/seed/read-server-schemas.test.ts',
  // A seed of several tables into a SQLite file, PostgreSQL and MariaDB (test/infra), aborted and refused mid-load.
  'test/seed/seed-database.test.ts',
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
  'server/test/cli/serve-dev-plan.test.ts',
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
  'test/client/related-records.test.ts',
  'test/random/seed-rule-surfaces.test.ts',
  // The command lines' binaries run as processes (test/cli/run-binary.ts, or spawned directly), or another process
  // the test starts and waits on (a second Node for determinism, a slow log reader through `sh`).
  'server/test/cli/terminal-text.test.ts',
  'server/test/observability/log-stream.test.ts',
  'test/cli/commands/address.test.ts',
  'test/cli/commands/batch.test.ts',
  'test/cli/commands/company.test.ts',
  'test/cli/commands/ein.test.ts',
  'test/cli/commands/fields.test.ts',
  'test/cli/commands/phone.test.ts',
  'test/cli/commands/service-command.test.ts',
  'test/cli/commands/zip.test.ts',
  'test/records/chunks/chunk-source.test.ts',
  'test/cli/jobs/remote-source.test.ts',
  'test/cli/jobs/run-parquet-job.test.ts',
  'test/cli/jobs/run-record-job.test.ts',
  'test/cli/jobs/shard.test.ts',
  'test/records/formats/record-file.test.ts',
  'test/generator/determinism.test.ts',
  // Other long runs: 1,300 fuzzed requests through every /v1 route; a TypeScript compile of a client generated
  // from the served OpenAPI document; the demo's bundle and pages built twice (esbuild, brotli).
  'server/test/routes/v1/fuzz.test.ts',
  'server/test/routes/v1/docs/openapi-client.test.ts',
  'test/web/build.test.ts',
  // promtool checking and unit-testing the shipped alerting rules.
  'server/test/docs/prometheus-rules.test.ts',
  // The app on a real port (server/test/test-server.ts: every route test end to end over HTTP, the sign-up and
  // sign-in flows with their argon2 hashes, the rate limits and month rollovers waited out on the clock), and the
  // other servers started in process on loopback: SMTP (server/test/smtp-test-server.ts, with a connection left to
  // time out), OpenID (server/test/oidc-test-provider.ts), a bare HTTP server for the API client's retries, and the
  // stall sweeper's socket read slowly for seconds (server/test/raw-http.ts).
  'server/test/app.test.ts',
  'server/test/timeouts.test.ts',
  'server/test/access/auth-failures.test.ts',
  'server/test/access/authenticate.test.ts',
  'server/test/access/debit-then-serve.test.ts',
  'server/test/access/refund-undelivered.test.ts',
  'server/test/access/require-sso-token.test.ts',
  'server/test/accounts/half-created.test.ts',
  'server/test/accounts/quota-notices.test.ts',
  'server/test/billing/stripe-billing.test.ts',
  'server/test/billing/stripe-webhook-bodies.test.ts',
  'server/test/connections/stall-sweeper.test.ts',
  'server/test/docs/api-doc.test.ts',
  'server/test/mail/smtp-mailer.test.ts',
  'server/test/problem/connect-handler.test.ts',
  'server/test/routes/account/account-api.test.ts',
  'server/test/routes/account/account-hardening.test.ts',
  'server/test/routes/account/verify-sign-in.test.ts',
  'server/test/routes/account/sso.test.ts',
  'server/test/routes/favicon/index.test.ts',
  'server/test/routes/health/index.test.ts',
  'server/test/routes/root/index.test.ts',
  'server/test/routes/v1/docs/index.test.ts',
  'server/test/routes/v1/fields.test.ts',
  'server/test/routes/v1/geo.test.ts',
  'server/test/routes/v1/related.test.ts',
  'server/test/sla/account-sla.test.ts',
  'server/test/sla/sli-counting.test.ts',
  'server/test/sla/slow-reader.test.ts',
  'server/test/sso/foreign-domain-sign-in.test.ts',
  'server/test/sso/jwks-keys.test.ts',
  'server/test/sso/test-provider-output.test.ts',
  'server/test/sso/provider-documents.test.ts',
  'test/client/api-request.test.ts',
  // A bare HTTP server on loopback serving the household data to ussynth/browser's loader.
  'test/browser-household-data.test.ts',
];
// The packages installed by npm into an empty project; three instances on PostgreSQL, Redis and haproxy, stopped
// and restarted under load. On a 2-core machine, sharing it with the parallel files made their failure timings
// depend on everything else running.
const SERIAL = [
  'test/package/install.test.ts',
  'test/package/operator-commands.test.ts',
  'server/test/scale/**/*.test.ts',
];
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
          // Each worker keeps the modules it imported for its next file (see the top).
          isolate: false,
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
