import { checkRange } from 'ussynth';
import { debitThenServe } from '../../../access/debit-then-serve.js';
import { relatedRecordUnits } from '../../../access/record-units.js';
import { ProblemError } from '../../../problem/problem-error.js';
import { objectOf, requiredObjectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import { strictParams, strictQuery } from '../../../validation/strict-query.js';
import type { TypeBoxApp } from '../../typebox-app.js';
import { slicedRecords } from '../sliced-records.js';
import { API_ROUTE, checkGeneratableState, GENERATED_HEADERS, seededGenerator } from '../seeded-generator.js';

/**
 * GET /v1/companies/{index}/employees: the company `index` of the seed's company stream of `state` and its employees
 * `start .. start+count-1` (default 10, 1..1000), cut to its headcount; an employee is 1 record of quota, the company
 * comes with them. A `start` at or past the headcount is a 400 `invalid_index` naming it.
 * @example await app.register(employeesRoutes)
 */
export async function employeesRoutes(app: TypeBoxApp): Promise<void> {
  app.get(
    '/companies/:index/employees',
    {
      preValidation: [strictQuery, strictParams],
      schema: {
        ...API_ROUTE,
        summary: "A page of a synthetic company's employees",
        description:
          "The company `index` of the seeded company stream of `state` (the record /v1/companies gives with the same seed, state and start=index) and its employees `start .. start+count-1` (the library's `employees()`), cut to the company's headcount (its `employees` field): `count` in the answer is how many there are. Employee indexes run from 0 to the headcount - 1; a `start` past them is refused. An employee is 1 record of quota; the company comes with them.",
        params: requiredObjectOf('index'),
        querystring: objectOf('count', 'state', 'fictional', 'seed', 'start'),
        response: {
          200: { description: 'A company and a page of its employees', $ref: 'employees#', headers: GENERATED_HEADERS },
          ...problemResponses(400, 401, 403, 429, 500, 503),
        },
      },
    },
    (request, reply) => {
      const { index } = request.params;
      const { count, state, fictional, seed, start } = request.query;
      const generator = seededGenerator(seed, reply, fictional);
      checkGeneratableState(generator, state);
      checkRange(start, count);
      const company = generator.companyAt(index, { state });
      if (start >= company.employees)
        throw new ProblemError(
          'invalid_index',
          `start must be below the headcount of company ${index} (${company.employees}: employees 0..${company.employees - 1}); got ${start}`,
          { param: 'start' },
        );
      const served = Math.min(count, company.employees - start);
      const units = relatedRecordUnits('employee');
      return debitThenServe(request, reply, served * units, async () => ({
        count: served,
        company,
        employees: await slicedRecords(start, served, units, (from, size) =>
          generator.employees({ company: index, start: from, count: size, state }),
        ),
      }));
    },
  );
}
