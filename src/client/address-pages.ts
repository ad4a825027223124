import type { Address, BatchResult } from '../types.js';
import { invalidOption, UssynthApiError } from './api-error.js';
import { apiGet } from './api-request.js';
import { type ResolvedClientOptions, seedOption, wholeNumberOption } from './client-options.js';

/**
 * Most addresses one `/v1/batch` request returns: the API's page size.
 * @example Math.ceil(2500 / API_MAX_BATCH) // 3 requests
 */
export const API_MAX_BATCH = 1000;

/**
 * Options of `addresses` and `addressPages`: records `start .. start+count-1`
 * of the seed's address stream (of `state`), exactly the library's
 * `addresses({ start, count, state })` for the same seed.
 * @example const range: AddressesOptions = { seed: 'fixtures-v1', start: 0, count: 25_000, state: 'TX' }
 */
export interface AddressesOptions {
  /** Seed of the stream; required, since every page must name the same stream. Numbers count as their `String()`. */
  seed: string | number;
  /** First record, default 0. */
  start?: number;
  /** Number of records, any whole number from 0. */
  count: number;
  /** Two-letter state, DC or territory code. */
  state?: string;
  /** Records per request, 1..1000 (default 1000, the fewest requests). */
  pageSize?: number;
  /** Cancels the requests in flight and any wait. */
  signal?: AbortSignal;
}

/**
 * A page of a range: records `start .. start+addresses.length-1`.
 * @example for await (const page of client.addressPages(range)) save(page.start, page.addresses)
 */
export interface AddressPage {
  start: number;
  addresses: Address[];
}

/** Aborts `controller` when `signal` does, until `unlink` is called. */
function follow(controller: AbortController, signal: AbortSignal | undefined): () => void {
  if (!signal) return () => undefined;
  const onAbort = (): void => controller.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

/**
 * Yields the range as pages in order, fetching up to `concurrency` pages of
 * `/v1/batch` ahead of the consumer (so memory stays at a few pages for any
 * count). Breaking out of the loop, or an error, cancels the pages in flight.
 * @example for await (const page of addressPages(options, { seed: 42, count: 1_000_000 })) write(page.addresses)
 */
export async function* addressPages(options: ResolvedClientOptions, range: AddressesOptions): AsyncGenerator<AddressPage, void, undefined> {
  const seed = seedOption(range.seed);
  if (seed === undefined) throw invalidOption('seed', 'seed is required to page a stream (every page must name the same one): a non-empty string or a finite number');
  const first = wholeNumberOption('start', range.start, 0, Number.MAX_SAFE_INTEGER, 0);
  const count = wholeNumberOption('count', range.count, 0, Number.MAX_SAFE_INTEGER - first, 0);
  const pageSize = wholeNumberOption('pageSize', range.pageSize, 1, API_MAX_BATCH, API_MAX_BATCH);
  range.signal?.throwIfAborted();
  const controller = new AbortController();
  const unlink = follow(controller, range.signal);
  const end = first + count;
  let next = first;
  const inFlight: { start: number; page: Promise<Address[]> }[] = [];
  const fetchPage = async (start: number, size: number): Promise<Address[]> => {
    const batch = await apiGet<BatchResult>(options, 'v1/batch', { seed, start, count: size, state: range.state }, controller.signal);
    if (!Array.isArray(batch?.addresses) || batch.addresses.length !== size) {
      throw new UssynthApiError({ code: 'unexpected_response', message: `/v1/batch answered ${Array.isArray(batch?.addresses) ? batch.addresses.length : 'no'} addresses for a page of ${size}`, status: 200 });
    }
    return batch.addresses;
  };
  const launch = (): void => {
    const size = Math.min(pageSize, end - next);
    const page = fetchPage(next, size);
    // Observed when its turn comes; until then a failure must not count as unhandled.
    page.catch(() => undefined);
    inFlight.push({ start: next, page });
    next += size;
  };
  try {
    while (inFlight.length < options.concurrency && next < end) launch();
    while (inFlight.length > 0) {
      const { start, page } = inFlight.shift()!;
      const addresses = await page;
      if (next < end) launch();
      yield { start, addresses };
    }
  } finally {
    // Pages nobody will read any more (the consumer stopped, or a page failed) stop here.
    if (inFlight.length > 0) controller.abort(new DOMException('the address range was abandoned', 'AbortError'));
    unlink();
  }
}
