import { servingPlan } from '../../billing/billing.js';
import { problemResponses } from '../../schemas/problem.js';
import { ACCOUNT_ROUTE, type AccountRouteContext } from './account-route.js';
import type { TypeBoxApp } from '../typebox-app.js';
import { body, ISO_TIME, STRING, USAGE_SCHEMA } from './schemas.js';

const ACCOUNT_SCHEMA = {
  type: 'object',
  required: ['name', 'plan', 'rate', 'monthlyQuota'],
  properties: {
    name: STRING,
    plan: {
      type: 'string',
      enum: ['none', 'standard', 'pro', 'enterprise'],
      description: 'The plan that serves now; `none`: API calls answer 402 subscription_required.',
    },
    rate: { type: 'integer' },
    monthlyQuota: { type: 'integer' },
  },
} as const;

/**
 * Who is signed in, the plan, and usage.
 * @example await app.register(accountProfileRoutes, { context })
 */
export async function accountProfileRoutes(
  app: TypeBoxApp,
  { context }: { context: AccountRouteContext },
): Promise<void> {
  const { plans } = context;

  app.get(
    '/me',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        summary: 'The signed-in person, their account, the base URL and the CSRF token',
        response: {
          200: {
            type: 'object',
            required: [
              'email',
              'verified',
              'role',
              'account',
              'baseUrl',
              'csrfToken',
              'sessionExpiresAt',
              'hasPassword',
            ],
            properties: {
              email: STRING,
              verified: { type: 'boolean' },
              role: { type: 'string', enum: ['owner', 'member'] },
              account: ACCOUNT_SCHEMA,
              baseUrl: { type: 'string', description: "The API's base URL ({base_url} of the spec)." },
              csrfToken: {
                type: 'string',
                description: 'Send as x-csrf-token with every state-changing request of this session.',
              },
              sessionExpiresAt: ISO_TIME,
              hasPassword: {
                type: 'boolean',
                description: "False for people who sign in through their company's SSO only.",
              },
            },
          },
          ...problemResponses(401),
        },
      },
    },
    async (request) => {
      const session = await context.session(request);
      return {
        email: session.person.email,
        verified: session.person.emailVerifiedAt !== null,
        role: session.person.role,
        account: {
          name: session.account.name,
          plan: servingPlan(session.account, app.ussynth.clock()),
          rate: session.account.rate,
          monthlyQuota: session.account.monthlyQuota,
        },
        baseUrl: context.publicUrl(),
        csrfToken: session.csrfToken,
        sessionExpiresAt: new Date(session.expiresAt).toISOString(),
        hasPassword: session.person.passwordHash !== null,
      };
    },
  );

  app.put(
    '/plan',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        operationId: 'changePlan',
        summary:
          'Refused (403): plans are paid through Stripe (billing/checkout, billing/portal) or set by the operator',
        body: body(
          { plan: { type: 'string', description: '`standard` or `pro`; Enterprise is set by the operator.' } },
          ['plan'],
        ),
        response: problemResponses(400, 401, 403),
      },
    },
    async (request) => {
      await plans.changePlan(await context.session(request), request.body.plan);
    },
  );

  app.get(
    '/usage',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        summary: "This month's usage, refusals and the last 30 days",
        response: { 200: USAGE_SCHEMA, ...problemResponses(401) },
      },
    },
    async (request) => {
      const { account } = await context.session(request);
      const [usage, quotaNotices] = await Promise.all([
        plans.usage(account),
        app.ussynth.quotaNotices.status(account.id, app.ussynth.clock()),
      ]);
      return { ...usage, quotaNotices };
    },
  );
}
