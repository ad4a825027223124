import { describe, expect, it } from 'vitest';
import { developmentBilling, loadBillingConfig } from '../../src/billing/billing-config.js';
import { ConfigError, loadConfig } from '../../src/config.js';

const STRIPE = {
  USSYNTH_BILLING: 'stripe',
  USSYNTH_STRIPE_SECRET_KEY: 'sk_test_51Habcdefghij',
  USSYNTH_STRIPE_WEBHOOK_SECRET: 'whsec_abcdefghijkl',
  USSYNTH_STRIPE_PRICE_STANDARD: 'price_1Standard',
  USSYNTH_STRIPE_PRICE_PRO: 'price_1Pro',
};

function problemsOf(env: Record<string, string>): string[] {
  const problems: string[] = [];
  loadBillingConfig(env, problems);
  return problems;
}

describe('billing configuration', () => {
  it('takes no payment by default, and gives new accounts no plan unless USSYNTH_DEFAULT_PLAN says so', () => {
    expect(loadBillingConfig({}, [])).toEqual({ mode: 'none', defaultPlan: 'none', stripe: null });
    expect(loadBillingConfig({ USSYNTH_DEFAULT_PLAN: 'standard' }, []).defaultPlan).toBe('standard');
    expect(loadBillingConfig({ USSYNTH_BILLING: 'none', USSYNTH_DEFAULT_PLAN: 'pro' }, []).defaultPlan).toBe('pro');
    expect(problemsOf({ USSYNTH_DEFAULT_PLAN: 'enterprise' })).toEqual([
      expect.stringContaining('USSYNTH_DEFAULT_PLAN must be none, standard or pro'),
    ]);
    expect(problemsOf({ USSYNTH_BILLING: 'paypal' })).toEqual([
      expect.stringContaining('USSYNTH_BILLING must be "stripe"'),
    ]);
  });

  it("reads Stripe's settings, with a default grace of 7 days and Stripe's own API unless another URL is given", () => {
    const config = loadBillingConfig(STRIPE, []);
    expect(config).toEqual({
      mode: 'stripe',
      defaultPlan: 'none',
      stripe: {
        secretKey: STRIPE.USSYNTH_STRIPE_SECRET_KEY,
        webhookSecret: STRIPE.USSYNTH_STRIPE_WEBHOOK_SECRET,
        prices: { standard: 'price_1Standard', pro: 'price_1Pro' },
        apiUrl: null,
        graceDays: 7,
      },
    });
    const local = loadBillingConfig(
      { ...STRIPE, USSYNTH_STRIPE_API_URL: 'http://127.0.0.1:12111', USSYNTH_BILLING_GRACE_DAYS: '3' },
      [],
    ).stripe!;
    expect([local.apiUrl?.href, local.graceDays]).toEqual(['http://127.0.0.1:12111/', 3]);
  });

  it('names each missing or malformed variable, never echoing a secret', () => {
    expect(problemsOf({ USSYNTH_BILLING: 'stripe' }).map((p) => p.split(' ')[0])).toEqual([
      'USSYNTH_STRIPE_SECRET_KEY',
      'USSYNTH_STRIPE_WEBHOOK_SECRET',
      'USSYNTH_STRIPE_PRICE_STANDARD',
      'USSYNTH_STRIPE_PRICE_PRO',
    ]);
    const bad = problemsOf({
      ...STRIPE,
      USSYNTH_STRIPE_SECRET_KEY: 'pk_test_publishableKey123',
      USSYNTH_STRIPE_WEBHOOK_SECRET: 'not-a-secret-value',
      USSYNTH_STRIPE_PRICE_PRO: 'prod_123',
      USSYNTH_STRIPE_API_URL: 'ftp://stripe.local/v1',
      USSYNTH_BILLING_GRACE_DAYS: '45',
      USSYNTH_DEFAULT_PLAN: 'standard',
    });
    expect(bad.map((p) => p.split(/[ =]/)[0])).toEqual([
      'USSYNTH_DEFAULT_PLAN',
      'USSYNTH_STRIPE_SECRET_KEY',
      'USSYNTH_STRIPE_WEBHOOK_SECRET',
      'USSYNTH_STRIPE_PRICE_PRO',
      'USSYNTH_STRIPE_API_URL',
      'USSYNTH_BILLING_GRACE_DAYS',
    ]);
    expect(bad.join(' ')).not.toContain('pk_test_publishableKey123');
    expect(bad.join(' ')).not.toContain('not-a-secret-value');
    expect(problemsOf({ ...STRIPE, USSYNTH_STRIPE_PRICE_PRO: STRIPE.USSYNTH_STRIPE_PRICE_STANDARD })).toEqual([
      expect.stringContaining('must be different Prices'),
    ]);
  });

  it('refuses Stripe settings without USSYNTH_BILLING=stripe (a typo would otherwise take no payment)', () => {
    const { USSYNTH_BILLING: _, ...withoutMode } = STRIPE;
    expect(problemsOf(withoutMode)).toEqual([
      expect.stringMatching(
        /^USSYNTH_STRIPE_SECRET_KEY, USSYNTH_STRIPE_WEBHOOK_SECRET, USSYNTH_STRIPE_PRICE_STANDARD, USSYNTH_STRIPE_PRICE_PRO are set but USSYNTH_BILLING is not "stripe"/,
      ),
    ]);
  });

  it('is a start-up error of the server, which needs USSYNTH_PUBLIC_URL with Stripe', () => {
    expect(() => loadConfig({ ...STRIPE })).toThrow(ConfigError);
    expect(() => loadConfig({ ...STRIPE })).toThrow(/USSYNTH_PUBLIC_URL is required with USSYNTH_BILLING=stripe/);
    expect(loadConfig({ ...STRIPE, USSYNTH_PUBLIC_URL: 'https://api.example.com' }).billing.mode).toBe('stripe');
  });
});

describe("the development start's billing (serve --dev-plan)", () => {
  it('gives new accounts Pro without payment, unless the environment names a plan or takes payment through Stripe', () => {
    const none = loadBillingConfig({}, []);
    expect(developmentBilling(none, {})).toEqual({ ...none, defaultPlan: 'pro' });
    const named = loadBillingConfig({ USSYNTH_DEFAULT_PLAN: 'none' }, []);
    expect(developmentBilling(named, { USSYNTH_DEFAULT_PLAN: 'none' })).toBe(named);
    const stripe = { mode: 'stripe' as const, defaultPlan: 'none' as const, stripe: null };
    expect(developmentBilling(stripe, {})).toBe(stripe);
  });
});
