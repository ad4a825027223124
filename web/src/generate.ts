import { createGenerator, parseFieldList, type BirthIndex, type DataIndex, type GeoIndex } from '../../src/browser.js';
import type { DemoKind, DemoRequest } from './demo-request.js';

/** A column of the results table and of the CSV: the record's key and its heading. */
export interface DemoColumn {
  key: string;
  label: string;
}

/** Columns per kind, in the order of the service interface's resource fields. */
export const DEMO_COLUMNS: Readonly<Record<DemoKind, readonly DemoColumn[]>> = {
  address: addressColumns(),
  batch: addressColumns(),
  ein: [{ key: 'ein', label: 'EIN' }],
  phone: [
    { key: 'phone', label: 'Phone' },
    { key: 'intl', label: 'International' },
  ],
  zip: [
    { key: 'zip', label: 'ZIP' },
    { key: 'state', label: 'State' },
    { key: 'stateFull', label: 'State name' },
    { key: 'city', label: 'City' },
  ],
};

function addressColumns(): DemoColumn[] {
  return [
    { key: 'name', label: 'Name' },
    { key: 'street', label: 'Street' },
    { key: 'city', label: 'City' },
    { key: 'state', label: 'State' },
    { key: 'zip', label: 'ZIP' },
    { key: 'phone', label: 'Phone' },
    { key: 'email', label: 'Email' },
    { key: 'country', label: 'Country' },
  ];
}

/** The columns `geo` adds after the others. */
export const GEO_DEMO_COLUMNS: readonly DemoColumn[] = [
  { key: 'lat', label: 'Latitude' },
  { key: 'lon', label: 'Longitude' },
  { key: 'county', label: 'County' },
  { key: 'countyFips', label: 'County FIPS' },
  { key: 'timeZone', label: 'Time zone' },
];

/**
 * The columns of a request's result: its kind's, and the geographic ones with geo.
 * @example demoColumns({ kind: 'batch', geo: true, ... }).length // 13
 */
export function demoColumns(request: Pick<DemoRequest, 'kind' | 'geo' | 'fields'>): readonly DemoColumn[] {
  // With fields, the columns are the names asked for, as the CLI's header.
  if (request.fields !== undefined)
    return parseFieldList(request.fields).map(({ column }) => ({ key: column, label: column }));
  return request.geo ? [...DEMO_COLUMNS[request.kind], ...GEO_DEMO_COLUMNS] : DEMO_COLUMNS[request.kind];
}

// Table and CSV cells are text: numbers (lat, lon) as JavaScript writes them, null (a military ZIP's geography) as empty.
function rowOf(record: object): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/** What one generation produced. */
export interface DemoResult {
  /** The request as run (its count possibly trimmed by the free tier). */
  request: DemoRequest;
  /**
   * The seed used, given or picked: enough to reproduce the result. Undefined for a ZIP lookup, which reads the
   * index and draws nothing at random, so no seed is picked or shown.
   */
  seed: string | undefined;
  /** The records as table rows (empty for an unknown ZIP). */
  records: Record<string, string>[];
  /** The result in the service interface's shapes, as copied and downloaded. */
  json: unknown;
}

/**
 * Runs a request on a fresh generator, so a seed and options give exactly
 * what `createGenerator({ seed }).batch(...)` (and so on) gives in Node:
 * `address` is `address({state})`, `batch` is `batch({count, state})`,
 * `ein`/`phone` are `count` calls of `ein()`/`phone({state})` and `zip` is
 * `zip(code)` (which has no seed), each with `geo` when the request has it (then `geoIndex` is needed), and
 * `address`/`batch` with `fields` when it has them (`geoIndex` for geo fields,
 * `birthIndex` for birthDate). Throws the library's UssynthError for bad input.
 * @example runDemo(index, { kind: 'batch', seed: '42', count: 10, state: 'CA', zip: '' }).records.length // 10
 */
export function runDemo(
  index: DataIndex,
  request: DemoRequest,
  geoIndex?: GeoIndex,
  birthIndex?: BirthIndex,
): DemoResult {
  const generator = createGenerator(
    request.seed === undefined ? { index, geoIndex, birthIndex } : { index, geoIndex, birthIndex, seed: request.seed },
  );
  const state = request.state;
  const geo = request.geo === true;
  const seed = generator.seed;
  const fields = request.fields;
  if (fields !== undefined && request.kind === 'address') {
    const record = generator.address({ state, fields });
    return { request, seed, records: [rowOf(record)], json: record };
  }
  if (fields !== undefined && request.kind === 'batch') {
    const batch = generator.batch({ count: request.count, state, fields });
    return { request, seed, records: batch.addresses.map(rowOf), json: batch };
  }
  switch (request.kind) {
    case 'address': {
      const address = generator.address({ state, geo });
      return { request, seed, records: [rowOf(address)], json: address };
    }
    case 'batch': {
      const batch = generator.batch({ count: request.count, state, geo });
      return { request, seed, records: batch.addresses.map(rowOf), json: batch };
    }
    case 'ein': {
      const eins = Array.from({ length: request.count }, () => generator.ein());
      return { request, seed, records: eins.map((e) => ({ ...e })), json: eins };
    }
    case 'phone': {
      const phones = Array.from({ length: request.count }, () => generator.phone({ state }));
      return { request, seed, records: phones.map((p) => ({ ...p })), json: phones };
    }
    case 'zip': {
      const found = generator.zip(request.zip, { geo });
      return { request, seed: undefined, records: found ? [rowOf(found)] : [], json: found };
    }
  }
}
