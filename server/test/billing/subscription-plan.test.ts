import { describe, expect, it } from 'vitest';
import { bestSubscription, subscriptionPlan } from '../../src/billing/subscription-plan.js';

const PRICES = { standard: 'price_std', pro: 'price_pro' };
const WEEK = 7 * 86_400_000;

describe('subscriptionPlan', () => {
  it('gives the plan of the current Price while active or trialing', () => {
    expect(subscriptionPlan('active', 'price_pro', PRICES, null, WEEK)).toEqual({ tier: 'pro', endsAt: null });
    expect(subscriptionPlan('trialing', 'price_std', PRICES, null, WEEK)).toEqual({ tier: 'standard', endsAt: null });
  });

  it('keeps a past-due plan until the grace after the first failure ends', () => {
    expect(subscriptionPlan('past_due', 'price_pro', PRICES, 1_000, WEEK)).toEqual({
      tier: 'pro',
      endsAt: 1_000 + WEEK,
    });
    expect(subscriptionPlan('past_due', 'price_pro', PRICES, 1_000, 0)).toEqual({ tier: 'pro', endsAt: 1_000 });
  });

  it('gives no paid plan for every other status, and for a Price that is not a plan', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(subscriptionPlan(status, 'price_pro', PRICES, null, WEEK), status).toEqual({
        tier: 'none',
        reason: `subscription ${status}`,
      });
    }
    expect(subscriptionPlan('active', 'price_other', PRICES, null, WEEK)).toEqual({
      tier: 'none',
      reason: 'Price price_other is not a configured plan',
    });
    expect(subscriptionPlan('active', null, PRICES, null, WEEK).tier).toBe('none');
  });
});

describe('bestSubscription', () => {
  const sub = (id: string, status: string, priceId: string | null, currentPeriodEnd = 1000) => ({
    id,
    customer: 'cus_1',
    status,
    priceId,
    currentPeriodEnd,
    accountId: 7,
  });

  it('picks a paying subscription before a past-due one before any other, whatever the order', () => {
    const subs = [
      sub('sub_a', 'canceled', 'price_pro'),
      sub('sub_b', 'past_due', 'price_pro'),
      sub('sub_c', 'active', 'price_std'),
    ];
    expect(bestSubscription(subs, PRICES).id).toBe('sub_c');
    expect(bestSubscription([...subs].reverse(), PRICES).id).toBe('sub_c');
    expect(bestSubscription(subs.slice(0, 2), PRICES).id).toBe('sub_b');
    expect(
      bestSubscription([sub('sub_t', 'trialing', 'price_std'), sub('sub_b', 'past_due', 'price_pro')], PRICES).id,
    ).toBe('sub_t');
  });

  it('then the better plan, then the later period end, then the id', () => {
    expect(
      bestSubscription(
        [
          sub('sub_a', 'active', 'price_std'),
          sub('sub_b', 'active', 'price_pro'),
          sub('sub_c', 'active', 'price_other'),
        ],
        PRICES,
      ).id,
    ).toBe('sub_b');
    expect(
      bestSubscription([sub('sub_a', 'active', 'price_pro', 1000), sub('sub_b', 'active', 'price_pro', 2000)], PRICES)
        .id,
    ).toBe('sub_b');
    expect(
      bestSubscription([sub('sub_b', 'active', 'price_pro'), sub('sub_a', 'active', 'price_pro')], PRICES).id,
    ).toBe('sub_a');
  });

  it('refuses an empty list', () => {
    expect(() => bestSubscription([], PRICES)).toThrow(RangeError);
  });
});
