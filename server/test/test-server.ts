import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { compose } from '../src/compose.js';
import { loadConfig, type ServerConfig } from '../src/config.js';
import { issueKey } from '../src/store/issue-key.js';
import type { Store } from '../src/store/store.js';
import { TIER_LIMITS, type Tier } from '../src/store/tiers.js';
import type { AccountKeyService } from '../src/accounts/account-key-service.js';
import type { PeopleService } from '../src/accounts/people-service.js';
import type { PlanService } from '../src/accounts/plan-service.js';
import type { AuthThrottle } from '../src/accounts/auth-throttle.js';
import type { Mailer } from '../src/mail/mailer.js';
import { outboxMailer } from '../src/mail/outbox-mailer.js';
import type { SsoVerifierOptions } from '../src/sso/sso-verifier.js';
import type { Billing } from '../src/billing/billing.js';
import { operatorBilling } from '../src/billing/operator-billing.js';

/** A real app on a real port with a real SQLite file in a temp dir. */
export interface TestServer {
  url: string;
  app: FastifyInstance;
  store: Store;
  dir: string;
  dbPath: string;
  /** The account use cases the app serves: people and sign-in, keys, plans and usage. */
  people: PeopleService;
  accountKeys: AccountKeyService;
  plans: PlanService;
  /** The key sealing SSO client secrets (the key file beside the store). */
  secretKey: Uint8Array;
  /** The outbox folder (when no mailer was given). */
  outbox: string;
  /** A fresh live key on a new account. */
  key(tier?: Tier, limits?: { rate: number; monthlyQuota: number }): Promise<{ id: string; key: string }>;
  /** GET with an optional key. */
  get(path: string, key?: string, headers?: Record<string, string>): Promise<Response>;
  /** Closes the app and the store (the file stays, for restart tests). */
  close(): Promise<void>;
  /** Closes everything and deletes the temp dir. */
  destroy(): Promise<void>;
}

let accountCount = 0;

/**
 * Starts a test server; `dir` reuses a store file (restart), `clock` fakes time, `logFile` writes the server's log
 * (info level) to that file, complete once the server is closed; `mailer` and `throttle` replace the accounts' own,
 * `sso` sets the SSO verifier's options, `billing` makes the billing engine (default: no payment, new accounts on
 * Standard, as with USSYNTH_DEFAULT_PLAN=standard).
 */
export async function startTestServer(
  options: {
    dir?: string;
    clock?: () => number;
    config?: Partial<ServerConfig>;
    logFile?: string;
    mailer?: Mailer;
    throttle?: AuthThrottle;
    sso?: SsoVerifierOptions;
    billing?: (deps: { store: Store; publicUrl: () => string }) => Billing;
  } = {},
): Promise<TestServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'ussynth-server-'));
  const dbPath = join(dir, 'store.sqlite');
  const logLevel = options.logFile === undefined ? 'silent' : 'info';
  const config = {
    ...loadConfig({ LOG_LEVEL: logLevel, USSYNTH_DB: dbPath, USSYNTH_WEB_DIR: '' }),
    webDir: null,
    ...options.config,
  };
  const clock = options.clock ?? Date.now;
  const outbox = join(dir, 'outbox');
  const mailer = options.mailer ?? outboxMailer(outbox, 'ussynth <no-reply@localhost>', () => {});
  // The server's composition root (compose.ts) on the SQLite file, with the test's parts; no payment by default,
  // new accounts on Standard.
  let log: FastifyBaseLogger | undefined;
  const composition = await compose(config, {
    log: () => log,
    overrides: {
      clock,
      mailer,
      throttle: options.throttle,
      ssoOptions: options.sso,
      makeBilling: options.billing ?? (() => operatorBilling('standard')),
    },
  });
  const { services, secretKey, publicUrl } = composition;
  const { store, people, accountKeys, plans } = services;
  const logFd = options.logFile === undefined ? undefined : openSync(options.logFile, 'w');
  const app = await buildApp(config, services, { logFd, publicUrl });
  log = app.log;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  composition.listening(url);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await app.connections.allClosed();
    // After the app's own close, which writes out the buffered log lines.
    if (logFd !== undefined) closeSync(logFd);
    await composition.close();
  };
  return {
    url,
    app,
    store,
    dir,
    dbPath,
    people,
    accountKeys,
    plans,
    secretKey,
    outbox,
    async key(tier = 'enterprise', limits) {
      const chosen = limits ?? (tier === 'enterprise' ? { rate: 100_000, monthlyQuota: 1e12 } : TIER_LIMITS[tier]);
      return issueKey(store, { name: `account-${process.pid}-${++accountCount}`, tier, ...chosen }, 'live', clock());
    },
    get(path, key, headers = {}) {
      return fetch(url + path, { headers: key === undefined ? headers : { 'x-api-key': key, ...headers } });
    },
    close,
    async destroy() {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
