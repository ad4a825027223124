import { CliError, countText, type Command, type CommandIo } from 'ussynth/cli';
import { calendarMonth } from '../limits/calendar-month.js';
import { isoTime } from '../text/iso-time.js';
import type { Store } from '../store/store.js';
import type { AccountRecord } from '../store/account-store.js';
import { servingPlan } from '../billing/billing.js';
import { noPlanText, planCommand } from '../billing/no-plan-text.js';
import { isTier, TIERS } from '../store/tiers.js';
import { SSO_HELP, ssoAction } from './accounts-sso.js';
import { accountNamed, parse, table, tierLimits } from './cli-options.js';
import { terminalSafeIo } from './terminal-text.js';
import { withStore } from './with-store.js';

const HELP = `Usage: ussynth-server accounts <list|show|set|sso> [options]

The operator's view of the accounts in the store (USSYNTH_DB, default
./.ussynth/store.sqlite): self-service ones made by sign-up, and those made
by \`ussynth-server keys create\`. ACCOUNT is an account's name: an account
made at /signup is named by its owner's e-mail address (ada@example.com).

  accounts list [--json]
      Every account with its plan, limits, this month's usage, people and active keys.
  accounts show ACCOUNT [--json]
      One account: plan, limits, usage, people (verified or not) and keys.
  accounts set ACCOUNT --tier standard|pro|enterprise|none [--rate N] [--monthly-quota N]
      Changes the plan (Enterprise only from here: it needs --rate and
      --monthly-quota); recorded with its time as set by the operator. A plan
      set here is by contract: Stripe billing never changes it. \`none\` ends
      the plan (keys answer 402) and hands the account back to self-service.
${SSO_HELP}
Examples:
  ussynth-server accounts list
  ussynth-server accounts show ada@example.com --json
  ussynth-server accounts set bigco --tier enterprise --rate 500 --monthly-quota 50000000
  ussynth-server accounts sso set bigco --issuer https://bigco.okta.com --client-id 0oa1b2c3 \\
    --client-secret - --audience api://ussynth --domain bigco.com < secret.txt
`;

/**
 * `ussynth-server accounts`: list, show and set the plan of accounts on the store the server uses.
 * @example await accountsCommand.run(['set', 'acme', '--tier', 'pro'], io)
 */
export const accountsCommand: Command = {
  name: 'accounts',
  summary: "List and show accounts; set an account's plan (Enterprise limits) and SSO",
  help: HELP,
  async run(args, io) {
    const [action, ...rest] = args;
    const run = action === undefined ? undefined : ACTIONS[action];
    if (!run)
      throw new CliError(
        action === undefined
          ? 'accounts needs an action: list, show, set or sso'
          : `unknown accounts action "${action}"; use list, show, set or sso`,
      );
    // Stored text (addresses, names) is chosen by whoever signed up: escaped before it reaches the terminal.
    const out = terminalSafeIo(io);
    return withStore(out, (store) => run(rest, out, store));
  },
};

type Action = (args: string[], io: CommandIo, store: Store) => Promise<number>;

/** The plan that serves: its tier, `(until ...)` while a past-due grace runs, or `none` (its stored limits serve nothing). */
function planText(account: AccountRecord, now: number): string {
  if (servingPlan(account, now) === 'none') return 'none';
  return account.planEndsAt === null ? account.tier : `${account.tier} (until ${isoTime(account.planEndsAt)})`;
}

/** The limits as served: an account without a plan is served none, so none are shown (`-`). */
function limitText(account: AccountRecord, now: number, limit: number): string {
  return servingPlan(account, now) === 'none' ? '-' : String(limit);
}

/** The sentence about accounts without a plan under a listing, in the words of the 402 and the dashboard. */
function noPlanNote(names: string[], env: NodeJS.ProcessEnv): string {
  const billing = env.USSYNTH_BILLING === 'stripe' ? 'stripe' : 'none';
  if (names.length === 1) return `${capitalized(noPlanText(names[0], billing))}.\n`;
  return `${names.length} accounts have no plan, so their API keys answer 402; the operator gives one a plan with \`${planCommand('ACCOUNT')}\` (an account made at /signup is named by its owner's e-mail address).\n`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const ACTIONS: Record<string, Action> = {
  async list(args, io, store) {
    const { values } = parse('accounts', args, { json: { type: 'boolean' } });
    const now = Date.now();
    const accounts = await store.accounts.listAccounts(calendarMonth(now).period, now);
    if (values.json) {
      io.stdout.write(
        JSON.stringify(
          accounts.map((a) => ({
            name: a.name,
            tier: a.tier,
            plan: servingPlan(a, now),
            planEndsAt: isoTime(a.planEndsAt ?? a.noPlanSince),
            rate: a.rate,
            monthlyQuota: a.monthlyQuota,
            used: a.used,
            people: a.people,
            activeKeys: a.activeKeys,
            createdAt: isoTime(a.createdAt),
          })),
        ) + '\n',
      );
      return 0;
    }
    table(
      io,
      ['ACCOUNT', 'PLAN', 'RATE/S', 'QUOTA/MONTH', 'USED', 'PEOPLE', 'KEYS'],
      accounts.map((a) => [
        a.name,
        planText(a, now),
        limitText(a, now, a.rate),
        limitText(a, now, a.monthlyQuota),
        String(a.used),
        String(a.people),
        String(a.activeKeys),
      ]),
    );
    const withoutPlan = accounts.filter((a) => servingPlan(a, now) === 'none').map((a) => a.name);
    if (withoutPlan.length > 0) io.stdout.write('\n' + noPlanNote(withoutPlan, io.env));
    return 0;
  },

  async show(args, io, store) {
    const { values, positionals } = parse('accounts', args, { json: { type: 'boolean' } }, 1, 'account name');
    const account = await accountNamed(store, positionals[0]);
    const now = Date.now();
    const used = await store.usage(account.id, calendarMonth(now).period);
    const people = await store.people.listPeople(account.id);
    const keys = await store.keys.listAccountKeys(account.id);
    const shown = {
      name: account.name,
      tier: account.tier,
      plan: servingPlan(account, now),
      planEndsAt: isoTime(account.planEndsAt ?? account.noPlanSince),
      rate: account.rate,
      monthlyQuota: account.monthlyQuota,
      usedThisMonth: used,
      createdAt: isoTime(account.createdAt),
      people: people.map((p) => ({
        email: p.email,
        role: p.role,
        verified: p.emailVerifiedAt !== null,
        createdAt: isoTime(p.createdAt),
      })),
      keys: keys.map((k) => ({
        id: k.id,
        name: k.name,
        createdAt: isoTime(k.createdAt),
        lastUsedAt: isoTime(k.lastUsedAt),
        expiresAt: isoTime(k.expiresAt),
        revokedAt: isoTime(k.revokedAt),
      })),
    };
    if (values.json) {
      io.stdout.write(JSON.stringify(shown) + '\n');
      return 0;
    }
    io.stdout.write(
      servingPlan(account, now) === 'none'
        ? `${account.name}: no plan; ${used} used this month\n${noPlanNote([account.name], io.env)}\n`
        : `${account.name}: ${planText(account, now)}, ${countText(account.rate, 'request')}/s, ${countText(account.monthlyQuota, 'record')}/month; ${used} used this month\n\n`,
    );
    table(
      io,
      ['PERSON', 'ROLE', 'VERIFIED'],
      shown.people.map((p) => [p.email, p.role, p.verified ? 'yes' : 'no']),
    );
    io.stdout.write('\n');
    table(
      io,
      ['KEY', 'NAME', 'LAST USED', 'STATUS'],
      shown.keys.map((k) => [
        k.id,
        k.name,
        k.lastUsedAt ?? '-',
        k.revokedAt ? `revoked ${k.revokedAt}` : k.expiresAt ? `expires ${k.expiresAt}` : 'active',
      ]),
    );
    return 0;
  },

  async set(args, io, store) {
    const { values, positionals } = parse(
      'accounts',
      args,
      { tier: { type: 'string' }, rate: { type: 'string' }, 'monthly-quota': { type: 'string' } },
      1,
      'account name',
    );
    const tier = values.tier;
    if (tier === undefined || (tier !== 'none' && !isTier(tier)))
      throw new CliError(`--tier is required: one of ${TIERS.join(', ')}, none`);
    if (tier === 'none') {
      if (values.rate !== undefined || values['monthly-quota'] !== undefined)
        throw new CliError('--rate and --monthly-quota do not go with --tier none');
      const account = await accountNamed(store, positionals[0]);
      await store.accounts.changePlan(account.id, {
        tier,
        limits: { rate: account.rate, monthlyQuota: account.monthlyQuota },
        at: Date.now(),
        byPersonId: null,
        approvedBy: 'operator',
      });
      io.stdout.write(
        `${account.name} has no plan now: its keys answer 402 subscription_required (running servers apply it within a second)\n`,
      );
      return 0;
    }
    const limits = tierLimits(tier, values.rate, values['monthly-quota']);
    const account = await accountNamed(store, positionals[0]);
    await store.accounts.changePlan(account.id, {
      tier,
      limits,
      at: Date.now(),
      byPersonId: null,
      approvedBy: 'operator',
    });
    io.stdout.write(
      `${account.name} is now ${tier}: ${countText(limits.rate, 'request')}/s, ${countText(limits.monthlyQuota, 'record')}/month (running servers apply it within a second)\n`,
    );
    return 0;
  },

  sso: ssoAction,
};
