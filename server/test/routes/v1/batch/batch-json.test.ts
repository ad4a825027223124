import { describe, expect, it } from 'vitest';
import { createGenerator, type Address } from 'ussynth';
import { batchBody } from '../../../../src/routes/v1/batch/batch-body.js';
import { batchJson } from '../../../../src/routes/v1/batch/batch-json.js';

const stringified = (count: number, addresses: readonly object[]): string => JSON.stringify({ count, addresses });
const text = (bytes: Uint8Array): string => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

describe('batchJson', () => {
  it('writes the bytes JSON.stringify gives for default pages of every state, seed, phone kind and range', () => {
    const seeds = ['json', '42', 'a seed with spaces'];
    const states = [undefined, 'PR', 'DC', 'NY', 'TX', 'AK', 'VI', 'GU'];
    let pages = 0;
    for (const seed of seeds) {
      for (const fictional of [false, true]) {
        const generator = createGenerator({ seed, fictionalPhones: fictional });
        for (const state of states) {
          for (const [start, count] of [
            [0, 1000],
            [987_654_321, 37],
            [9_007_199_254_740_000, 992],
          ]) {
            const addresses = generator.addresses({ start, count, state });
            expect(text(batchJson(count, addresses, true)), `${seed} ${fictional} ${state} ${start}`).toBe(
              stringified(count, addresses),
            );
            // The route's path: the job (no geo, no fields) says the page has the default shape.
            expect(
              text(batchBody({ seed, fictional, start, count, state }, generator)),
              `${seed} ${fictional} ${state} ${start}`,
            ).toBe(stringified(count, addresses));
            pages++;
          }
        }
      }
    }
    expect(pages).toBe(3 * 2 * 8 * 3);
  });

  it('gives geo and fields pages, and empty ones, to JSON.stringify: the same bytes', () => {
    const generator = createGenerator({ seed: 'json' });
    const job = { seed: 'json', fictional: false, start: 10, count: 200 };
    const geo = generator.addresses({ start: 10, count: 200, geo: true });
    expect(text(batchBody({ ...job, geo: true }))).toBe(stringified(200, geo));
    for (const fields of [
      'id=uuid,name,lat,birthDate,email',
      // The same fields in another order: JSON.stringify keeps the order asked.
      'street,name,city,state,zip,phone,email,country',
      // The default keys in the default order, one of them a number: only the job, not the keys, tells it from a default page.
      'name=index,street,city,state,zip,phone,email,country',
    ]) {
      const page = generator.addresses({ start: 10, count: 200, fields: fields.split(',') });
      expect(text(batchBody({ ...job, fields })), fields).toBe(stringified(200, page));
    }
    expect(text(batchJson(0, [], false))).toBe(stringified(0, []));
  });

  it('writes characters beyond ASCII as UTF-8, and grows its space for pages larger than it holds', () => {
    // JSON-plain text of every UTF-8 length (1 to 4 bytes, a surrogate pair among them), in records of the default shape.
    const record = (i: number): Address => ({
      name: `Peña Ærø ${i}`,
      street: `${i} Straße 東京 😀`,
      city: 'Mayagüez',
      state: 'PR',
      zip: '00680',
      phone: '(787) 555-0100',
      email: `x${i}@example.com`,
      country: 'United States',
    });
    const big = Array.from({ length: 6000 }, (_, i) => record(i));
    expect(text(batchJson(big.length, big, true))).toBe(stringified(big.length, big));
    // And a small page after it, from the grown space.
    const small = [record(1), record(2)];
    expect(text(batchJson(2, small, true))).toBe(stringified(2, small));
  });

  it('returns bytes in an ArrayBuffer of their own, which a worker can transfer', () => {
    const addresses = createGenerator({ seed: 'json' }).addresses({ count: 100 });
    const first = batchJson(100, addresses, true);
    expect(first.byteOffset).toBe(0);
    expect(first.buffer.byteLength).toBe(first.byteLength);
    // A later page does not overwrite an earlier one, transferred or not.
    const copy = Buffer.from(first);
    structuredClone(first, { transfer: [first.buffer as ArrayBuffer] });
    const second = batchJson(100, createGenerator({ seed: 'other' }).addresses({ count: 100 }), true);
    expect(text(second)).not.toBe(copy.toString('utf8'));
    expect(text(batchJson(100, addresses, true))).toBe(copy.toString('utf8'));
  });
});
