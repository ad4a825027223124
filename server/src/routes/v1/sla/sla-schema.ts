/** One month's measured availability (GET /v1/sla, GET /account/v1/sla). */
const MONTH_SLA_SCHEMA = {
  type: 'object',
  required: ['period', 'from', 'to', 'goodRequests', 'badRequests', 'availabilityPercent', 'creditPercent'],
  properties: {
    period: { type: 'string', description: 'Calendar month (UTC), YYYY-MM.' },
    from: { type: 'string', format: 'date-time', description: 'Start of the month.' },
    to: { type: 'string', format: 'date-time', description: 'End of what was measured: now for the current month.' },
    goodRequests: {
      type: 'integer',
      description: 'Requests of the account that counted and were answered in time without a 5xx.',
    },
    badRequests: {
      type: 'integer',
      description: 'Requests of the account answered with a 5xx or slower than the threshold.',
    },
    availabilityPercent: {
      type: 'number',
      description:
        'Availability in percent, 4 decimals: 100 less the share of bad minutes (each minute weighted by its share of bad requests; minutes without requests are not bad).',
    },
    creditPercent: {
      type: 'number',
      description: 'Credit owed for the month, percent of its fee (0: the objective was met).',
    },
  },
} as const;

/**
 * The account's SLA as JSON: objective, credit schedule, this month so far and the month before.
 * @example response: { 200: { description: 'The SLA', ...ACCOUNT_SLA_SCHEMA } }
 */
export const ACCOUNT_SLA_SCHEMA = {
  type: 'object',
  required: ['objectivePercent', 'credits', 'month', 'previousMonth'],
  properties: {
    objectivePercent: {
      type: 'number',
      description: "Monthly availability objective of the account's plan (or Enterprise contract), percent.",
    },
    credits: {
      type: 'array',
      description:
        "The credit schedule: below `belowPercent` availability, `creditPercent` of the month's fee (the largest step that applies).",
      items: {
        type: 'object',
        required: ['belowPercent', 'creditPercent'],
        properties: { belowPercent: { type: 'number' }, creditPercent: { type: 'number' } },
      },
    },
    month: MONTH_SLA_SCHEMA,
    previousMonth: MONTH_SLA_SCHEMA,
  },
} as const;
