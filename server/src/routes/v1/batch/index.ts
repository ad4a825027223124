import { checkRange } from 'ussynth';
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
} from '../seeded-generator.js';
import { BatchThreads } from './batch-threads.js';

/**
 * GET /v1/batch: `count` addresses (default 10, 1..1000) from record `start`; `count` records of quota, more for
 * records of a long `fields` list (record-units.ts).
 * The bodies are made by `threads` worker threads (none: on the event loop), stopped when the app closes.
 * @example await app.register(batchRoutes, { threads: 1 })
 */
export async function batchRoutes(app: TypeBoxApp, options: { threads: number }): Promise<void> {
  const threads = new BatchThreads(options.threads);
  app.addHook('onClose', () => threads.close());
  app.get(
    '/batch',
    {
      ...strictQueryFor('count', 'state', 'fictional', 'seed', 'start', 'geo', 'fields'),
      schema: {
        ...API_ROUTE,
        summary: 'A batch of synthetic addresses',
        description:
          'Records `start .. start+count-1` of the seeded address stream; pages of any split give the same records. With `fields`, each record holds the columns asked instead, in order (schema fieldRecord).',
        querystring: objectOf('count', 'state', 'fictional', 'seed', 'start', 'geo', 'fields'),
        response: {
          200: { description: 'A batch', $ref: 'batch#', headers: GENERATED_HEADERS },
          ...problemResponses(400, 401, 403, 429, 500, 503),
        },
      },
    },
    (request, reply) => {
      const { count, state, fictional, seed, start, geo, fields } = request.query;
      const generator = seededGenerator(seed, reply, fictional);
      checkGeneratableState(generator, state);
      checkFields(fields, geo);
      checkRange(start, count);
      // Made once the debit is durable, already as JSON bytes (batch-body.ts); the schema documents the body. On the
      // event loop, by the generator that checked the request (made once a request).
      reply.type('application/json; charset=utf-8');
      const job = { seed: generator.seed, fictional: generator.fictionalPhones, start, count, state, geo, fields };
      return debitThenServe(request, reply, count * recordUnits(fields), async () =>
        asBuffer(await threads.render(job, generator)),
      );
    },
  );
}

/** The bytes as a Buffer over the same memory (Fastify sends a Buffer as it is). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
