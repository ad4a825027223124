import type { FieldList, FieldRecord } from '../fields/field-list.js';
import type { Address, EinResult, PhoneResult } from '../types.js';
import { invalidOption, UssynthApiError } from './api-error.js';
import { apiGet, type Query } from './api-request.js';
import { type ResolvedClientOptions, seedOption, wholeNumberOption } from './client-options.js';

/**
 * Most records one page request (`/v1/batch`, `/v1/eins`, `/v1/phones`) returns: the API's page size.
 * @example Math.ceil(2500 / API_MAX_BATCH) // 3 requests
 */
export const API_MAX_BATCH = 1000;

/**
 * A range of a seed's stream: records `start .. start+count-1`, exactly the
 * library's records for the same seed (`addresses({ start, count })`,
 * `einAt(i)`, `phoneAt(i)`).
 * @example const range: RangeOptions = { seed: 'fixtures-v1', start: 0, count: 25_000 }
 */
export interface RangeOptions {
  /** Seed of the stream; required, since every page must name the same stream. Numbers count as their `String()`. */
  seed: string | number;
  /** First record, default 0. */
  start?: number;
  /** Number of records, any whole number from 0. */
  count: number;
  /** Records per request, 1..1000 (default 1000, the fewest requests). */
  pageSize?: number;
  /** Cancels the requests in flight and any wait. */
  signal?: AbortSignal;
}

/**
 * Options of `addresses` and `addressPages`: a range of the seed's address
 * stream of `state`, with fictional phones when asked.
 * @example const range: AddressesOptions = { seed: 'fixtures-v1', start: 0, count: 25_000, state: 'TX' }
 */
export interface AddressesOptions extends RangeOptions {
  /** Two-letter state, DC or territory code. */
  state?: string;
  /** Phones in the fictional 555-0100..555-0199 range (the library's `fictionalPhones`). */
  fictional?: boolean;
  /** Adds lat, lon, county, countyFips and timeZone to every address (the library's `geo`). */
  geo?: boolean;
  /** Only these fields, as `field` or `column=field` entries, keys in the order asked (the library's `fields`; the API's `fields=`). */
  fields?: FieldList;
}

/**
 * The API's `fields=` text of a field list: an array's entries joined by commas; the API checks them.
 * @example fieldsQuery(['id=uuid', 'email']) // "id=uuid,email"
 */
export function fieldsQuery(fields: FieldList | undefined): string | undefined {
  return fields === undefined ? undefined : typeof fields === 'string' ? fields : fields.join(',');
}

/**
 * Options of `phones` and `phonePages`: a range of the seed's phone stream of `state`.
 * @example const range: PhonesOptions = { seed: 42, count: 5000, state: 'NY', fictional: true }
 */
export interface PhonesOptions extends RangeOptions {
  /** Two-letter state, DC or territory code. */
  state?: string;
  /** Numbers in the fictional 555-0100..555-0199 range. */
  fictional?: boolean;
}

/**
 * A page of a range: records `start .. start+records.length-1`.
 * @example for await (const page of client.addressPages(range)) save(page.start, page.addresses)
 */
export interface AddressPage {
  start: number;
  addresses: Address[];
}

/**
 * A page of records with the fields of list `F`.
 * @example for await (const page of client.addressPages({ seed: 42, count: 5000, fields: ['email'] })) save(page.addresses)
 */
export interface FieldsPage<F extends FieldList> {
  start: number;
  addresses: FieldRecord<F>[];
}

/** A page of EINs. */
export interface EinPage {
  start: number;
  eins: EinResult[];
}

/** A page of phone numbers. */
export interface PhonePage {
  start: number;
  phones: PhoneResult[];
}

/** Where a kind of record is paged: the path and the list's name in its answer. */
interface PagedKind {
  path: 'v1/batch' | 'v1/eins' | 'v1/phones';
  list: 'addresses' | 'eins' | 'phones';
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
 * Yields a range of `kind` as pages in order, fetching up to `concurrency`
 * pages ahead of the consumer (so memory stays at a few pages for any
 * count). Breaking out of the loop, or an error, cancels the pages in flight.
 */
async function* recordPages<R>(
  options: ResolvedClientOptions,
  kind: PagedKind,
  range: RangeOptions,
  query: Query,
): AsyncGenerator<{ start: number; records: R[] }, void, undefined> {
  const seed = seedOption(range.seed);
  if (seed === undefined)
    throw invalidOption(
      'seed',
      'seed is required to page a stream (every page must name the same one): 1 to 256 printable ASCII characters or a finite number',
    );
  const first = wholeNumberOption('start', range.start, 0, Number.MAX_SAFE_INTEGER, 0);
  // The library's range rule: the last record, start + count - 1, is at most 2^53 - 1.
  const count = wholeNumberOption('count', range.count, 0, Number.MAX_SAFE_INTEGER - first + 1, 0);
  const pageSize = wholeNumberOption('pageSize', range.pageSize, 1, API_MAX_BATCH, API_MAX_BATCH);
  range.signal?.throwIfAborted();
  const controller = new AbortController();
  const unlink = follow(controller, range.signal);
  const end = first + count;
  let next = first;
  const inFlight: { start: number; page: Promise<R[]> }[] = [];
  const fetchPage = async (start: number, size: number): Promise<R[]> => {
    const answer = await apiGet<Record<string, unknown>>(
      options,
      kind.path,
      { ...query, seed, start, count: size },
      controller.signal,
    );
    const records = answer?.[kind.list];
    if (!Array.isArray(records) || records.length !== size) {
      throw new UssynthApiError({
        code: 'unexpected_response',
        message: `/${kind.path} answered ${Array.isArray(records) ? records.length : 'no'} ${kind.list} for a page of ${size}`,
        status: 200,
      });
    }
    return records as R[];
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
      const records = await page;
      if (next < end) launch();
      yield { start, records };
    }
  } finally {
    // Pages nobody will read any more (the consumer stopped, or a page failed) stop here.
    if (inFlight.length > 0) controller.abort(new DOMException(`the ${kind.list} range was abandoned`, 'AbortError'));
    unlink();
  }
}

/**
 * Yields a range of addresses as pages of `/v1/batch`, in order.
 * @example for await (const page of addressPages(options, { seed: 42, count: 1_000_000 })) write(page.addresses)
 */
export async function* addressPages(
  options: ResolvedClientOptions,
  range: AddressesOptions,
): AsyncGenerator<AddressPage, void, undefined> {
  for await (const { start, records } of recordPages<Address>(options, { path: 'v1/batch', list: 'addresses' }, range, {
    state: range.state,
    fictional: range.fictional,
    geo: range.geo,
    fields: fieldsQuery(range.fields),
  })) {
    yield { start, addresses: records };
  }
}

/**
 * Yields a range of EINs as pages of `/v1/eins`, in order.
 * @example for await (const page of einPages(options, { seed: 42, count: 50_000 })) write(page.eins)
 */
export async function* einPages(
  options: ResolvedClientOptions,
  range: RangeOptions,
): AsyncGenerator<EinPage, void, undefined> {
  for await (const { start, records } of recordPages<EinResult>(options, { path: 'v1/eins', list: 'eins' }, range, {}))
    yield { start, eins: records };
}

/**
 * Yields a range of phone numbers as pages of `/v1/phones`, in order.
 * @example for await (const page of phonePages(options, { seed: 42, count: 5000, state: 'NY' })) write(page.phones)
 */
export async function* phonePages(
  options: ResolvedClientOptions,
  range: PhonesOptions,
): AsyncGenerator<PhonePage, void, undefined> {
  for await (const { start, records } of recordPages<PhoneResult>(
    options,
    { path: 'v1/phones', list: 'phones' },
    range,
    { state: range.state, fictional: range.fictional },
  )) {
    yield { start, phones: records };
  }
}
