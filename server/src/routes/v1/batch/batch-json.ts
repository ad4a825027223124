import { defaultIndex, type Address } from 'ussynth';

/**
 * The JSON of a batch answer, `{ count, addresses }`, as UTF-8 bytes with an
 * ArrayBuffer of their own (a worker thread hands it over without a copy):
 * byte for byte what `JSON.stringify({ count, addresses })` gives.
 * Addresses of the default shape (the eight fields, no `geo`, no `fields`)
 * from a generator over the shipped index, as the server's are, are written
 * straight into bytes, one string per record: every string of that index is
 * JSON-plain (no quote, backslash or control character, `jsonPlainText`),
 * and so is what the generator makes of them with digits, spaces and its
 * e-mail domains, so nothing needs escaping. That costs about 0.63 of
 * `JSON.stringify` + `TextEncoder` (docs/benchmarks.md); any other page goes
 * through those two.
 * @example new TextDecoder().decode(batchJson(1, createGenerator({ seed: 1 }).addresses({ count: 1 })))
 */
export function batchJson(count: number, addresses: readonly object[]): Uint8Array {
  return isPlainAddressPage(addresses) ? plainBatchJson(count, addresses) : ENCODER.encode(JSON.stringify({ count, addresses }));
}

/**
 * Whether `batchJson` writes this page itself: the index's text is JSON-plain and the records have the default
 * shape, the fields in the order the library makes them (which `JSON.stringify` keeps).
 * @example isPlainAddressPage(createGenerator({ seed: 1 }).addresses({ count: 3 })) // true; with geo: true, false
 */
export function isPlainAddressPage(addresses: readonly object[]): addresses is readonly Address[] {
  // The library makes every record of a page with the same object literal: the first one's keys are every one's.
  return addresses.length > 0 && defaultIndex().jsonPlainText && sameKeys(Object.keys(addresses[0]), ADDRESS_KEYS);
}

/** The fields of a default address in the library's order; a field added to Address and not listed here fails the typecheck. */
const ADDRESS_KEYS = Object.keys({ name: 0, street: 0, city: 0, state: 0, zip: 0, phone: 0, email: 0, country: 0 } satisfies Record<keyof Address, 0>);

function sameKeys(keys: readonly string[], expected: readonly string[]): boolean {
  return keys.length === expected.length && keys.every((key, i) => key === expected[i]);
}

/** Where the records are written, reused (the writing is synchronous; each worker thread has its own); grown when a page needs more. */
let scratch: Buffer = Buffer.allocUnsafeSlow(256 * 1024);

function plainBatchJson(count: number, addresses: readonly Address[]): Uint8Array {
  let at = scratch.write(`{"count":${count},"addresses":[`, 0);
  for (let i = 0; i < addresses.length; i++) {
    const a = addresses[i];
    const text = (i === 0 ? '{"name":"' : ',{"name":"') + a.name + '","street":"' + a.street + '","city":"' + a.city + '","state":"' + a.state + '","zip":"' + a.zip + '","phone":"' + a.phone + '","email":"' + a.email + '","country":"' + a.country + '"}';
    // A UTF-16 code unit takes at most 3 bytes of UTF-8; 2 more for the closing "]}".
    const room = 3 * text.length + 2;
    if (scratch.length - at < room) scratch = grown(scratch, at, room);
    at += scratch.write(text, at);
  }
  at += scratch.write(']}', at);
  // Exactly the body's size, in an ArrayBuffer of its own.
  const bytes = Buffer.allocUnsafeSlow(at);
  scratch.copy(bytes, 0, 0, at);
  return bytes;
}

/** A larger scratch holding the first `used` bytes of `old`, with at least `room` free after them. */
function grown(old: Buffer, used: number, room: number): Buffer {
  const next = Buffer.allocUnsafeSlow(Math.max(2 * old.length, used + room));
  old.copy(next, 0, 0, used);
  return next;
}

const ENCODER = new TextEncoder();
