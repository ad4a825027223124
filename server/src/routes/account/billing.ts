import { problemResponses } from '../../schemas/problem.js';
import { isoTime } from '../../text/iso-time.js';
import { noPlanText } from '../../billing/no-plan-text.js';
import { ACCOUNT_ROUTE, type AccountRouteContext } from './account-route.js';
import type { TypeBoxApp } from '../typebox-app.js';
import { body, ISO_TIME_OR_NULL } from './schemas.js';

const PLAN_ENUM = { type: 'string', enum: ['standard', 'pro'] } as const;

/** A plan on offer with its price (null: no payment is taken, or the price is not known just now). */
const OFFER_SCHEMA = {
  type: 'object',
  required: ['plan', 'rate', 'monthlyQuota', 'price'],
  properties: {
    plan: PLAN_ENUM,
    rate: { type: 'integer', description: 'Requests per second.' },
    monthlyQuota: { type: 'integer', description: 'Records per calendar month (UTC).' },
    price: {
      type: ['object', 'null'],
      required: ['amount', 'currency', 'interval'],
      properties: {
        amount: { type: 'integer', description: "In the currency's smallest unit (cents)." },
        currency: { type: 'string' },
        interval: { type: 'string' },
      },
    },
  },
} as const;

const PLANS_SCHEMA = {
  type: 'object',
  required: ['billing', 'signUpPlan', 'plans'],
  properties: {
    billing: {
      type: 'string',
      enum: ['none', 'stripe'],
      description: '`stripe`: plans are paid through Stripe; `none`: the operator sets plans.',
    },
    signUpPlan: {
      type: 'string',
      enum: ['none', 'standard', 'pro'],
      description: 'The plan a new account starts on (`none`: no paid plan until one is set or paid).',
    },
    plans: { type: 'array', items: OFFER_SCHEMA },
  },
} as const;

const BILLING_SCHEMA = {
  type: 'object',
  required: ['billing', 'plan', 'status', 'graceEndsAt', 'renewsAt', 'canSubscribe', 'canManage', 'plans', 'noPlan'],
  properties: {
    billing: PLANS_SCHEMA.properties.billing,
    plan: {
      type: 'string',
      enum: ['none', 'standard', 'pro', 'enterprise'],
      description: 'The plan that serves now; `none`: API calls answer 402 subscription_required.',
    },
    status: {
      type: 'string',
      enum: ['active', 'past_due', 'canceled', 'none', 'contract'],
      description: '`past_due`: serving until `graceEndsAt`; `contract`: set by the operator.',
    },
    graceEndsAt: ISO_TIME_OR_NULL,
    renewsAt: ISO_TIME_OR_NULL,
    canSubscribe: { type: 'boolean' },
    canManage: { type: 'boolean' },
    plans: { type: 'array', items: OFFER_SCHEMA },
    noPlan: {
      type: ['string', 'null'],
      description:
        'Without a plan: what its keys answer and how the account gets one, the words of the 402 `subscription_required`; null while a plan serves.',
    },
  },
} as const;

const URL_SCHEMA = {
  type: 'object',
  required: ['url'],
  properties: { url: { type: 'string', description: 'Send the browser here (a Stripe page).' } },
} as const;

/**
 * The plans with their prices, the account's billing, and the way to pay:
 * Subscribe (a Stripe Checkout page) and Manage billing (the Customer
 * Portal). The routes are the same whatever the billing engine; without
 * payment the two writes answer 403.
 * @example await app.register(accountBillingRoutes, { context })
 */
export async function accountBillingRoutes(
  app: TypeBoxApp,
  { context }: { context: AccountRouteContext },
): Promise<void> {
  const { plans } = context;

  app.get(
    '/plans',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        operationId: 'listPlans',
        summary: 'The plans on offer with their prices (no session needed)',
        response: { 200: PLANS_SCHEMA },
      },
    },
    async () => ({
      billing: plans.billingMode,
      signUpPlan: plans.signUpPlan,
      plans: await plans.offers(),
    }),
  );

  app.get(
    '/billing',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        operationId: 'getBilling',
        summary: "The account's plan, its status, grace and renewal",
        response: { 200: BILLING_SCHEMA, ...problemResponses(401) },
      },
    },
    async (request) => {
      const session = await context.session(request);
      const status = await plans.billingStatus(session);
      const noPlan = status.plan === 'none' ? noPlanText(session.account.name, plans.billingMode) : null;
      return {
        billing: plans.billingMode,
        ...status,
        graceEndsAt: isoTime(status.graceEndsAt),
        renewsAt: isoTime(status.renewsAt),
        plans: await plans.offers(),
        noPlan,
      };
    },
  );

  app.post(
    '/billing/checkout',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        operationId: 'createCheckout',
        summary:
          'Subscribe: a Stripe Checkout page for the plan, or the Customer Portal while the account has a subscription (owner only)',
        body: body({ plan: { type: 'string', description: '`standard` or `pro`.' } }, ['plan']),
        response: { 200: URL_SCHEMA, ...problemResponses(400, 401, 403, 503) },
      },
    },
    async (request) => ({ url: await plans.checkout(await context.session(request), request.body.plan) }),
  );

  app.post(
    '/billing/portal',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        operationId: 'createBillingPortal',
        summary: 'Manage billing: a Stripe Customer Portal page (owner only)',
        response: { 200: URL_SCHEMA, ...problemResponses(401, 403, 503) },
      },
    },
    async (request) => ({ url: await plans.billingPortal(await context.session(request)) }),
  );
}
