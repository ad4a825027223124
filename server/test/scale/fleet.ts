import { freePort } from '../../../test/infra/free-port.js';
import { startHaproxy, type TestHaproxy } from '../../../test/infra/haproxy.js';
import { psql, startPostgres, type TestPostgres } from '../../../test/infra/postgres-server.js';
import { startRedis, type TestRedis } from '../../../test/infra/redis-server.js';
import { keysCreate, serve, type ServeProcess, type SpawnOptions } from '../serve-process.js';

/** Several `ussynth-server serve` processes on one PostgreSQL and one Redis, behind haproxy: the deployment of docs/deploy.md. */
export interface Fleet {
  pg: TestPostgres;
  redis: TestRedis;
  haproxy: TestHaproxy;
  /** The store's URL. */
  db: string;
  /** The environment every instance and command gets. */
  options: SpawnOptions;
  /** The running instances (undefined while stopped), by index. */
  instances: (ServeProcess | undefined)[];
  /** Each instance's fixed port (so haproxy finds a restarted instance again). */
  ports: number[];
  /** Starts instance `i` (again) on its port. */
  start(i: number): Promise<ServeProcess>;
  /** Stops instance `i` with `signal` and waits for it to exit; its exit status and what it printed. */
  stop(i: number, signal: NodeJS.Signals): Promise<{ code: number | null; output: string }>;
  /** A new Enterprise key on a new account. */
  key(account: string, rate: number, quota: number): string;
  /** Records the account used this month, read from PostgreSQL itself. */
  used(account: string): number;
  /** Stops everything. */
  destroy(): Promise<void>;
}

/**
 * Starts PostgreSQL, Redis, `count` instances and haproxy on loopback; `instanceEnv` adds variables per instance.
 * @example const fleet = await startFleet(3); const key = fleet.key('acme', 100, 50_000); await fetch(fleet.haproxy.url + '/v1/ein', { headers: { 'x-api-key': key } });
 */
export async function startFleet(
  count: number,
  instanceEnv: (i: number) => NodeJS.ProcessEnv = () => ({}),
): Promise<Fleet> {
  const pg = await startPostgres();
  const redis = await startRedis();
  const db = pg.createDatabase('fleet');
  const options: SpawnOptions = {
    env: {
      ...process.env,
      USSYNTH_DB: db,
      USSYNTH_REDIS_URL: redis.url,
      USSYNTH_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      USSYNTH_TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const instances: (ServeProcess | undefined)[] = [];
  const start = async (i: number) => {
    instances[i] = await serve({ env: { ...options.env, ...instanceEnv(i), PORT: String(ports[i]) } }, '--no-dev-key');
    return instances[i]!;
  };
  // Together, as a deployment starts them: the migrations' advisory lock lets one apply them.
  await Promise.all(ports.map((_, i) => start(i)));
  const haproxy = await startHaproxy(ports);
  return {
    pg,
    redis,
    haproxy,
    db,
    options,
    instances,
    ports,
    start,
    async stop(i, signal) {
      const instance = instances[i];
      instances[i] = undefined;
      if (!instance) return { code: null, output: '' };
      if (instance.child.exitCode === null) instance.child.kill(signal);
      const code = await instance.exited;
      return { code, output: instance.output() + instance.errors() };
    },
    key: (account, rate, quota) => keysCreate(options, account, rate, quota),
    used(account) {
      return Number(
        psql(
          db,
          `SELECT coalesce(sum(u.records), 0) FROM usage u JOIN accounts a ON a.id = u.account_id WHERE a.name = '${account}'`,
        ),
      );
    },
    async destroy() {
      await haproxy.stop();
      for (const instance of instances) instance?.child.kill('SIGKILL');
      await redis.stop();
      pg.destroy();
    },
  };
}
