// Benchmark of the REST API against a bare Fastify route, measured in the same run.
// Run: npm run bench:server   (BENCH_ROUNDS=5 BENCH_SECONDS=4 BENCH_CONNECTIONS=10 BENCH_PIPELINING=1 by default)
// A/B: BENCH_BUILDS='plain=/tmp/copy/server/dist/cli/main.js,...' also serves other builds of the API (another built
// checkout each), whose ZIP, EIN and batch rows (and, with the scaled row, its ZIP on PostgreSQL + Redis, a database of its
// own) join the same interleaved rounds; BENCH_ROWS=zip,ein (of
// zip,sso,ein,batch,scaled; the bare row always runs) leaves the other rows out; BENCH_RAW=file.json keeps every round's
// figures. Words after a build's path set its environment: BENCH_BUILDS='inline=server/dist/cli/main.js
// USSYNTH_BATCH_THREADS=0' serves this checkout again without batch workers. Two checkouts of the same commit give the A/A noise. BENCH_CPU_PROF=dir starts every server with
// --cpu-prof into dir/<name>/ (written when it exits at the end); `npm run bench:profile -- dir/<name>` sums it.
// Every server is a separate process, as in production; autocannon runs in this one (with the test OpenID
// Provider of the SSO row, which only issues one token and answers one JWKS fetch before the measurement).
// The rows are measured in interleaved rounds (bare, zip, zip with an SSO token, ein, batch, then again): on a shared 2-vCPU
// machine the same bare route swings between about 38k and 62k req/s from one minute to the next, so a
// ratio taken from two runs minutes apart says more about the machine than about the server. Each
// round's ratio compares runs seconds apart; the table gives the median over the rounds.
import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startPostgres } from '../test/infra/postgres-server.js';
import { startRedis } from '../test/infra/redis-server.js';
import { startOidcProvider } from '../server/test/oidc-test-provider.js';
import { median } from './measure.js';
import { cpuMs, createBenchKey, mainThreadNs, startServerProcess, stopServerProcesses } from './server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PIPELINING = Number(process.env.BENCH_PIPELINING ?? 1);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const ROWS = new Set((process.env.BENCH_ROWS ?? 'bare,zip,sso,ein,batch,scaled').split(','));
const BUILDS = (process.env.BENCH_BUILDS ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => {
    // name=path/to/main.js, then any VAR=value words: that build's own environment (e.g. USSYNTH_BATCH_THREADS=0).
    const [main, ...vars] = entry
      .slice(entry.indexOf('=') + 1)
      .trim()
      .split(/\s+/);
    return {
      name: entry.slice(0, entry.indexOf('=')),
      main,
      env: Object.fromEntries(
        vars.map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
      ),
    };
  });
const root = new URL('..', import.meta.url).pathname;
const CPU_PROF = process.env.BENCH_CPU_PROF;

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/bare', { schema: { response: { 200: { type: 'object', properties: { ein: { type: 'string' } } } } } }, async () => ({ ein: '12-3456789' }));
await app.listen({ host: '127.0.0.1', port: 0 });
console.log('listening on http://127.0.0.1:' + app.server.address().port);
`;

// Every server is started with --cpu-prof into BENCH_CPU_PROF/<name>/ when that is set.
const start = (name: string, args: string[], env: NodeJS.ProcessEnv) =>
  startServerProcess(dir, name, args, env, CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${join(CPU_PROF, name)}`] : []);

async function measure(url: string, headers: Record<string, string> = {}, seconds = SECONDS, pid?: number) {
  const before = pid === undefined ? null : cpuMs(pid);
  const loopBefore = pid === undefined ? null : mainThreadNs(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    duration: seconds,
    headers,
  });
  const after = pid === undefined ? null : cpuMs(pid);
  const loopAfter = pid === undefined ? null : mainThreadNs(pid);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const serverUs = before === null || after === null ? null : ((after - before) * 1000) / result.requests.total;
  // The main thread's share: the rest of the server's CPU time is its worker threads' (batch bodies, GC helpers).
  const loopUs =
    loopBefore === null || loopAfter === null ? null : (loopAfter - loopBefore) / 1000 / result.requests.total;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, serverUs, loopUs };
}

const dir = mkdtempSync(join(tmpdir(), 'ussynth-bench-'));
const env = { USSYNTH_DB: join(dir, 'store.sqlite'), PORT: '0', LOG_LEVEL };
const key = await createBenchKey('bench', env);

// An Enterprise account with SSO: its key needs an access token of its provider; the row repeats one token, as a
// CI job does for the token's lifetime. Run without blocking: the provider answers the command's discovery.
const idp = ROWS.has('sso')
  ? await startOidcProvider({ redirectUris: ['http://127.0.0.1/signin/sso/callback'], accessTokenTtl: 3600 })
  : undefined;
let ssoKey = '';
let token = '';
if (idp) {
  ssoKey = await createBenchKey('bench-sso', env);
  await promisify(execFile)(
    process.execPath,
    [
      'server/dist/cli/main.js',
      'accounts',
      'sso',
      'set',
      'bench-sso',
      '--issuer',
      idp.issuer,
      '--client-id',
      idp.dashboard.id,
      '--client-secret',
      idp.dashboard.secret,
      '--audience',
      idp.audience,
    ],
    { cwd: root, env: { ...process.env, ...env } },
  );
  token = await idp.accessToken();
}

// The scale-out instance: the same server on a real PostgreSQL and Redis started on loopback (docs/deploy.md), the
// PostgreSQL at its default durability (fsync on), as production runs it.
const postgres = ROWS.has('scaled') ? await startPostgres({ durable: true }) : undefined;
const redis = ROWS.has('scaled') ? await startRedis() : undefined;
const scaledEnv = {
  USSYNTH_DB: postgres?.createDatabase('bench') ?? '',
  USSYNTH_REDIS_URL: redis?.url ?? '',
  USSYNTH_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
  PORT: '0',
  LOG_LEVEL,
};
const scaledKey = postgres ? await createBenchKey('bench', scaledEnv) : '';

const bare = await start('bare', ['--input-type=module', '-e', BARE_SERVER], {});
const api = await start('api', ['server/dist/cli/main.js', 'serve', '--no-dev-key'], env);
const scaled = ROWS.has('scaled')
  ? await start('scaled', ['server/dist/cli/main.js', 'serve', '--no-dev-key'], scaledEnv)
  : undefined;
// The other builds: each on a store of its own (one server per store file), with a key made by that build's own CLI (an
// older build's store has fewer migrations than this build's CLI would run).
const others: {
  name: string;
  child: ChildProcess;
  url: string;
  key: string;
  scaled?: { child: ChildProcess; url: string; key: string };
}[] = [];
for (const build of BUILDS) {
  const buildEnv = { ...env, ...build.env, USSYNTH_DB: join(dir, `${build.name}.sqlite`) };
  const buildKey = await createBenchKey('bench', buildEnv, build.main);
  const server = await start(build.name, [build.main, 'serve', '--no-dev-key'], buildEnv);
  let scaledBuild: { child: ChildProcess; url: string; key: string } | undefined;
  if (postgres) {
    const buildScaledEnv = {
      ...scaledEnv,
      ...build.env,
      USSYNTH_DB: postgres.createDatabase(`bench_${build.name.replace(/\W/g, '_')}`),
    };
    const buildScaledKey = await createBenchKey('bench', buildScaledEnv, build.main);
    scaledBuild = {
      ...(await start(`${build.name}-scaled`, [build.main, 'serve', '--no-dev-key'], buildScaledEnv)),
      key: buildScaledKey,
    };
  }
  others.push({ name: build.name, ...server, key: buildKey, scaled: scaledBuild });
}
try {
  const auth = { 'x-api-key': key };
  type Row = {
    row: string;
    build: string;
    name: string;
    url: string;
    headers: Record<string, string>;
    pid: number | undefined;
  };
  const allRoutes: Row[] = [
    {
      row: 'bare',
      build: '',
      name: 'bare Fastify GET /bare',
      url: `${bare.url}/bare`,
      headers: {},
      pid: bare.child.pid,
    },
    {
      row: 'zip',
      build: 'this',
      name: 'GET /v1/zip/10001 (key, limits, usage)',
      url: `${api.url}/v1/zip/10001`,
      headers: auth,
      pid: api.child.pid,
    },
    {
      row: 'sso',
      build: 'this',
      name: 'GET /v1/zip/10001 (key + SSO token, repeated)',
      url: `${api.url}/v1/zip/10001`,
      headers: { 'x-api-key': ssoKey, authorization: `Bearer ${token}` },
      pid: api.child.pid,
    },
    {
      row: 'ein',
      build: 'this',
      name: 'GET /v1/ein (key, limits, usage)',
      url: `${api.url}/v1/ein`,
      headers: auth,
      pid: api.child.pid,
    },
    {
      row: 'batch',
      build: 'this',
      name: 'GET /v1/batch?count=1000',
      url: `${api.url}/v1/batch?count=1000`,
      headers: auth,
      pid: api.child.pid,
    },
    ...(scaled
      ? [
          {
            row: 'scaled',
            build: 'this',
            name: 'GET /v1/zip/10001 on PostgreSQL + Redis',
            url: `${scaled.url}/v1/zip/10001`,
            headers: { 'x-api-key': scaledKey },
            pid: scaled.child.pid,
          },
        ]
      : []),
    ...others.flatMap((other) => [
      {
        row: 'zip',
        build: other.name,
        name: `GET /v1/zip/10001, build ${other.name}`,
        url: `${other.url}/v1/zip/10001`,
        headers: { 'x-api-key': other.key },
        pid: other.child.pid,
      },
      {
        row: 'ein',
        build: other.name,
        name: `GET /v1/ein, build ${other.name}`,
        url: `${other.url}/v1/ein`,
        headers: { 'x-api-key': other.key },
        pid: other.child.pid,
      },
      {
        row: 'batch',
        build: other.name,
        name: `GET /v1/batch?count=1000, build ${other.name}`,
        url: `${other.url}/v1/batch?count=1000`,
        headers: { 'x-api-key': other.key },
        pid: other.child.pid,
      },
      ...(other.scaled
        ? [
            {
              row: 'scaled',
              build: other.name,
              name: `GET /v1/zip/10001 on PostgreSQL + Redis, build ${other.name}`,
              url: `${other.scaled.url}/v1/zip/10001`,
              headers: { 'x-api-key': other.scaled.key },
              pid: other.scaled.child.pid,
            },
          ]
        : []),
    ]),
  ];
  // The bare row always runs: every ratio is taken against it.
  const routes = allRoutes.filter((route) => route.row === 'bare' || ROWS.has(route.row));
  const index = (row: string, build = 'this') =>
    routes.findIndex((route) => route.row === row && route.build === build);
  // Warm-up (JIT, caches), then the measured rounds; each round starts one row further on (the bare row stays
  // first), so that no build always runs right after the same neighbour.
  for (const route of routes) await measure(route.url, route.headers, 2);
  const runs = routes.map(
    () => [] as { rps: number; p50: number; p99: number; serverUs: number | null; loopUs: number | null }[],
  );
  for (let round = 0; round < ROUNDS; round++) {
    const rest = routes.length - 1;
    const order = [0, ...Array.from({ length: rest }, (_, k) => 1 + ((k + round) % rest))];
    for (const i of order) runs[i].push(await measure(routes[i].url, routes[i].headers, SECONDS, routes[i].pid));
  }
  const ratios = (i: number, base = 0) => runs[i].map((run, round) => run.rps / runs[base][round].rps);
  const serverUs = (i: number) => {
    const all = runs[i].map((r) => r.serverUs);
    return all.every((us): us is number => us !== null) ? median(all).toFixed(1) : 'n/a';
  };
  const summary = (i: number) => ({
    rps: median(runs[i].map((r) => r.rps)),
    p50: median(runs[i].map((r) => r.p50)),
    p99: median(runs[i].map((r) => r.p99)),
    cpu: serverUs(i),
  });
  const range = (all: number[]) => `${Math.min(...all).toFixed(2)}-${Math.max(...all).toFixed(2)}`;
  const ratioText = (i: number) =>
    `${median(ratios(i)).toFixed(2)} of bare (rounds ${range(ratios(i))}; target >= 0.60)`;
  const rows = routes.map((route, i) => {
    let extra = ratioText(i);
    if (route.row === 'bare')
      extra = `1.00 (baseline; rounds ${Math.round(Math.min(...runs[i].map((r) => r.rps))).toLocaleString('en-US')}-${Math.round(Math.max(...runs[i].map((r) => r.rps))).toLocaleString('en-US')} req/s)`;
    if (route.row === 'sso' && index('zip') >= 0) {
      const tokenRatios = ratios(i, index('zip'));
      extra = `${median(tokenRatios).toFixed(2)} of key-only ZIP (rounds ${range(tokenRatios)}; target >= 0.90); ${extra}`;
    }
    if (route.row === 'scaled' && index('zip', route.build) >= 0) {
      const scaledRatios = ratios(i, index('zip', route.build));
      extra = `${median(scaledRatios).toFixed(2)} of the embedded ZIP (rounds ${range(scaledRatios)}; target >= 0.80); server CPU excludes PostgreSQL's and Redis'`;
    }
    if (route.row === 'batch') {
      // What one core of the server makes per second of its own CPU time: the ceiling where the server has a core to
      // itself; on a loaded machine a steadier figure than the records the client got.
      const cpu = Number(summary(i).cpu);
      const perCpu = Number.isFinite(cpu)
        ? `; ${Math.round(1e9 / cpu).toLocaleString('en-US')} records per server CPU second`
        : '';
      const loops = runs[i].map((r) => r.loopUs);
      const loop = loops.every((us): us is number => us !== null)
        ? `; main thread ${median(loops).toFixed(0)} µs/request`
        : '';
      extra = `${Math.round(summary(i).rps * 1000).toLocaleString('en-US')} records/s (target >= 400,000, issue 33)${perCpu}${loop}`;
    }
    return { name: route.name, ...summary(i), extra };
  });

  // Counted in the bytes: a run writes more than the longest string V8 allows.
  const log = readFileSync(api.log);
  let logLines = 0;
  for (let at = log.indexOf('"msg":"request"'); at >= 0; at = log.indexOf('"msg":"request"', at + 1)) logLines++;
  console.log(
    `\nREST API benchmark: ${CONNECTIONS} connections, pipelining ${PIPELINING}, ${ROUNDS} interleaved rounds of ${SECONDS} s per row (medians), LOG_LEVEL=${LOG_LEVEL} (${logLines.toLocaleString('en-US')} request log lines written), node ${process.version}\n`,
  );
  console.log('| Route | req/s | p50 ms | p99 ms | server CPU µs/request | Ratio / throughput |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50} | ${r.p99} | ${r.cpu} | ${r.extra} |`,
    );

  // Each other build against this one: server CPU per request, round by round (the rows of a round run seconds apart).
  if (process.env.BENCH_RAW)
    writeFileSync(
      process.env.BENCH_RAW,
      JSON.stringify(routes.map((route, i) => ({ row: route.row, build: route.build, rounds: runs[i] }))),
    );
  if (others.length > 0) {
    const cpuRatios = (i: number, base: number) =>
      runs[i].map((run, round) => (run.serverUs ?? NaN) / (runs[base][round].serverUs ?? NaN));
    console.log(
      "\n| Build | route | server CPU µs/request | CPU of this build's (median of rounds, range) | req/s of this build's (median of rounds, range) | req/s ratio to bare |",
    );
    console.log('|---|---|---:|---|---|---|');
    for (const build of ['this', ...others.map((other) => other.name)]) {
      for (const row of ['zip', 'ein', 'batch', 'scaled']) {
        const i = index(row, build);
        if (i < 0) continue;
        const against = cpuRatios(i, index(row));
        const throughput = ratios(i, index(row));
        console.log(
          `| ${build} | ${row} | ${serverUs(i)} | ${median(against).toFixed(3)} (${range(against)}) | ${median(throughput).toFixed(3)} (${range(throughput)}) | ${median(ratios(i)).toFixed(2)} (${range(ratios(i))}) |`,
        );
      }
    }
  }
} finally {
  // Stopped and waited for: a profile is written when its process exits.
  const children = [
    bare.child,
    api.child,
    ...others.flatMap((other) => [other.child, ...(other.scaled ? [other.scaled.child] : [])]),
    ...(scaled ? [scaled.child] : []),
  ];
  await stopServerProcesses(children);
  await idp?.stop();
  await redis?.stop();
  postgres?.destroy();
  rmSync(dir, { recursive: true, force: true });
}
