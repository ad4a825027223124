import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityRecorder } from '../../src/accounts/activity-recorder.js';
import { PeopleService } from '../../src/accounts/people-service.js';
import { PlanService } from '../../src/accounts/plan-service.js';
import { operatorBilling } from '../../src/billing/operator-billing.js';
import { Database } from '../../src/store/sqlite/sqlite-driver.js';
import type { Store } from '../../src/store/store.js';
import { type AccountsFixture, openAccountsFixture, PASSWORD, problemOf } from './account-services-fixture.js';

let now: number;
let fixture: AccountsFixture;
let dir: string;
let store: Store;
let activity: ActivityRecorder;
let people: PeopleService;
let plans: PlanService;
const verifiedOwner = (email?: string) => fixture.verifiedOwner(email);

beforeEach(async () => {
  now = Date.UTC(2026, 10, 23, 12, 0, 0);
  // A deployment without billing whose new accounts start on Standard (USSYNTH_DEFAULT_PLAN=standard).
  fixture = await openAccountsFixture(() => now);
  ({ dir, store, activity, people, plans } = fixture);
});

afterEach(() => fixture.close());

describe('plans', () => {
  it('never lets an owner change their own plan without billing; the operator does, and each change is recorded', async () => {
    const session = await verifiedOwner();
    expect(await problemOf(plans.changePlan(session, 'pro'))).toMatchObject({
      code: 'forbidden',
      detail: expect.stringContaining('ussynth-server accounts set ada@example.com --tier pro'),
    });
    expect((await problemOf(plans.changePlan(session, 'enterprise'))).code).toBe('invalid_field');
    expect((await problemOf(plans.checkout(session, 'pro'))).code).toBe('forbidden');
    expect((await problemOf(plans.billingPortal(session))).code).toBe('forbidden');
    expect(await store.accounts.findAccount(session.account.id)).toMatchObject({ tier: 'standard', planEndsAt: null });
    await store.accounts.changePlan(session.account.id, {
      tier: 'pro',
      limits: { rate: 50, monthlyQuota: 1_000_000 },
      at: now + 1,
      byPersonId: null,
      approvedBy: 'operator',
    });
    const sqlite = new Database(join(dir, 'store.sqlite'), { readonly: true });
    try {
      const changes = sqlite
        .prepare('SELECT tier, approved_by, at, ends_at FROM plan_changes WHERE account_id = ? ORDER BY id')
        .all(session.account.id);
      expect(changes).toEqual([
        { tier: 'standard', approved_by: 'sign-up', at: now, ends_at: null },
        { tier: 'pro', approved_by: 'operator', at: now + 1, ends_at: null },
      ]);
    } finally {
      sqlite.close();
    }
    const pro = await people.session((await people.signIn('ada@example.com', PASSWORD, '10.0.0.1')).sessionId);
    expect(await plans.billingStatus(pro)).toMatchObject({
      plan: 'pro',
      status: 'contract',
      canSubscribe: false,
      canManage: false,
    });
  });

  it('starts a new account with no plan when the operator configured none (the default without billing)', async () => {
    const none = operatorBilling('none');
    people = new PeopleService({ ...fixture.peopleDeps, billing: none });
    plans = new PlanService({ ...fixture.planDeps, billing: none });
    const session = await fixture.verifiedOwner('none@example.com', people);
    // "No plan" is stored as itself, since sign-up (not as a plan that ended then).
    expect(session.account).toMatchObject({ noPlanSince: now, planEndsAt: null });
    expect(await plans.billingStatus(session)).toMatchObject({ plan: 'none', status: 'none' });
    expect((await plans.usage(session.account)).plan).toBe('none');
  });
});

describe('usage', () => {
  it('sums this month from the ledger, the chart from per-day counts, zero-filled over 30 days', async () => {
    const session = await verifiedOwner();
    const account = session.account.id;
    const day = 86_400_000;
    await store.debitUsage(account, '2026-11', 1500, 100_000);
    activity.debited(account, 1000, now - 2 * day);
    activity.debited(account, 500, now);
    activity.refused(account, 'rate_limited', now);
    activity.refused(account, 'quota_exceeded', now - 40 * day);
    const usage = await plans.usage(session.account);
    expect(usage).toMatchObject({
      plan: 'standard',
      month: '2026-11',
      used: 1500,
      quota: 100_000,
      remaining: 98_500,
      resetsAt: '2026-12-01T00:00:00.000Z',
      refused: { rate_limited: 1, quota_exceeded: 0, subscription_required: 0 },
    });
    expect(usage.days).toHaveLength(30);
    expect(usage.days.at(-1)).toEqual({
      day: '2026-11-23',
      records: 500,
      rateLimited: 1,
      quotaExceeded: 0,
      subscriptionRequired: 0,
    });
    expect(usage.days.at(-3)).toEqual({
      day: '2026-11-21',
      records: 1000,
      rateLimited: 0,
      quotaExceeded: 0,
      subscriptionRequired: 0,
    });
    expect(usage.days[0].day).toBe('2026-10-25');
    expect(usage.days.reduce((sum, d) => sum + d.records, 0)).toBe(1500);
  });
});
