import { createGenerator, type DataIndex } from '../../src/browser.js';
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

/** What one generation produced. */
export interface DemoResult {
  /** The request as run (its count possibly trimmed by the free tier). */
  request: DemoRequest;
  /** The seed used, given or picked: enough to reproduce the result. */
  seed: string;
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
 * `zip(code)`. Throws the library's UssynthError for bad input.
 * @example runDemo(index, { kind: 'batch', seed: '42', count: 10, state: 'CA', zip: '' }).records.length // 10
 */
export function runDemo(index: DataIndex, request: DemoRequest): DemoResult {
  const generator = createGenerator(request.seed === undefined ? { index } : { index, seed: request.seed });
  const state = request.state;
  const seed = generator.seed;
  switch (request.kind) {
    case 'address': {
      const address = generator.address({ state });
      return { request, seed, records: [{ ...address }], json: address };
    }
    case 'batch': {
      const batch = generator.batch({ count: request.count, state });
      return { request, seed, records: batch.addresses.map((a) => ({ ...a })), json: batch };
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
      const found = generator.zip(request.zip);
      return { request, seed, records: found ? [{ ...found }] : [], json: found };
    }
  }
}
