import { createGenerator, type Generator } from 'ussynth';
import { batchJson } from './batch-json.js';

/**
 * What a batch answer holds, checked already (state, fields, range): the
 * seed in its canonical form, so that any thread makes the same records.
 * @example const job: BatchJob = { seed: 'demo', fictional: false, start: 0, count: 1000 };
 */
export interface BatchJob {
  seed: string;
  fictional: boolean;
  start: number;
  count: number;
  state?: string;
  geo?: boolean;
  fields?: string;
}

/**
 * The JSON body of a batch answer, `{ count, addresses }`, as UTF-8 bytes with
 * an ArrayBuffer of their own (batch-json.ts). Made the same way on the main
 * thread and in a worker; `generator` is the job's own when the caller has it
 * already (the route's, which checked the job: made once a request, not twice).
 * The route's schema documents the body, and the library's types guarantee its shape.
 * @example new TextDecoder().decode(batchBody({ seed: 'demo', fictional: false, start: 0, count: 2 }))
 */
export function batchBody(job: BatchJob, generator: Generator = createGenerator({ seed: job.seed, fictionalPhones: job.fictional })): Uint8Array {
  const { start, count, state, geo, fields } = job;
  const addresses = fields !== undefined ? generator.addresses({ start, count, state, fields }) : generator.addresses({ start, count, state, geo });
  return batchJson(count, addresses, fields === undefined && geo !== true);
}
