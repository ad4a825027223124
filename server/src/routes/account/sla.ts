import { servingPlan } from '../../billing/billing.js';
import type { SlaService } from '../../sla/sla-service.js';
import { problemResponses } from '../../schemas/problem.js';
import { ACCOUNT_SLA_SCHEMA } from '../v1/sla/sla-schema.js';
import { ACCOUNT_ROUTE } from './account-route.js';
import type { AccountRouteContext } from './account-route.js';
import type { TypeBoxApp } from '../typebox-app.js';

/** The SLA's terms as published (the configuration's): objectives per plan, credits, the slow threshold. */
const TERMS_SCHEMA = {
  type: 'object',
  required: ['objectivePercent', 'credits', 'slowMs', 'maintenanceNoticeDays'],
  properties: {
    objectivePercent: {
      type: 'object',
      required: ['standard', 'pro', 'enterprise'],
      properties: {
        standard: { type: 'number' },
        pro: { type: 'number' },
        enterprise: { type: 'number', description: 'The default; a contract may set its own.' },
      },
      description: 'Monthly availability objective per plan, percent.',
    },
    credits: {
      type: 'array',
      items: {
        type: 'object',
        required: ['belowPercent', 'creditPercent'],
        properties: {
          belowPercent: { type: ['number', 'null'], description: "null: below the plan's objective." },
          creditPercent: { type: 'number' },
        },
      },
    },
    slowMs: { type: 'integer', description: 'An answer slower than this counts as failed.' },
    maintenanceNoticeDays: { type: 'integer', description: 'Days ahead maintenance is announced to be excluded.' },
  },
} as const;

const DASHBOARD_SLA_SCHEMA = {
  type: 'object',
  required: ['plan', 'sla'],
  properties: {
    plan: { type: 'string', enum: ['none', 'standard', 'pro', 'enterprise'] },
    sla: { ...ACCOUNT_SLA_SCHEMA, type: ['object', 'null'], description: 'null: no paid plan, so no SLA.' },
  },
} as const;

/**
 * The SLA for the pages: its terms (no session: the sign-up page shows them) and the signed-in account's month,
 * objective and credit (the dashboard), the same figures as GET /v1/sla.
 * @example await app.register(accountSlaRoutes, { context, sla })
 */
export async function accountSlaRoutes(
  app: TypeBoxApp,
  { context, sla }: { context: AccountRouteContext; sla: SlaService },
): Promise<void> {
  app.get(
    '/sla/terms',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        operationId: 'getSlaTerms',
        summary: "The SLA's objectives, credits and threshold (no session needed)",
        response: { 200: TERMS_SCHEMA },
      },
    },
    async () => sla.terms(),
  );

  app.get(
    '/sla',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        operationId: 'getAccountSla',
        summary: "The account's measured availability this month and last, its objective and the credit owed",
        response: { 200: DASHBOARD_SLA_SCHEMA, ...problemResponses(401) },
      },
    },
    async (request) => {
      const { account } = await context.session(request);
      const plan = servingPlan(account, app.ussynth.clock());
      if (plan === 'none') return { plan, sla: null };
      return { plan, sla: await sla.accountSla(account.id, account.tier) };
    },
  );
}
