import { parse } from './cli-options.js';
import type { ServerConfig } from '../config.js';
import { DEV_ACCOUNT, DEV_KEY_FILE, developmentKey } from './dev-key.js';
import { DEVELOPMENT_PLAN, developmentBilling } from '../billing/billing-config.js';
import { TIER_LIMITS } from '../store/tiers.js';
import { describeStore } from '../store/default-path.js';
import { CliError, type Command } from 'ussynth/cli';

const HELP = `Usage: ussynth-server serve [--no-dev-key] [--dev-plan]

Serves the REST API /v1 (docs at /v1/docs) and the browser demo at / .

  --dev-plan   the development start (npm start runs it): accounts made at /signup
               get the ${DEVELOPMENT_PLAN} plan, so a key made on the local dashboard works at once.
               Without it (production) they get USSYNTH_DEFAULT_PLAN, default none: their
               keys answer 402 until the operator sets a plan. A USSYNTH_DEFAULT_PLAN or
               USSYNTH_BILLING=stripe in the environment wins over it.

Environment:
  PORT         port (default 3000; 0 picks a free one)
  HOST         interface (default 127.0.0.1)
  USSYNTH_DB   the store: a SQLite file (default ./.ussynth/store.sqlite, created on
               first start), or postgres://user:pass@host/db for many instances
  USSYNTH_REDIS_URL  redis://host:6379: rate limits and sign-in throttles shared by
               every instance (default: each process its own)
  USSYNTH_METRICS_PORT  serve /metrics on this port only (default: on PORT)
  USSYNTH_TRUST_PROXY   load balancers whose X-Forwarded-For gives the client's
               address: IPs or CIDRs, comma-separated (default: none)
  LOG_LEVEL    fatal, error, warn, info (default), debug, trace or silent
  USSYNTH_WEB_DIR  built pages folder (default: the package's web-dist/, if built)
  USSYNTH_PUBLIC_URL  the URL customers use, e.g. https://api.example.com (default http://HOST:PORT);
               https makes the session cookie Secure and __Host- prefixed
  USSYNTH_SMTP_URL   SMTP server for account e-mail, smtp://user:pass@host:587 or smtps://...
               (default: none; each e-mail is written as an .eml file to the outbox)
  USSYNTH_MAIL_FROM  sender of account e-mail (default "ussynth <no-reply@localhost>")
  USSYNTH_OUTBOX     outbox folder without SMTP (default: outbox/ beside the store)
  USSYNTH_SECRET_KEY 32 random bytes (64 hex digits or base64) sealing SSO client secrets
               (default: secret.key beside the store, made 0600 on first start)

On start it prints a development key (uss_test_..., account ${DEV_ACCOUNT}, Pro limits)
and example curl lines. The key is kept across starts in the file ${DEV_KEY_FILE} beside the
store (0600; the store holds only its digest); a new one replaces it, and the
previous development keys are revoked, when the file is missing, readable by
others, or its key no longer works on this store (revoked, or another store).
Use --no-dev-key in production and create keys with \`ussynth-server keys create\`.
SIGTERM and SIGINT drain in-flight requests, then exit.
`;

/**
 * `ussynth-server serve`: runs the REST API on the embedded SQLite store.
 * @example await serveCommand.run([], { stdout: process.stdout, stderr: process.stderr, env: process.env })
 */
export const serveCommand: Command = {
  name: 'serve',
  summary: 'Serve the REST API and the demo (npm start)',
  help: HELP,
  async run(args, io) {
    const { values } = parse('serve', args, { 'no-dev-key': { type: 'boolean' }, 'dev-plan': { type: 'boolean' } });
    // The server, Fastify and SQLite load only here, so the other commands start light.
    const { ConfigError, loadConfig } = await import('../config.js');
    const { drainOnSignals, startServer } = await import('../server.js');
    let config: ServerConfig;
    try {
      config = loadConfig(io.env);
    } catch (error) {
      if (error instanceof ConfigError) throw new CliError(error.message);
      throw error;
    }
    // The development start's plan for new accounts, decided before the server starts (it hands the plan out).
    const billing = values['dev-plan'] ? developmentBilling(config.billing, io.env) : config.billing;
    const developmentPlan = billing !== config.billing;
    config = { ...config, billing };
    const { StoreRefusedError } = await import('../store/store.js');
    const server = await startServer(config).catch((error: unknown) => {
      // Another server owns this store file, a file cannot be written, or the port is taken: the operator's to fix,
      // not an internal error.
      if (error instanceof StoreRefusedError || error instanceof ConfigError) throw new CliError(error.message);
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new CliError(`${config.host}:${config.port} is already in use; set PORT (or HOST) to another address`);
      throw error;
    });
    drainOnSignals(server, config.drainTimeoutMs);
    const site = config.publicUrl ?? server.url;
    const lines = [
      `ussynth API listening on ${server.url} (store ${describeStore(config.store)}${config.redisUrl ? '; limits shared through Redis' : ''})`,
      ...(server.metricsUrl ? [`  metrics: ${server.metricsUrl}`] : []),
      // The pages a new user looks for first; without built pages (npm run build:web) / explains how to build them.
      config.webDir ? `  demo: ${site}/` : `  demo: not built (run npm run build:web; ${site}/ says so)`,
      `  docs: ${server.url}/v1/docs`,
      billingLine(config, site, developmentPlan),
      `  sign up: ${site}/signup (account e-mail: ${server.mailer.description})`,
      `  dashboard: ${site}/dashboard`,
    ];
    if (!values['no-dev-key']) {
      const { key, file, kept } = await developmentKey(server.store, config.dbPath, Date.now());
      lines.push(
        '',
        `Development key (account ${DEV_ACCOUNT}, Pro limits; ${kept ? 'the same as at the last start' : 'new'}, kept for the next starts in ${file}):`,
        `  ${key}`,
        `  (account ${DEV_ACCOUNT} has no person to sign in as: the dashboard is for accounts made at ${site}/signup; see its usage with \`ussynth-server keys list\`)`,
        '',
        'Try:',
        `  curl -H 'x-api-key: ${key}' '${server.url}/v1/address?state=CA'`,
        `  curl -H 'x-api-key: ${key}' '${server.url}/v1/batch?count=5&seed=42'`,
        `  curl -H 'x-api-key: ${key}' '${server.url}/v1/zip/10001'`,
      );
    }
    io.stdout.write(lines.join('\n') + '\n');
    return 0;
  },
};

/** The banner's billing line: how plans are paid for, what an account made at /signup gets, and how to change it. */
function billingLine(config: ServerConfig, site: string, developmentPlan: boolean): string {
  const { mode, defaultPlan } = config.billing;
  if (mode === 'stripe') return `  billing: Stripe (webhook endpoint ${site}/billing/stripe/webhook)`;
  const command = '`ussynth-server accounts set <e-mail> --tier standard|pro`';
  if (developmentPlan) {
    const { rate, monthlyQuota } = TIER_LIMITS[DEVELOPMENT_PLAN];
    return `  billing: none; development start (--dev-plan): accounts made at ${site}/signup get the ${DEVELOPMENT_PLAN} plan (${rate} requests/s, ${monthlyQuota.toLocaleString('en-US')} records/month), so their keys work at once (\`serve\` without --dev-plan gives them none)`;
  }
  if (defaultPlan === 'none')
    return `  billing: none; accounts made at ${site}/signup get no plan, so their API keys answer 402 until you give one a plan: ${command} (an account's name is its owner's e-mail)`;
  return `  billing: none; accounts made at ${site}/signup get the ${defaultPlan} plan (USSYNTH_DEFAULT_PLAN); change one with ${command}`;
}
