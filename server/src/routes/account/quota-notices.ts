import { ProblemError } from '../../problem/problem-error.js';
import { problemResponses } from '../../schemas/problem.js';
import { ACCOUNT_ROUTE } from './account-route.js';
import type { AccountRouteContext } from './account-route.js';
import { body, USAGE_SCHEMA } from './schemas.js';
import type { TypeBoxApp } from '../typebox-app.js';

/**
 * The account's quota e-mails (80 % and 100 % of the month's quota, once each): the owners see them and turn them
 * on or off (PUT, with the session's CSRF token); members only see them.
 * @example await app.register(accountQuotaNoticeRoutes, { context })
 */
export async function accountQuotaNoticeRoutes(
  app: TypeBoxApp,
  { context }: { context: AccountRouteContext },
): Promise<void> {
  const schema = USAGE_SCHEMA.properties.quotaNotices;
  app.get(
    '/quota-notices',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        summary: "The account's quota e-mails: on or off, thresholds, sent this month",
        response: { 200: schema, ...problemResponses(401) },
      },
    },
    async (request) => {
      const { account } = await context.session(request);
      return app.ussynth.quotaNotices.status(account.id, app.ussynth.clock());
    },
  );
  app.put(
    '/quota-notices',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        summary: "Turns the account's quota e-mails on or off (owners)",
        body: body(
          {
            enabled: {
              type: 'boolean',
              description: "true: e-mail the owners at 80 % and 100 % of the month's quota.",
            },
          },
          ['enabled'],
        ),
        response: { 200: schema, ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { account, person } = await context.session(request);
      if (person.role !== 'owner')
        throw new ProblemError('forbidden', "only the account's owners can turn its quota e-mails on or off");
      await app.ussynth.quotaNotices.setEnabled(account.id, request.body.enabled);
      return app.ussynth.quotaNotices.status(account.id, app.ussynth.clock());
    },
  );
}
