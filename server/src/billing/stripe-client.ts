import Stripe from 'stripe';
import type { StripeSettings } from './billing-config.js';

/** How long one call to Stripe may take before it fails (a page waits on Checkout and the Portal). */
const STRIPE_TIMEOUT_MS = 10_000;

/**
 * The official SDK's client for the configured key, pointed at
 * USSYNTH_STRIPE_API_URL when set (the SDK's host, port and protocol; the
 * tests' local double). One network retry, as the SDK does it (with an
 * idempotency key on writes).
 * @example const stripe = stripeClient(settings); await stripe.subscriptions.retrieve('sub_123');
 */
export function stripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const url = settings.apiUrl;
  const protocol = url?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    ...(url
      ? {
          host: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
          protocol,
        }
      : {}),
    maxNetworkRetries: 1,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
  });
}
