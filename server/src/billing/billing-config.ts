import { SELF_SERVICE_TIERS, type SelfServiceTier } from './billing.js';

/** How the service takes payment: `none` (plans are set by the operator) or `stripe`. */
export type BillingMode = 'none' | 'stripe';

/** Default days a past-due subscription keeps serving while Stripe retries the payment. */
export const DEFAULT_GRACE_DAYS = 7;

/** Stripe's settings (USSYNTH_STRIPE_*), checked at start-up. */
export interface StripeSettings {
  /** Secret or restricted API key (`sk_test_...`, `sk_live_...`, `rk_...`): never logged. */
  secretKey: string;
  /** Signing secret of the webhook endpoint (`whsec_...`). */
  webhookSecret: string;
  /** The recurring monthly Price of each plan (`price_...`). */
  prices: Record<SelfServiceTier, string>;
  /** Another base URL for Stripe's API (the tests' local double), or null: Stripe's own. */
  apiUrl: URL | null;
  /** Days a past-due subscription keeps serving (USSYNTH_BILLING_GRACE_DAYS). */
  graceDays: number;
}

/** The billing part of the server's configuration. */
export interface BillingConfig {
  /** USSYNTH_BILLING: `stripe` takes payment; unset or `none` takes none. */
  mode: BillingMode;
  /** USSYNTH_DEFAULT_PLAN: the plan of a new self-service account without billing (`none`, `standard` or `pro`; default `none`). */
  defaultPlan: SelfServiceTier | 'none';
  /** Stripe's settings when the mode is `stripe`. */
  stripe: StripeSettings | null;
}

const STRIPE_VARS = [
  'USSYNTH_STRIPE_SECRET_KEY',
  'USSYNTH_STRIPE_WEBHOOK_SECRET',
  'USSYNTH_STRIPE_PRICE_STANDARD',
  'USSYNTH_STRIPE_PRICE_PRO',
  'USSYNTH_STRIPE_API_URL',
  'USSYNTH_BILLING_GRACE_DAYS',
];

/**
 * Reads the billing variables; every problem is pushed to `problems` naming
 * its variable (never echoing a secret), so the start stops on a typo.
 * @example loadBillingConfig({ USSYNTH_BILLING: 'stripe', ... }, problems).mode // 'stripe'
 */
export function loadBillingConfig(env: NodeJS.ProcessEnv, problems: string[]): BillingConfig {
  const text = (name: string) => (env[name] === undefined || env[name] === '' ? null : env[name]!);
  const mode = text('USSYNTH_BILLING') ?? 'none';
  if (mode !== 'none' && mode !== 'stripe') {
    problems.push(
      `USSYNTH_BILLING must be "stripe" (take payment through Stripe) or "none" (the operator sets plans); got ${JSON.stringify(mode)}`,
    );
    return { mode: 'none', defaultPlan: 'none', stripe: null };
  }
  const planText = text('USSYNTH_DEFAULT_PLAN') ?? 'none';
  const defaultPlan =
    planText === 'none' || (SELF_SERVICE_TIERS as readonly string[]).includes(planText)
      ? (planText as SelfServiceTier | 'none')
      : 'none';
  if (planText !== defaultPlan)
    problems.push(
      `USSYNTH_DEFAULT_PLAN must be none, standard or pro (Enterprise is set per account by the operator); got ${JSON.stringify(planText)}`,
    );
  if (mode === 'none') {
    const stray = STRIPE_VARS.filter((name) => text(name) !== null);
    if (stray.length)
      problems.push(
        `${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but USSYNTH_BILLING is not "stripe": set USSYNTH_BILLING=stripe to take payment, or remove ${stray.length === 1 ? 'it' : 'them'}`,
      );
    return { mode, defaultPlan, stripe: null };
  }
  // With Stripe a new account has no paid plan until its Checkout completes: nothing is handed out unpaid.
  if (defaultPlan !== 'none')
    problems.push(
      `USSYNTH_DEFAULT_PLAN=${defaultPlan} cannot be used with USSYNTH_BILLING=stripe: a new account has no paid plan until its Checkout completes (unset it, or set it to none)`,
    );
  const secretKey = text('USSYNTH_STRIPE_SECRET_KEY');
  if (secretKey === null)
    problems.push(
      'USSYNTH_STRIPE_SECRET_KEY is required with USSYNTH_BILLING=stripe (a secret key sk_test_... or sk_live_..., or a restricted key rk_...)',
    );
  else if (!/^(sk|rk)_(test|live)_[0-9A-Za-z]{8,}$/.test(secretKey))
    problems.push(
      'USSYNTH_STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_..., sk_live_...) or restricted key (rk_test_..., rk_live_...); the value given is not one',
    );
  const webhookSecret = text('USSYNTH_STRIPE_WEBHOOK_SECRET');
  if (webhookSecret === null)
    problems.push(
      "USSYNTH_STRIPE_WEBHOOK_SECRET is required with USSYNTH_BILLING=stripe (the endpoint's signing secret, whsec_...)",
    );
  else if (!/^whsec_[0-9A-Za-z+/=]{8,}$/.test(webhookSecret))
    problems.push(
      'USSYNTH_STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...); the value given is not one',
    );
  const price = (tier: SelfServiceTier) => {
    const name = `USSYNTH_STRIPE_PRICE_${tier.toUpperCase()}`;
    const id = text(name);
    if (id === null)
      problems.push(
        `${name} is required with USSYNTH_BILLING=stripe (the recurring monthly Price id of the ${tier} plan, price_...)`,
      );
    else if (!/^price_[0-9A-Za-z]+$/.test(id))
      problems.push(`${name} must be a Price id such as price_1QxYz...; got ${JSON.stringify(id.slice(0, 40))}`);
    return id ?? '';
  };
  const prices = { standard: price('standard'), pro: price('pro') };
  if (prices.standard !== '' && prices.standard === prices.pro)
    problems.push(
      "USSYNTH_STRIPE_PRICE_STANDARD and USSYNTH_STRIPE_PRICE_PRO must be different Prices (the plan is read from the subscription's Price)",
    );
  const apiUrl = stripeApiUrl(text('USSYNTH_STRIPE_API_URL'), problems);
  const graceText = text('USSYNTH_BILLING_GRACE_DAYS');
  let graceDays = DEFAULT_GRACE_DAYS;
  if (graceText !== null) {
    if (/^[0-9]{1,2}$/.test(graceText) && Number(graceText) <= 30) graceDays = Number(graceText);
    else
      problems.push(
        `USSYNTH_BILLING_GRACE_DAYS must be a whole number of days from 0 to 30; got ${JSON.stringify(graceText)}`,
      );
  }
  return {
    mode,
    defaultPlan: 'none',
    stripe: { secretKey: secretKey ?? '', webhookSecret: webhookSecret ?? '', prices, apiUrl, graceDays },
  };
}

/** The plan the development start (`serve --dev-plan`, which `npm start` runs) gives accounts made at /signup. */
export const DEVELOPMENT_PLAN: SelfServiceTier = 'pro';

/**
 * The billing of the development start (`serve --dev-plan`): without payment and without USSYNTH_DEFAULT_PLAN, an
 * account made at /signup gets DEVELOPMENT_PLAN, so a key made on the local dashboard works at once. A plan the
 * environment names wins, and Stripe billing is left as it is (Checkout gives plans there).
 * @example developmentBilling(loadBillingConfig({}, []), {}).defaultPlan // 'pro'
 */
export function developmentBilling(billing: BillingConfig, env: NodeJS.ProcessEnv): BillingConfig {
  const named = env.USSYNTH_DEFAULT_PLAN !== undefined && env.USSYNTH_DEFAULT_PLAN !== '';
  return billing.mode === 'none' && !named ? { ...billing, defaultPlan: DEVELOPMENT_PLAN } : billing;
}

function stripeApiUrl(text: string | null, problems: string[]): URL | null {
  if (text === null) return null;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // Reported below.
  }
  if (
    url === undefined ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.username !== ''
  ) {
    problems.push(
      `USSYNTH_STRIPE_API_URL must be an http:// or https:// origin such as https://api.stripe.com (the SDK's host, port and protocol); got ${JSON.stringify(text)}`,
    );
    return null;
  }
  return url;
}
