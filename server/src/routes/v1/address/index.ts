import { debitThenServe } from '../../../access/debit-then-serve.js';
import { recordUnits } from '../../../access/record-units.js';
import { objectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import { strictQueryFor } from '../../../validation/strict-query.js';
import type { TypeBoxApp } from '../../typebox-app.js';
import {
  API_ROUTE,
  checkFields,
  checkGeneratableState,
  GENERATED_HEADERS,
  seededGenerator,
  UNCOMPRESSED,
} from '../seeded-generator.js';

/**
 * GET /v1/address: one address (record 0 of the seeded stream), 1 record of quota.
 * @example await app.register(addressRoutes)
 */
export async function addressRoutes(app: TypeBoxApp): Promise<void> {
  app.get(
    '/address',
    {
      ...strictQueryFor('state', 'fictional', 'seed', 'geo', 'fields'),
      ...UNCOMPRESSED,
      schema: {
        ...API_ROUTE,
        summary: 'One synthetic address',
        description: 'With `fields`, the body holds the columns asked instead, in order (schema fieldRecord).',
        querystring: objectOf('state', 'fictional', 'seed', 'geo', 'fields'),
        response: {
          200: { description: 'An address', $ref: 'address#', headers: GENERATED_HEADERS },
          ...problemResponses(400, 401, 403, 429, 500, 503),
        },
      },
    },
    (request, reply) => {
      const { state, fictional, seed, geo, fields } = request.query;
      const generator = seededGenerator(seed, reply, fictional);
      checkGeneratableState(generator, state);
      checkFields(fields, geo);
      if (fields === undefined) return debitThenServe(request, reply, 1, () => generator.address({ state, geo }));
      // The address schema's serializer would drop the columns asked: the record goes out as JSON.stringify writes it.
      reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
      return debitThenServe(request, reply, recordUnits(fields), () => generator.address({ state, fields }));
    },
  );
}
