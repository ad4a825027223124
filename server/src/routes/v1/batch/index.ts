import { debitThenServe } from '../../../access/debit-then-serve.js';
import { objectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import { strictQueryFor } from '../../../validation/strict-query.js';
import type { TypeBoxApp } from '../../typebox-app.js';
import { API_ROUTE, checkFields, checkGeneratableState, GENERATED_HEADERS, seededGenerator } from '../seeded-generator.js';

/**
 * GET /v1/batch: `count` addresses (default 10, 1..1000) from record `start`; `count` records of quota.
 * @example await app.register(batchRoutes)
 */
export async function batchRoutes(app: TypeBoxApp): Promise<void> {
  app.get(
    '/batch',
    {
      ...strictQueryFor('count', 'state', 'fictional', 'seed', 'start', 'geo', 'fields'),
      schema: {
        ...API_ROUTE,
        summary: 'A batch of synthetic addresses',
        description: 'Records `start .. start+count-1` of the seeded address stream; pages of any split give the same records. With `fields`, each record holds the columns asked instead, in order (schema fieldRecord).',
        querystring: objectOf('count', 'state', 'fictional', 'seed', 'start', 'geo', 'fields'),
        response: { 200: { description: 'A batch', $ref: 'batch#', headers: GENERATED_HEADERS }, ...problemResponses(400, 401, 403, 429, 500, 503) },
      },
    },
    (request, reply) => {
      const { count, state, fictional, seed, start, geo, fields } = request.query;
      const generator = seededGenerator(seed, reply, fictional);
      checkGeneratableState(generator, state);
      checkFields(fields, geo);
      // V8's native JSON.stringify beats the schema-compiled serializer on 1000 records of short strings
      // (it flattens the generator's concatenated strings without a per-character escape loop); the
      // schema still documents the body, and the library's types guarantee its shape.
      reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
      if (fields !== undefined) return debitThenServe(request, reply, count, () => ({ count, addresses: generator.addresses({ start, count, state, fields }) }));
      return debitThenServe(request, reply, count, () => ({ count, addresses: generator.addresses({ start, count, state, geo }) }));
    },
  );
}
