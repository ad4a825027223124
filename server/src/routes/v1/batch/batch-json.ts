import { ADDRESS_FIELDS, defaultIndex } from 'ussynth';
import { plainJsonObjectWriter, type PlainObjectWriter } from 'ussynth/records';

/** A default address as the writer reads it: its eight fields, each a string. */
type TextAddress = Parameters<PlainObjectWriter>[0];

/** The address kind's writer of a default address (the library's `ADDRESS_FIELDS`) as JSON-plain text (`ussynth/records`): the same text as `JSON.stringify`. */
const writeAddress = plainJsonObjectWriter(ADDRESS_FIELDS)!;

/**
 * The JSON of a batch answer, `{ count, addresses }`, as UTF-8 bytes with an
 * ArrayBuffer of their own (a worker thread hands it over without a copy):
 * byte for byte what `JSON.stringify({ count, addresses })` gives.
 * `defaultShape` says the page was made without `geo` and without `fields`
 * (the caller knows from the job; the keys alone cannot tell, since a
 * `fields` page may rename a number to `name`): such a page, when the
 * shipped index's text is JSON-plain (no quote, backslash or control
 * character, `jsonPlainText`, and so is what the generator makes of it with
 * digits, spaces and its e-mail domains), is written straight into bytes,
 * one string per record, at about 0.6 of the cost of `JSON.stringify` +
 * `TextEncoder` (docs/benchmarks.md); any other page goes through those two.
 * @example new TextDecoder().decode(batchJson(1, createGenerator({ seed: 1 }).addresses({ count: 1 }), true))
 */
export function batchJson(count: number, addresses: readonly object[], defaultShape: boolean): Uint8Array {
  return defaultShape && defaultIndex().jsonPlainText
    ? plainBatchJson(count, addresses as readonly TextAddress[])
    : ENCODER.encode(JSON.stringify({ count, addresses }));
}

/** Where the records are written, reused (the writing is synchronous; each worker thread has its own); grown when a page needs more. */
let scratch: Buffer = Buffer.allocUnsafeSlow(256 * 1024);

function plainBatchJson(count: number, addresses: readonly TextAddress[]): Uint8Array {
  let at = scratch.write(`{"count":${count},"addresses":[`, 0);
  for (let i = 0; i < addresses.length; i++) {
    const text = (i === 0 ? '' : ',') + writeAddress(addresses[i]);
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
