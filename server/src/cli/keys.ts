import { isoTime } from '../text/iso-time.js';
import { calendarMonth } from '../limits/calendar-month.js';
import { issueKey, rotateIssuedKey } from '../store/issue-key.js';
import type { KeyWithAccount } from '../store/key-store.js';
import type { Store } from '../store/store.js';
import { isTier, TIERS } from '../store/tiers.js';
import { CliError, countText, type Command, type CommandIo } from 'ussynth/cli';
import { parse, table, tierLimits } from './cli-options.js';
import { terminalSafeIo } from './terminal-text.js';
import { withStore } from './with-store.js';

const HELP = `Usage: ussynth-server keys <create|list|revoke|rotate> [options]

Manage API keys in the key store (USSYNTH_DB, default ./.ussynth/store.sqlite).
Keys are shown once, at creation; the store keeps only their SHA-256.

  keys create --account NAME --tier standard|pro|enterprise [--rate N] [--monthly-quota N] [--json]
      Creates a key (and the account on first use). Enterprise needs --rate
      (requests/s) and --monthly-quota (records per calendar month, UTC).
      --json prints {"id": ..., "key": ...}.
  keys list [--json]
      Every key with its account, limits, this month's usage and status.
  keys revoke ID
      Revokes a key at once.
  keys rotate ID --grace SECONDS [--json]
      Creates a new key for the same account; the old one keeps working for
      SECONDS (0 = stops now).

Examples:
  ussynth-server keys create --account acme --tier pro
  ussynth-server keys create --account bigco --tier enterprise --rate 500 --monthly-quota 50000000 --json
  ussynth-server keys rotate Ab3dE6gH --grace 86400
`;

/** Longest rotation grace accepted: one year. */
const MAX_GRACE_SECONDS = 31_536_000;

/**
 * `ussynth-server keys`: create, list, revoke and rotate API keys on the store the server uses.
 * @example await keysCommand.run(['create', '--account', 'acme', '--tier', 'pro'], io)
 */
export const keysCommand: Command = {
  name: 'keys',
  summary: 'Create, list, revoke and rotate API keys of the REST API',
  help: HELP,
  async run(args, io) {
    const [action, ...rest] = args;
    const run = action === undefined ? undefined : ACTIONS[action];
    if (!run)
      throw new CliError(
        action === undefined
          ? 'keys needs an action: create, list, revoke or rotate'
          : `unknown keys action "${action}"; use create, list, revoke or rotate`,
      );
    // Stored text (addresses, names) is chosen by whoever signed up: escaped before it reaches the terminal.
    const out = terminalSafeIo(io);
    return withStore(out, (store) => run(rest, out, store));
  },
};

type Action = (args: string[], io: CommandIo, store: Store) => Promise<number>;

const ACTIONS: Record<string, Action> = {
  async create(args, io, store) {
    const { values } = parse('keys', args, {
      account: { type: 'string' },
      tier: { type: 'string' },
      rate: { type: 'string' },
      'monthly-quota': { type: 'string' },
      json: { type: 'boolean' },
    });
    const account = values.account;
    if (account === undefined || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(account)) {
      throw new CliError(
        '--account NAME is required: 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit',
      );
    }
    const tier = values.tier;
    if (tier === undefined || !isTier(tier)) throw new CliError(`--tier is required: one of ${TIERS.join(', ')}`);
    const limits = tierLimits(tier, values.rate, values['monthly-quota']);
    const { id, key } = await issueKey(store, { name: account, tier, ...limits }, 'live', Date.now());
    if (values.json) io.stdout.write(JSON.stringify({ id, key }) + '\n');
    else
      io.stdout.write(
        `${key}\n\nKey id ${id} for account ${account} (${tier}: ${countText(limits.rate, 'request')}/s, ${countText(limits.monthlyQuota, 'record')}/month).\nThis is the only time the key is shown; store it now.\n`,
      );
    return 0;
  },

  async list(args, io, store) {
    const { values } = parse('keys', args, { json: { type: 'boolean' } });
    const keys = await store.keys.listKeys(calendarMonth(Date.now()).period);
    if (values.json) {
      io.stdout.write(JSON.stringify(keys.map(keyJson)) + '\n');
      return 0;
    }
    const header = ['ID', 'ACCOUNT', 'TIER', 'RATE/S', 'QUOTA/MONTH', 'USED', 'STATUS'];
    const rows = keys.map((k) => [
      k.id,
      k.account.name,
      k.account.tier,
      String(k.account.rate),
      String(k.account.monthlyQuota),
      String(k.used),
      status(k, Date.now()),
    ]);
    table(io, header, rows);
    return 0;
  },

  async revoke(args, io, store) {
    const { positionals } = parse('keys', args, {}, 1);
    const id = positionals[0];
    if (!(await store.keys.revokeKey(id, Date.now()))) throw new CliError(`no key with id ${JSON.stringify(id)}`, 1);
    io.stdout.write(`revoked key ${id}\n`);
    return 0;
  },

  async rotate(args, io, store) {
    const { values, positionals } = parse('keys', args, { grace: { type: 'string' }, json: { type: 'boolean' } }, 1);
    const grace = values.grace;
    if (grace === undefined || !/^(?:0|[1-9][0-9]*)$/.test(grace) || Number(grace) > MAX_GRACE_SECONDS) {
      throw new CliError(`--grace SECONDS is required: a whole number from 0 to ${MAX_GRACE_SECONDS}`);
    }
    const id = positionals[0];
    const rotated = await rotateIssuedKey(store, id, Number(grace), Date.now());
    if (!rotated) throw new CliError(`no active key with id ${JSON.stringify(id)} (unknown, revoked or expired)`, 1);
    const until = new Date(rotated.expiresAt).toISOString();
    if (values.json)
      io.stdout.write(
        JSON.stringify({ id: rotated.id, key: rotated.key, replaces: id, oldKeyExpiresAt: until }) + '\n',
      );
    else
      io.stdout.write(
        `${rotated.key}\n\nNew key id ${rotated.id} replaces ${id}, which keeps working until ${until}.\nThis is the only time the key is shown; store it now.\n`,
      );
    return 0;
  },
};

/** A key as `keys list --json` prints it: its account's name and limits, ISO times. */
function keyJson(key: KeyWithAccount) {
  const { account } = key;
  return {
    id: key.id,
    environment: key.environment,
    account: account.name,
    tier: account.tier,
    rate: account.rate,
    monthlyQuota: account.monthlyQuota,
    used: key.used,
    createdAt: new Date(key.createdAt).toISOString(),
    revokedAt: isoTime(key.revokedAt),
    expiresAt: isoTime(key.expiresAt),
  };
}

function status(key: KeyWithAccount, now: number): string {
  if (key.revokedAt !== null) return `revoked ${isoTime(key.revokedAt)}`;
  if (key.expiresAt !== null) return `${key.expiresAt <= now ? 'expired' : 'expires'} ${isoTime(key.expiresAt)}`;
  return 'active';
}
