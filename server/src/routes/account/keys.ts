import { ACCOUNT_CAPS } from '../../accounts/account-caps.js';
import { problemResponses } from '../../schemas/problem.js';
import { ACCOUNT_ROUTE, type AccountRouteContext } from './account-route.js';
import type { TypeBoxApp } from '../typebox-app.js';
import { keyListingJson } from './key-listing.js';
import { body, KEY_LISTING_SCHEMA } from './schemas.js';

const KEY_PAGE_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // Text (the query is not coerced): the service checks the range and names the parameter.
    limit: {
      type: 'string',
      maxLength: 16,
      description: `Keys per page, 1 to ${ACCOUNT_CAPS.keysPerPage} (default ${ACCOUNT_CAPS.keysPerPage}).`,
    },
    cursor: { type: 'string', maxLength: 200, description: 'The `nextCursor` of the previous page.' },
  },
} as const;
const KEY_ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;
const NEW_KEY_SCHEMA = {
  description: 'The new key: `key` is shown this once and never again',
  type: 'object',
  required: ['key', ...KEY_LISTING_SCHEMA.required],
  properties: { key: { type: 'string', description: 'The API key; store it now.' }, ...KEY_LISTING_SCHEMA.properties },
} as const;

/**
 * The account's API keys: list, create (shown once), revoke, roll.
 * @example await app.register(accountKeyRoutes, { context })
 */
export async function accountKeyRoutes(app: TypeBoxApp, { context }: { context: AccountRouteContext }): Promise<void> {
  const { accountKeys } = context;
  const now = () => app.ussynth.clock();

  app.get(
    '/keys',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        summary: "The account's keys, newest first, a page at a time",
        querystring: KEY_PAGE_QUERY,
        response: {
          200: {
            type: 'object',
            required: ['keys', 'nextCursor'],
            properties: {
              keys: { type: 'array', items: KEY_LISTING_SCHEMA },
              nextCursor: {
                type: ['string', 'null'],
                description: 'Pass as `cursor` for the next page; null on the last page.',
              },
            },
          },
          ...problemResponses(400, 401),
        },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      const page = await accountKeys.listKeys(
        await context.session(request),
        limit === undefined ? undefined : plainInteger(limit),
        cursor,
      );
      const at = now();
      return { keys: page.keys.map((key) => keyListingJson(key, at)), nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/keys',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        summary: 'Create a key (needs a verified e-mail address)',
        body: body(
          {
            name: { type: 'string', description: 'A label, up to 64 characters.' },
            expiresAt: { type: ['string', 'null'], description: 'Optional ISO date or time in the future.' },
          },
          ['name'],
        ),
        response: { 201: NEW_KEY_SCHEMA, ...problemResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { name, expiresAt } = request.body;
      const { key, listing } = await accountKeys.createKey(await context.session(request), name, expiresAt);
      return reply.code(201).send({ key, ...keyListingJson(listing, now()) });
    },
  );

  app.post(
    '/keys/:id/revoke',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        summary: 'Revoke a key at once',
        params: KEY_ID_PARAMS,
        response: { 204: { type: 'null', description: 'Revoked' }, ...problemResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await accountKeys.revokeKey(await context.session(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/keys/:id/roll',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        summary: 'Replace a key; the old one works until the grace period ends',
        params: KEY_ID_PARAMS,
        body: body({ graceSeconds: { type: 'integer', description: '0 to 2592000 (30 days).' } }, ['graceSeconds']),
        response: { 201: NEW_KEY_SCHEMA, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const session = await context.session(request);
      const { key, listing } = await accountKeys.rollKey(session, request.params.id, request.body.graceSeconds);
      return reply.code(201).send({ key, ...keyListingJson(listing, now()) });
    },
  );
}

// Plain decimal digits only ("1e2", " 5" and "+5" are refused, as on /v1): NaN for anything else.
function plainInteger(text: string): number {
  return /^[0-9]{1,6}$/.test(text) ? Number(text) : Number.NaN;
}
