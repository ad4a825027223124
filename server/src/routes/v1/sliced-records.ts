import { setImmediate as nextTurn } from 'node:timers/promises';
import { SLICE_UNITS } from './batch/batch-body.js';

/**
 * Records `start .. start+count-1` of a stream made by `page`, in slices of at most 500 records of quota
 * (`units` each) with a turn of the event loop between them, as slicedBatchBody makes a batch of expensive records:
 * the related records are made on the event loop, where 1,000 in one go would hold every other request for their whole
 * making (docs/architecture.md). `page` must give the same records for any split of the range (the library's pages do).
 * @example await slicedRecords(0, 1000, 3, (start, count) => gen.households({ start, count }))
 */
export async function slicedRecords<T>(
  start: number,
  count: number,
  units: number,
  page: (start: number, count: number) => T[],
): Promise<T[]> {
  const slice = Math.max(1, Math.floor(SLICE_UNITS / units));
  if (count <= slice) return page(start, count);
  const records: T[] = [];
  for (let from = 0; from < count; from += slice) {
    if (from > 0) await nextTurn();
    for (const record of page(start + from, Math.min(slice, count - from))) records.push(record);
  }
  return records;
}
