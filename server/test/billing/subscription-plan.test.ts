import { describe, expect, it } from 'vitest';
import { subscriptionPlan } from '../../src/billing/subscription-plan.js';

const PRICES = { standard: 'price_std', pro: 'price_pro' };
const WEEK = 7 * 86_400_000;

describe('subscriptionPlan', () => {
  it('gives the plan of the current Price while active or trialing', () => {
    expect(subscriptionPlan('active', 'price_pro', PRICES, null, WEEK)).toEqual({ tier: 'pro', endsAt: null });
    expect(subscriptionPlan('trialing', 'price_std', PRICES, null, WEEK)).toEqual({ tier: 'standard', endsAt: null });
  });

  it('keeps a past-due plan until the grace after the first failure ends', () => {
    expect(subscriptionPlan('past_due', 'price_pro', PRICES, 1_000, WEEK)).toEqual({ tier: 'pro', endsAt: 1_000 + WEEK });
    expect(subscriptionPlan('past_due', 'price_pro', PRICES, 1_000, 0)).toEqual({ tier: 'pro', endsAt: 1_000 });
  });

  it('gives no paid plan for every other status, and for a Price that is not a plan', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(subscriptionPlan(status, 'price_pro', PRICES, null, WEEK), status).toEqual({ tier: 'none', reason: `subscription ${status}` });
    }
    expect(subscriptionPlan('active', 'price_other', PRICES, null, WEEK)).toEqual({ tier: 'none', reason: 'Price price_other is not a configured plan' });
    expect(subscriptionPlan('active', null, PRICES, null, WEEK).tier).toBe('none');
  });
});
