import { checkRange } from 'ussynth';
import { debitThenServe } from '../../../access/debit-then-serve.js';
import { relatedRecordUnits } from '../../../access/record-units.js';
import { objectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import { strictQueryFor } from '../../../validation/strict-query.js';
import type { TypeBoxApp } from '../../typebox-app.js';
import { slicedRecords } from '../sliced-records.js';
import { API_ROUTE, checkGeneratableState, GENERATED_HEADERS, seededGenerator } from '../seeded-generator.js';

/**
 * GET /v1/companies: `count` companies (default 10, 1..1000) from record `start` of the seed's company stream of
 * `state`, as /v1/batch pages addresses; a company is 1 record of quota (record-units.ts).
 * @example await app.register(companiesRoutes)
 */
export async function companiesRoutes(app: TypeBoxApp): Promise<void> {
  app.get(
    '/companies',
    {
      ...strictQueryFor('count', 'state', 'fictional', 'seed', 'start'),
      schema: {
        ...API_ROUTE,
        summary: 'A page of synthetic companies',
        description:
          "Records `start .. start+count-1` of the seeded company stream of `state` (the library's `companies()`); pages of any split give the same records. A company is 1 record of quota.",
        querystring: objectOf('count', 'state', 'fictional', 'seed', 'start'),
        response: {
          200: { description: 'A page of companies', $ref: 'companies#', headers: GENERATED_HEADERS },
          ...problemResponses(400, 401, 403, 429, 500, 503),
        },
      },
    },
    (request, reply) => {
      const { count, state, fictional, seed, start } = request.query;
      const generator = seededGenerator(seed, reply, fictional);
      checkGeneratableState(generator, state);
      checkRange(start, count);
      const units = relatedRecordUnits('company');
      return debitThenServe(request, reply, count * units, async () => ({
        count,
        companies: await slicedRecords(start, count, units, (from, size) =>
          generator.companies({ start: from, count: size, state }),
        ),
      }));
    },
  );
}
