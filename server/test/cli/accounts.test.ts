import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../src/store/sqlite/sqlite-driver.js';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/accounts/password-hasher.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { TIER_LIMITS } from '../../src/store/tiers.js';

// The real binary, built by `npm test` (npm run build) before vitest runs.
const BIN = new URL('../../dist/cli/main.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ussynth-accounts-cli-'));
const db = join(dir, 'store.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ussynth(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    env: { ...process.env, USSYNTH_DB: db },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('ussynth accounts', () => {
  it('lists and shows operator and self-service accounts, with people, keys and usage', async () => {
    expect(ussynth('keys', 'create', '--account', 'acme', '--tier', 'pro', '--json').status).toBe(0);
    const store = await openSqliteStore(db);
    const owner = await store.people.createOwner(
      'ada@example.com',
      await hashPassword('correct horse battery staple'),
      'standard',
      TIER_LIMITS.standard,
      Date.now(),
    );
    await store.close();
    expect(owner).not.toBe('exists');
    const listed = ussynth('accounts', 'list', '--json');
    expect(listed.status).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({
        name: 'acme',
        tier: 'pro',
        rate: 50,
        monthlyQuota: 1_000_000,
        used: 0,
        people: 0,
        activeKeys: 1,
      }),
      expect.objectContaining({ name: 'ada@example.com', tier: 'standard', people: 1, activeKeys: 0 }),
    ]);
    expect(ussynth('accounts', 'list').stdout).toMatch(
      /^ACCOUNT\s+PLAN\s+RATE\/S\s+QUOTA\/MONTH\s+USED\s+PEOPLE\s+KEYS\nacme\s+pro\s+50\s+1000000\s+0\s+0\s+1\n/,
    );
    const shown = JSON.parse(ussynth('accounts', 'show', 'ada@example.com', '--json').stdout) as {
      people: unknown[];
      keys: unknown[];
    };
    expect(shown.people).toEqual([
      expect.objectContaining({ email: 'ada@example.com', role: 'owner', verified: false }),
    ]);
    expect(shown.keys).toEqual([]);
  });

  it('sets a plan, Enterprise with its limits, and records who approved it', async () => {
    const set = ussynth(
      'accounts',
      'set',
      'acme',
      '--tier',
      'enterprise',
      '--rate',
      '500',
      '--monthly-quota',
      '50000000',
    );
    expect(set.status).toBe(0);
    expect(set.stdout).toContain('acme is now enterprise: 500 requests/s, 50000000 records/month');
    const store = await openSqliteStore(db);
    try {
      expect(await store.accounts.findAccountByName('acme')).toMatchObject({
        tier: 'enterprise',
        rate: 500,
        monthlyQuota: 50_000_000,
      });
    } finally {
      await store.close();
    }
    expect(ussynth('accounts', 'set', 'acme', '--tier', 'standard').status).toBe(0);
    expect(JSON.parse(ussynth('accounts', 'show', 'acme', '--json').stdout)).toMatchObject({
      tier: 'standard',
      rate: 10,
      monthlyQuota: 100_000,
    });
    const sqlite = new Database(db, { readonly: true });
    try {
      const changes = sqlite
        .prepare(
          "SELECT p.tier, p.rate, p.approved_by, p.by_person_id FROM plan_changes p JOIN accounts a ON a.id = p.account_id WHERE a.name = 'acme' ORDER BY p.id",
        )
        .all();
      expect(changes).toEqual([
        { tier: 'enterprise', rate: 500, approved_by: 'operator', by_person_id: null },
        { tier: 'standard', rate: 10, approved_by: 'operator', by_person_id: null },
      ]);
    } finally {
      sqlite.close();
    }
  });

  it('ends a plan with --tier none (keys answer 402; the account is back to self-service) and shows it', async () => {
    const set = ussynth('accounts', 'set', 'ada@example.com', '--tier', 'none');
    expect(set.status).toBe(0);
    expect(set.stdout).toContain('ada@example.com has no plan now: its keys answer 402 subscription_required');
    const shown = JSON.parse(ussynth('accounts', 'show', 'ada@example.com', '--json').stdout) as {
      tier: string;
      plan: string;
      planEndsAt: string | null;
    };
    expect(shown).toMatchObject({ tier: 'standard', plan: 'none' });
    expect(Date.parse(shown.planEndsAt!)).toBeLessThanOrEqual(Date.now());
    // No plan serves it, so no limits either (not "standard" with Standard's 10 requests/s), and the listing says what
    // its keys answer and how the operator gives it a plan, in the words of the 402 and the dashboard.
    const list = ussynth('accounts', 'list').stdout;
    expect(list).toMatch(/\nada@example\.com\s+none\s+-\s+-\s+0\s+1\s+0\n/);
    expect(list).toContain(
      '\nThe account ada@example.com has no plan, so its API keys answer 402; the operator gives it one with `ussynth-server accounts set ada@example.com --tier standard|pro`.\n',
    );
    expect(ussynth('accounts', 'show', 'ada@example.com').stdout).toMatch(
      /^ada@example\.com: no plan; 0 used this month\nThe account ada@example\.com has no plan, so its API keys answer 402; the operator gives it one with `ussynth-server accounts set ada@example\.com --tier standard\|pro`\.\n/,
    );
    // Two without a plan: one line for both, naming what ACCOUNT is.
    expect(ussynth('accounts', 'set', 'acme', '--tier', 'none').status).toBe(0);
    expect(ussynth('accounts', 'list').stdout).toContain(
      "\n2 accounts have no plan, so their API keys answer 402; the operator gives one a plan with `ussynth-server accounts set ACCOUNT --tier standard|pro` (an account made at /signup is named by its owner's e-mail address).\n",
    );
    expect(ussynth('accounts', 'set', 'acme', '--tier', 'pro').status).toBe(0);
    expect(ussynth('accounts', 'set', 'ada@example.com', '--tier', 'none', '--rate', '5').stderr).toMatch(
      /do not go with --tier none/,
    );
    const sqlite = new Database(db, { readonly: true });
    try {
      const last = sqlite
        .prepare(
          "SELECT p.tier, p.approved_by FROM plan_changes p JOIN accounts a ON a.id = p.account_id WHERE a.name = 'ada@example.com' ORDER BY p.id DESC LIMIT 1",
        )
        .get();
      expect(last).toEqual({ tier: 'none', approved_by: 'operator' });
    } finally {
      sqlite.close();
    }
    expect(ussynth('accounts', 'set', 'ada@example.com', '--tier', 'pro').status).toBe(0);
    expect(JSON.parse(ussynth('accounts', 'show', 'ada@example.com', '--json').stdout)).toMatchObject({
      tier: 'pro',
      plan: 'pro',
      planEndsAt: null,
    });
  });

  it('names bad input', () => {
    const cases: [string[], number, RegExp][] = [
      [['accounts'], 2, /needs an action: list, show, set or sso/],
      [['accounts', 'drop'], 2, /unknown accounts action "drop"/],
      [['accounts', 'show'], 2, /expected exactly one account name/],
      [['accounts', 'show', 'nobody'], 1, /no account named "nobody"/],
      [['accounts', 'set', 'acme', '--tier', 'gold'], 2, /--tier is required: one of standard, pro, enterprise, none/],
      [['accounts', 'set', 'acme', '--tier', 'pro', '--rate', '5'], 2, /set per account for enterprise only/],
      [['accounts', 'set', 'acme', '--tier', 'enterprise', '--rate', '5'], 2, /need --monthly-quota/],
      [['accounts', 'list', '--jsn'], 2, /Unknown option '--jsn'/],
    ];
    for (const [args, status, message] of cases) {
      const result = ussynth(...args);
      expect(result.status, args.join(' ')).toBe(status);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
  });
});
