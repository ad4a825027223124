import { describe, expect, it } from 'vitest';
import { createGenerator, type Address } from 'ussynth';
import { batchJson, isPlainAddressPage } from '../../../../src/routes/v1/batch/batch-json.js';

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
          for (const [start, count] of [[0, 1000], [987_654_321, 37], [9_007_199_254_740_000, 992]]) {
            const addresses = generator.addresses({ start, count, state });
            expect(isPlainAddressPage(addresses)).toBe(true);
            expect(text(batchJson(count, addresses)), `${seed} ${fictional} ${state} ${start}`).toBe(stringified(count, addresses));
            pages++;
          }
        }
      }
    }
    expect(pages).toBe(3 * 2 * 8 * 3);
  });

  it('gives geo and fields pages, and empty ones, to JSON.stringify: the same bytes', () => {
    const generator = createGenerator({ seed: 'json' });
    const geo = generator.addresses({ start: 10, count: 200, geo: true });
    const fields = generator.addresses({ start: 10, count: 200, fields: ['id=uuid', 'name', 'lat', 'birthDate', 'email'] });
    for (const page of [geo, fields, []]) {
      expect(isPlainAddressPage(page)).toBe(false);
      expect(text(batchJson(page.length, page))).toBe(stringified(page.length, page));
    }
    // The same fields in another order are not the default shape either: JSON.stringify keeps the order asked.
    const reordered = generator.addresses({ start: 0, count: 5, fields: ['street', 'name', 'city', 'state', 'zip', 'phone', 'email', 'country'] });
    expect(isPlainAddressPage(reordered)).toBe(false);
    expect(text(batchJson(5, reordered))).toBe(stringified(5, reordered));
  });

  it('writes characters beyond ASCII as UTF-8, and grows its space for pages larger than it holds', () => {
    // JSON-plain text of every UTF-8 length (1 to 4 bytes, a surrogate pair among them), in records of the default shape.
    const record = (i: number): Address => ({ name: `Peña Ærø ${i}`, street: `${i} Straße 東京 😀`, city: 'Mayagüez', state: 'PR', zip: '00680', phone: '(787) 555-0100', email: `x${i}@example.com`, country: 'United States' });
    const big = Array.from({ length: 6000 }, (_, i) => record(i));
    expect(isPlainAddressPage(big)).toBe(true);
    expect(text(batchJson(big.length, big))).toBe(stringified(big.length, big));
    // And a small page after it, from the grown space.
    const small = [record(1), record(2)];
    expect(text(batchJson(2, small))).toBe(stringified(2, small));
  });

  it('returns bytes in an ArrayBuffer of their own, which a worker can transfer', () => {
    const addresses = createGenerator({ seed: 'json' }).addresses({ count: 100 });
    const first = batchJson(100, addresses);
    expect(first.byteOffset).toBe(0);
    expect(first.buffer.byteLength).toBe(first.byteLength);
    // A later page does not overwrite an earlier one, transferred or not.
    const copy = Buffer.from(first);
    structuredClone(first, { transfer: [first.buffer as ArrayBuffer] });
    const second = batchJson(100, createGenerator({ seed: 'other' }).addresses({ count: 100 }));
    expect(text(second)).not.toBe(copy.toString('utf8'));
    expect(text(batchJson(100, addresses))).toBe(copy.toString('utf8'));
  });
});
