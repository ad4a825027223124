import type { StripeDouble } from '../../../test/infra/stripe-double.js';

/**
 * The environment of a server that bills through the Stripe double.
 * @example startServer(loadConfig({ ...stripeEnv(double), USSYNTH_PUBLIC_URL: url }))
 */
export function stripeEnv(double: StripeDouble, graceDays = 7): Record<string, string> {
  return {
    USSYNTH_BILLING: 'stripe',
    USSYNTH_STRIPE_SECRET_KEY: double.secretKey,
    USSYNTH_STRIPE_WEBHOOK_SECRET: double.webhookSecret,
    USSYNTH_STRIPE_PRICE_STANDARD: double.prices.standard.id,
    USSYNTH_STRIPE_PRICE_PRO: double.prices.pro.id,
    USSYNTH_STRIPE_API_URL: double.url,
    USSYNTH_BILLING_GRACE_DAYS: String(graceDays),
  };
}
