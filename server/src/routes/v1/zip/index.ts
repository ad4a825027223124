import { createGenerator } from 'ussynth';
import { debitThenServe } from '../../../access/debit-then-serve.js';
import { ProblemError } from '../../../problem/problem-error.js';
import { objectOf, requiredObjectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import { strictQueryFor } from '../../../validation/strict-query.js';
import type { TypeBoxApp } from '../../typebox-app.js';
import { API_ROUTE, UNCOMPRESSED } from '../seeded-generator.js';

/**
 * GET /v1/zip/{zip}: state and a sample city of a ZIP (with geo=true its centroid, county and time zone); 1 record of quota when found, none for a 404.
 * @example await app.register(zipRoutes)
 */
export async function zipRoutes(app: TypeBoxApp): Promise<void> {
  // Lookups do not depend on a seed; one generator serves every request.
  const lookup = createGenerator({ seed: 'zip-lookup' });
  app.get(
    '/zip/:zip',
    {
      ...strictQueryFor('geo'),
      ...UNCOMPRESSED,
      schema: {
        ...API_ROUTE,
        summary: 'Look up a five-digit ZIP code',
        params: requiredObjectOf('zip'),
        querystring: objectOf('geo'),
        response: {
          200: {
            description: "The ZIP's state and a sample city",
            $ref: 'zip#',
            headers: {
              'X-Ussynth-Dataset-Version': {
                schema: { type: 'string' },
                description: 'Version of the compiled dataset.',
              },
            },
          },
          ...problemResponses(400, 401, 403, 404, 429, 500, 503),
        },
      },
    },
    (request, reply) => {
      const { zip } = request.params;
      const { geo } = request.query;
      const found = lookup.zip(zip, { geo });
      reply.header('x-ussynth-dataset-version', lookup.datasetVersion);
      if (!found)
        throw new ProblemError('zip_not_found', `ZIP ${zip} is well formed but not a known ZIP code`, { param: 'zip' });
      return debitThenServe(request, reply, 1, () => found);
    },
  );
}
