import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_STORE_PATH, storeLocation, storePath, type StoreLocation } from './store/default-path.js';
import { secretKeyProblem } from './sso/secret-key.js';
import { loadBillingConfig, type BillingConfig } from './billing/billing-config.js';
import { loadSlaConfig, type SlaConfig } from './sla/sla-config.js';

/** Everything the server reads from its environment, validated once at start-up. */
export interface ServerConfig {
  /** Interface to listen on (HOST, default 127.0.0.1). */
  host: string;
  /** TCP port (PORT, default 3000; 0 picks a free one). */
  port: number;
  /** Key store file (USSYNTH_DB, default ./.ussynth/store.sqlite) when the store is SQLite. */
  dbPath: string;
  /** The store: the SQLite file, or PostgreSQL when USSYNTH_DB is a postgres:// URL. */
  store: StoreLocation;
  /** Redis for the limits all instances share (USSYNTH_REDIS_URL, redis:// or rediss://), or null: this process's own. */
  redisUrl: string | null;
  /** A port of its own for /metrics (USSYNTH_METRICS_PORT), or null: /metrics on the main port. */
  metricsPort: number | null;
  /** Proxies whose X-Forwarded-For is believed for the client's address (USSYNTH_TRUST_PROXY: addresses or CIDRs, comma-separated), or null. */
  trustProxy: string[] | null;
  /** Folder of the built browser demo served at `/`, or null when it is not built (USSYNTH_WEB_DIR, default <package>/web-dist). */
  webDir: string | null;
  /** pino level (LOG_LEVEL, default info). */
  logLevel: string;
  /** Time allowed to receive the request headers (<= 10 s). */
  headersTimeoutMs: number;
  /** Time allowed to receive the whole request (<= 30 s). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Longest request target (path and query) before 414. */
  maxUrlLength: number;
  /** Largest request head (request line and headers) before 431. */
  maxHeaderBytes: number;
  /** Largest request body (the API takes none) before 413. */
  bodyLimit: number;
  /** How long SIGTERM lets connections take their responses before closing them (undelivered ones are refunded). */
  drainTimeoutMs: number;
  /** The URL customers use (USSYNTH_PUBLIC_URL, e.g. https://api.example.com), or null: http://HOST:PORT as listening. */
  publicUrl: string | null;
  /** SMTP server for account e-mail (USSYNTH_SMTP_URL, smtp:// or smtps://), or null: write .eml files to the outbox. */
  smtpUrl: string | null;
  /** Sender of account e-mail (USSYNTH_MAIL_FROM). */
  mailFrom: string;
  /** Folder of the outbox when there is no SMTP server (USSYNTH_OUTBOX, default beside the store). */
  outboxDir: string;
  /** This instance's journal of writes the store could not take yet (USSYNTH_PENDING_FILE), or null: kept in memory only. */
  pendingFile: string | null;
  /** Responses one connection may have in the making at once (admitted, not yet written to the kernel). */
  maxActivePerConnection: number;
  /** Pipelined requests that may wait behind those; the next is refused (429) and the connection closed after it. */
  maxWaitingPerConnection: number;
  /** A connection whose unsent output makes no progress for this long is closed. */
  stallTimeoutMs: number;
  /** Records one connection may have in the making at once (a larger request still starts alone). */
  maxRecordsPerConnection: number;
  /** Records a connection's pipelined requests may ask for together (past it, 429 and the connection closed). */
  maxRecordsPipelined: number;
  /** Records one API key may have in the making at once on an instance, over all its connections. */
  maxRecordsPerKey: number;
  /** Failed authentications per second (and burst) allowed per client address before 429. */
  authFailuresPerSecond: number;
  /** Worker threads that make /v1/batch bodies (USSYNTH_BATCH_THREADS, 0-16; default 2 on 4 cores or more, else 0; 0: on the event loop). */
  batchThreads: number;
  /** Key that seals SSO client secrets (USSYNTH_SECRET_KEY), or null: the key file beside the store. */
  secretKey: string | null;
  /** How plans are paid for (USSYNTH_BILLING, USSYNTH_DEFAULT_PLAN, USSYNTH_STRIPE_*): see docs/billing.md. */
  billing: BillingConfig;
  /** The SLA's objectives, credits and slow-answer threshold (USSYNTH_SLA_*, USSYNTH_SLI_SLOW_MS): see docs/sla.md. */
  sla: SlaConfig;
}

/** The default web demo folder, next to the package's dist/. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../web-dist', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** A start-up configuration error listing every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and checks the configuration from environment variables; throws
 * ConfigError naming every bad one, so a typo stops the start instead of
 * running with a silent default.
 * @example loadConfig({ PORT: '8080', HOST: '0.0.0.0' }).port // 8080
 */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const problems: string[] = [];
  const port = integerVar(env, 'PORT', 3000, 0, 65535, problems);
  const host = textVar(env, 'HOST') ?? '127.0.0.1';
  if (!/^[0-9A-Za-z.:\-[\]]+$/.test(host))
    problems.push(`HOST must be a host name or IP address, got ${JSON.stringify(host)}`);
  const logLevel = textVar(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(logLevel)}`);
  const webDirGiven = env.USSYNTH_WEB_DIR !== undefined && env.USSYNTH_WEB_DIR !== '' ? env.USSYNTH_WEB_DIR : undefined;
  if (webDirGiven !== undefined && !existsSync(webDirGiven))
    problems.push(`USSYNTH_WEB_DIR ${JSON.stringify(webDirGiven)} does not exist`);
  const publicUrl = urlVar(env, 'USSYNTH_PUBLIC_URL', ['http:', 'https:'], problems);
  if (publicUrl !== null && new URL(publicUrl).pathname !== '/')
    problems.push(
      `USSYNTH_PUBLIC_URL must be an origin without a path, such as https://api.example.com; got ${JSON.stringify(env.USSYNTH_PUBLIC_URL)}`,
    );
  const smtpUrl = urlVar(env, 'USSYNTH_SMTP_URL', ['smtp:', 'smtps:'], problems);
  const mailFrom = textVar(env, 'USSYNTH_MAIL_FROM') ?? 'ussynth <no-reply@localhost>';
  if (!/@[^\s@>]+\.?[^\s@>]*>?$/.test(mailFrom) || /[\r\n]/.test(mailFrom))
    problems.push(
      `USSYNTH_MAIL_FROM must be an address such as "ussynth <no-reply@example.com>"; got ${JSON.stringify(mailFrom)}`,
    );
  const redisUrl = urlVar(env, 'USSYNTH_REDIS_URL', ['redis:', 'rediss:'], problems);
  const batchThreads = integerVar(env, 'USSYNTH_BATCH_THREADS', defaultBatchThreads(), 0, 16, problems);
  const metricsPort =
    textVar(env, 'USSYNTH_METRICS_PORT') === null
      ? null
      : integerVar(env, 'USSYNTH_METRICS_PORT', 0, 0, 65535, problems);
  const trustProxy =
    textVar(env, 'USSYNTH_TRUST_PROXY')
      ?.split(',')
      .map((part) => part.trim()) ?? null;
  if (trustProxy?.some((part) => !/^[0-9A-Fa-f.:]+(?:\/\d{1,3})?$/.test(part))) {
    problems.push(
      `USSYNTH_TRUST_PROXY must be IP addresses or CIDR ranges separated by commas, such as 10.0.0.0/8,127.0.0.1; got ${JSON.stringify(env.USSYNTH_TRUST_PROXY)}`,
    );
  }
  const store = storeLocation(env);
  if (store.engine === 'postgres') urlVar(env, 'USSYNTH_DB', ['postgres:', 'postgresql:'], problems);
  const secretKey = textVar(env, 'USSYNTH_SECRET_KEY');
  const secretKeyFault = secretKey === null ? null : secretKeyProblem(secretKey);
  if (secretKeyFault !== null) problems.push(secretKeyFault);
  // The key file beside a SQLite store is one machine's; instances sharing PostgreSQL must share the key too.
  if (store.engine === 'postgres' && secretKey === null)
    problems.push(
      'USSYNTH_SECRET_KEY is required with a PostgreSQL store (USSYNTH_DB=postgres://...): every instance must seal and open SSO client secrets with the same key',
    );
  const billing = loadBillingConfig(env, problems);
  const sla = loadSlaConfig(env, problems);
  if (billing.mode === 'stripe' && publicUrl === null)
    problems.push(
      'USSYNTH_PUBLIC_URL is required with USSYNTH_BILLING=stripe: Checkout returns the customer to it, and Stripe sends webhooks to it',
    );
  if (problems.length) throw new ConfigError(problems);
  const dbPath = store.engine === 'sqlite' ? store.path : storePath({ USSYNTH_DB: DEFAULT_STORE_PATH });
  const webDir = webDirGiven ?? (existsSync(DEFAULT_WEB_DIR) ? DEFAULT_WEB_DIR : null);
  return {
    host,
    port,
    dbPath,
    store,
    redisUrl,
    metricsPort,
    trustProxy,
    webDir,
    logLevel,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    maxUrlLength: 4096,
    maxHeaderBytes: 16_384,
    bodyLimit: 1024,
    drainTimeoutMs: 10_000,
    publicUrl: publicUrl === null ? null : new URL(publicUrl).origin,
    smtpUrl,
    mailFrom,
    outboxDir: textVar(env, 'USSYNTH_OUTBOX') ?? join(dirname(dbPath), 'outbox'),
    pendingFile: textVar(env, 'USSYNTH_PENDING_FILE'),
    maxActivePerConnection: 8,
    maxWaitingPerConnection: 64,
    stallTimeoutMs: 30_000,
    maxRecordsPerConnection: 1000,
    maxRecordsPipelined: 5000,
    maxRecordsPerKey: 1000,
    authFailuresPerSecond: 10,
    batchThreads,
    secretKey,
    billing,
    sla,
  };
}

/**
 * The default number of /v1/batch worker threads: two on a machine of four cores or more, where the workers have
 * cores of their own beside the event loop (a batch body is about three quarters of a batch request's CPU time; more
 * workers would each hold another copy of the index); none on fewer cores, where the workers only compete with the
 * event loop: on 2 cores the event loop alone served as many batch requests as two workers for less CPU a request
 * (the figures: docs/benchmarks.md#batch-workers).
 * @example defaultBatchThreads() // 0 on a 2-core machine, 2 on 8 cores
 */
export function defaultBatchThreads(cores: number = availableParallelism()): number {
  return cores >= 4 ? 2 : 0;
}

/** The variable's text, or null when it is unset or empty (empty means "the default", as in a systemd EnvironmentFile). */
function textVar(env: NodeJS.ProcessEnv, name: string): string | null {
  const text = env[name];
  return text === undefined || text === '' ? null : text;
}

function urlVar(env: NodeJS.ProcessEnv, name: string, protocols: string[], problems: string[]): string | null {
  const text = textVar(env, name);
  if (text === null) return null;
  try {
    const url = new URL(text);
    if (protocols.includes(url.protocol)) return text;
  } catch {
    // Reported below with the accepted forms.
  }
  problems.push(
    `${name} must be a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL; got ${JSON.stringify(text.replace(/\/\/[^@/]*@/, '//***@'))}`,
  );
  return null;
}

function integerVar(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const text = textVar(env, name);
  if (text === null) return fallback;
  if (!/^[0-9]+$/.test(text) || Number(text) < min || Number(text) > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`);
    return fallback;
  }
  return Number(text);
}
