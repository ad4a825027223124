import { createGenerator, type Generator } from 'ussynth';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { recordUnits } from '../../../access/record-units.js';
import { batchJson } from './batch-json.js';

/** Records of quota (record-units.ts) made between two turns of the event loop by slicedBatchBody (and slicedRecords). */
export const SLICE_UNITS = 500;
const ENCODER = new TextEncoder();

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
export function batchBody(
  job: BatchJob,
  generator: Generator = createGenerator({ seed: job.seed, fictionalPhones: job.fictional }),
): Uint8Array {
  const { start, count, state, geo, fields } = job;
  const addresses =
    fields !== undefined
      ? generator.addresses({ start, count, state, fields })
      : generator.addresses({ start, count, state, geo });
  return batchJson(count, addresses, fields === undefined && geo !== true);
}

/**
 * batchBody's bytes, byte for byte, made in slices of at most 500 records of quota (record-units.ts) with a turn of
 * the event loop between them, for a batch whose records count more than one each (a long `fields` list). Made on
 * the event loop (no worker threads), such a batch would hold every other request for its whole making: 64 entries
 * take about 13x a default record's work, 300 ms and more for 1,000 on the 2-core machine (issue 46). Any other
 * batch is made at once, as batchBody makes it.
 * @example new TextDecoder().decode(await slicedBatchBody({ seed: 'demo', fictional: false, start: 0, count: 1000, fields: 'id=uuid,email' }))
 */
export async function slicedBatchBody(
  job: BatchJob,
  generator: Generator = createGenerator({ seed: job.seed, fictionalPhones: job.fictional }),
): Promise<Uint8Array> {
  const { start, count, state, fields } = job;
  const units = recordUnits(fields);
  if (fields === undefined || units === 1) return batchBody(job, generator);
  const slice = Math.max(1, Math.floor(SLICE_UNITS / units));
  const parts: string[] = [];
  for (let from = 0; from < count; from += slice) {
    if (from > 0) await nextTurn();
    // Pages of any split give the same records; JSON.stringify writes an array as its elements joined by commas.
    parts.push(
      JSON.stringify(
        generator.addresses({ start: start + from, count: Math.min(slice, count - from), state, fields }),
      ).slice(1, -1),
    );
  }
  return ENCODER.encode(`{"count":${count},"addresses":[${parts.join(',')}]}`);
}
