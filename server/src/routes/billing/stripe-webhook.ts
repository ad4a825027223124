import type { FastifyInstance } from 'fastify';
import type { Billing } from '../../billing/billing.js';
import { problemResponses } from '../../schemas/problem.js';

/** Where Stripe sends webhook events (configure this URL under Developers -> Webhooks). */
export const STRIPE_WEBHOOK_PATH = '/billing/stripe/webhook';

/** Largest webhook body taken: Stripe's events are a few KiB; a subscription with many items stays well under this. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * `POST /billing/stripe/webhook`: the raw body (bytes as sent, for the
 * signature) goes to the billing engine, which verifies the Stripe-Signature
 * header and applies the event once. 200 `{ received, applied, outcome }`;
 * a bad or missing signature is 400 and changes nothing; a failure (Stripe
 * or the store unreachable) is 503 and changes nothing, so Stripe retries.
 * @example await app.register(stripeWebhookRoute, { billing })
 */
export async function stripeWebhookRoute(app: FastifyInstance, { billing }: { billing: Billing }): Promise<void> {
  // Encapsulated: only this route reads JSON as a Buffer.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    STRIPE_WEBHOOK_PATH,
    {
      bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['billing'],
        operationId: 'receiveStripeWebhook',
        summary: "Stripe webhook events (signed with the endpoint's secret)",
        response: {
          200: {
            type: 'object',
            required: ['received', 'applied', 'outcome'],
            properties: {
              received: { type: 'boolean' },
              applied: { type: 'boolean', description: 'False for a replay or an event of no concern.' },
              outcome: { type: 'string' },
            },
          },
          ...problemResponses(400, 404, 503),
        },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await billing.webhook(
        raw,
        typeof signature === 'string' ? signature : undefined,
        request.server.ussynth.clock(),
      );
      request.log.info({ outcome: result.outcome, applied: result.applied }, 'stripe webhook');
      return { received: true, ...result };
    },
  );
}
